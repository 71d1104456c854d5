// What other features use of money: the orders drawer's button opening an order's estimate against its
// actual (the page is the router's).
export { OrderMoneyButton } from './components/order-money-drawer';
export { moneyKeys } from './api/money';
