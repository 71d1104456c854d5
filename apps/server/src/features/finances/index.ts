// Money received (issue 61): what other features may use.
export { financeJobs } from './jobs';
export { readFinances, type FinancesDeps } from './read-finances';
export { recordEstimate, type OrderEstimate } from './record-estimate';
export { registerMoneyRoutes } from './routes';
