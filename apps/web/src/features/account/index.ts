// What other features may use of the account.
export { ME_KEY, useMe, type Me } from './api/use-me';
