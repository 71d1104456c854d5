// What other features use of the exchange rates.
export { latestRates, refreshRates, shippedRates } from './service';
