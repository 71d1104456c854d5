import { createHash } from 'node:crypto';

/**
 * The sandbox's seller id for a user: stable per user and never secret. The sandbox store, orders and
 * finances file everything under it, and the sandbox consent page connects it, so one user's sandbox
 * listings, orders and money are never another's, connected or not.
 */
export const sandboxSellerId = (userId: string) =>
  `ASANDBOX${createHash('sha256').update(userId).digest('hex').slice(0, 10).toUpperCase()}`;
