// The domain's messages on their own: a dynamic import of the domain's index would keep all of its
// exports, and split the chunks around it.
export { DOMAIN_MESSAGES } from '@crossmarket/domain';
