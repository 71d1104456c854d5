import { randomBytes } from 'node:crypto';

/** Stripe-shaped ids: a prefix and 24 random characters (`cus_…`, `sub_…`, `in_…`, `pi_…`). */
export const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
export const newClientSecret = (intentId: string) =>
  `${intentId}_secret_${randomBytes(18).toString('base64url')}`;
