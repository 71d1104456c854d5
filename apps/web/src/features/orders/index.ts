// What the shell uses of orders: the sidebar's entry with its count (the pages are the router's).
export { OrdersNavLabel } from './components/orders-nav-label';
export { orderKeys } from './api/orders';
