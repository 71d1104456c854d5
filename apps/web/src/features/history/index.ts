// What other features use of a product's price and rank history (issue 49).
export { historyKeys } from './api/history';
export { PriceHistory, type HistoryCountries } from './components/price-history';
