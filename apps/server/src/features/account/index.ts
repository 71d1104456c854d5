// What other features may use of this one.
export { ensureAccountRows, loadAccount, usageOf, type AccountRow } from './repo';
