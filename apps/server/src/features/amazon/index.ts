// What other features (reports and inventory updates, which look up under a seller's own authorisation) may use.
export { loadSellerAuthorisation, loadSellerToken, markRevoked, tokenBoxFor } from './seller-token';
export {
  authorisationPolicy,
  authoriseLookups,
  createLookupAccounts,
  type AuthorisationPolicy,
} from './lookup-accounts';
export { ownerAccounts } from './owner-accounts';
export { UnknownTokenKeyError, type TokenBox } from './token-box';
export { amazonJobs } from './jobs';
export { ResealStoppedError, resealAllTokens, type ResealReport } from './reseal-all';
