// What other features may use of this one.
export { ensureAccountRows, loadAccount, loadAccountBySessionToken, usageOf, type AccountRow } from './repo';
