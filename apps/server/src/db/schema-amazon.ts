import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './schema-core';

const tz = { withTimezone: true } as const;

/** Raw bytes (node-postgres reads bytea as a Buffer and writes a Buffer as one). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A seller's Amazon authorisation per SP-API region (na, eu, fe). The refresh token is kept only sealed
 * (AES-256-GCM: ciphertext, IV, tag, and the id of the key that sealed it, so keys can rotate); there is
 * no plaintext column. Deleting the account deletes it (cascade). `renew_by` is a year after consent,
 * when Amazon asks for a new one; `reminder_sent_at` makes the reminder a once-only mail.
 */
export const amazonConnections = pgTable(
  'amazon_connections',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    sellingPartnerId: text('selling_partner_id').notNull(),
    refreshTokenCiphertext: bytea('refresh_token_ciphertext').notNull(),
    refreshTokenIv: bytea('refresh_token_iv').notNull(),
    refreshTokenTag: bytea('refresh_token_tag').notNull(),
    keyId: text('key_id').notNull(),
    status: text('status').notNull().default('connected'),
    connectedAt: timestamp('connected_at', tz).notNull().defaultNow(),
    renewBy: timestamp('renew_by', tz).notNull(),
    revokedAt: timestamp('revoked_at', tz),
    reminderSentAt: timestamp('reminder_sent_at', tz),
    /**
     * Our marketplaces of the region the seller participates in (Sellers API), read at connect time; null
     * when not read (the sandbox, an older connection, or Amazon did not answer).
     */
    sellingCountries: text('selling_countries').array(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.region] }),
    check('amazon_connections_region_check', sql`${t.region} in ('na', 'eu', 'fe')`),
    check('amazon_connections_status_check', sql`${t.status} in ('connected', 'revoked')`),
  ],
);

/**
 * The `state` of each consent link we hand out: its SHA-256 only, bound to the user and region, usable
 * once within 10 minutes. A callback marks it used in the same statement that checks it.
 */
export const amazonOauthStates = pgTable(
  'amazon_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    usedAt: timestamp('used_at', tz),
  },
  (t) => [
    index('amazon_oauth_states_user_id_idx').on(t.userId),
    index('amazon_oauth_states_expires_at_idx').on(t.expiresAt),
    check('amazon_oauth_states_region_check', sql`${t.region} in ('na', 'eu', 'fe')`),
  ],
);

/**
 * Amazon's answers to "may this seller list this ASIN new here" (Listings Restrictions API), kept
 * LISTING_RESTRICTION_DAYS per user, selling partner, marketplace (its country code) and ASIN: a report, an
 * inventory update or a "Check again" asks Amazon only for what is missing or older. The user is part of
 * the key: the selling partner id comes back through the browser on consent, so an answer is read only by
 * the user whose authorisation asked for it.
 */
export const listingRestrictions = pgTable(
  'listing_restrictions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sellingPartnerId: text('selling_partner_id').notNull(),
    country: text('country').notNull(),
    asin: text('asin').notNull(),
    state: text('state').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    approvalUrl: text('approval_url'),
    checkedAt: timestamp('checked_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sellingPartnerId, t.country, t.asin] }),
    check('listing_restrictions_state', sql`${t.state} in ('can_list', 'approval_required', 'cannot_list')`),
    index('listing_restrictions_checked_idx').on(t.checkedAt),
  ],
);

/**
 * Amazon's fee estimates (Product Fees API) for selling an ASIN merchant-fulfilled, kept FEE_ESTIMATE_DAYS
 * per user, selling partner, marketplace and ASIN: the referral and closing fee at the price
 * asked (selling currency), which pricing re-uses at other prices (docs/decisions.md).
 */
export const feeEstimates = pgTable(
  'fee_estimates',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sellingPartnerId: text('selling_partner_id').notNull(),
    country: text('country').notNull(),
    asin: text('asin').notNull(),
    price: doublePrecision('price').notNull(),
    /** The shipping asked with the price (the referral fee is charged on both). */
    shipping: doublePrecision('shipping').notNull().default(0),
    referralFee: doublePrecision('referral_fee').notNull(),
    closingFee: doublePrecision('closing_fee').notNull(),
    /** The estimate's other fee lines, `[{ type, amount }]`, shown by name and not counted. */
    otherFees: jsonb('other_fees').$type<{ type: string; amount: number }[]>().notNull().default([]),
    estimatedAt: timestamp('estimated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sellingPartnerId, t.country, t.asin] }),
    check('fee_estimates_amounts', sql`${t.price} > 0 and ${t.referralFee} >= 0 and ${t.closingFee} >= 0`),
    index('fee_estimates_estimated_idx').on(t.estimatedAt),
  ],
);
