// What other features (the lookups that will use a seller's own authorisation) may use of this one.
export { loadSellerToken, markRevoked, tokenBoxFor } from './seller-token';
export { UnknownTokenKeyError, type TokenBox } from './token-box';
export { amazonJobs } from './jobs';
