import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  LaneSettings,
  LookupAccountKind,
  RateSourceName,
  ReportLane,
  PricingSettings,
} from '@crossmarket/domain';

const tz = { withTimezone: true } as const;
/** The creation time every table keeps (the other schema files share it). */
export const createdAt = () => timestamp('created_at', tz).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', tz)
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// better-auth's core tables (user, session, account, verification), in its field names.
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The console's users list pages by sign-up date and finds a piece of an e-mail (pg_trgm, 0021).
  (t) => [
    index('user_created_at_idx').on(t.createdAt),
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId), index('session_expires_at_idx').on(t.expiresAt)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', tz),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', tz),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('verification_identifier_idx').on(t.identifier),
    index('verification_expires_at_idx').on(t.expiresAt),
  ],
);

export const plans = pgTable('plans', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  visible: boolean('visible').notNull(),
  sortOrder: integer('sort_order').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  dailyReportQuota: integer('daily_report_quota').notNull(),
  inventoryQuota: integer('inventory_quota').notNull(),
  sendLimit: integer('send_limit').notNull(),
  bestSeller: boolean('best_seller').notNull().default(false),
  /** The payment provider's price id (Stripe price, or the sandbox's own). */
  priceId: text('price_id'),
  points: jsonb('points')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export const userData = pgTable(
  'user_data',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    suspended: boolean('suspended').notNull().default(false),
    /** `operator` opens the console (/admin); see decisions for why this is ours, not better-auth's admin plugin. */
    role: text('role').$type<'seller' | 'operator'>().notNull().default('seller'),
    /** When an operator withdrew the role: ADMIN_EMAILS no longer grants it (features/auth/operators.ts). */
    operatorWithdrawnAt: timestamp('operator_withdrawn_at', tz),
    welcomeDone: boolean('welcome_done').notNull().default(false),
    /** Stops every inventory's pushes to Amazon at once (issue 48), whatever each inventory says. */
    listingsPaused: boolean('listings_paused').notNull().default(false),
    planCode: text('plan_code')
      .notNull()
      .default('F')
      .references(() => plans.code),
    subscriptionId: text('subscription_id'),
    subscriptionEnd: timestamp('subscription_end', tz),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The console's "suspended" filter: few rows, found without reading every account.
  (t) => [
    index('user_data_suspended_idx')
      .on(t.userId)
      .where(sql`${t.suspended}`),
  ],
);

export interface Questionnaire {
  how_long: string;
  work_model: string;
  connection_type: string;
  which_software: string;
}

export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  secondName: text('second_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  address: text('address'),
  country: text('country'),
  state: text('state'),
  city: text('city'),
  postalCode: text('postal_code'),
  commLang: text('comm_lang').notNull().default('en'),
  autopay: boolean('autopay').notNull().default(true),
  qs: jsonb('qs').$type<Questionnaire>(),
  updatedAt: updatedAt(),
});

type RegionLists = Record<string, string[]>;
const regionLists = (name: string) =>
  jsonb(name)
    .$type<RegionLists>()
    .notNull()
    .default(sql`'{}'::jsonb`);

export const userBannedContents = pgTable('user_banned_contents', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  pids: regionLists('pids'),
  brands: regionLists('brands'),
  keywords: regionLists('keywords'),
  updatedAt: updatedAt(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every server process (sign-in, sign-up and mail-sending routes). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', tz).notNull(),
  count: integer('count').notNull(),
});

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    type: text('type').notNull().default('product-analysis'),
    fromMarketplace: text('from_marketplace').notNull().default('amazon'),
    toMarketplace: text('to_marketplace').notNull().default('amazon'),
    fromCountry: text('from_country').notNull(),
    toCountry: text('to_country').notNull(),
    size: integer('size'),
    doneSize: integer('done_size').notNull().default(0),
    finalized: boolean('finalized').notNull().default(false),
    content: text('content').array().notNull(),
    skus: jsonb('skus').$type<Record<string, string>>(),
    /** The user's pricing settings; null until they save some (settings-dependent filters wait for it). */
    settings: jsonb('settings').$type<PricingSettings>(),
    /**
     * The name of the inventory whose settings the seller chose to price the report with ("Price with" of
     * the Create New Report drawer), as it was then; null for the defaults, and again once settings are
     * saved on the report.
     */
    pricedWith: text('priced_with'),
    /**
     * The lane the rows are priced with (issue 45): taken at creation and when settings are saved, so the
     * figures do not move when the seller edits the lane. Null on reports from before lanes: the
     * specification's formula, until their settings are saved.
     */
    lane: jsonb('lane').$type<ReportLane>(),
    /** Option lists of the filters (selling-side categories and sales-rank categories), set when finalized. */
    facets: jsonb('facets').$type<{ categories: string[]; bsr_categories: string[] }>(),
    /** The exchange rates (units per USD) the report was priced with, taken when it was created. */
    parityRates: jsonb('parity_rates').$type<Record<string, number>>(),
    /** Where those rates come from (`ecb`, `ecb-shipped`, `fixed`) and their day; null on older reports. */
    ratesSource: text('rates_source').$type<RateSourceName>(),
    ratesAsOf: text('rates_as_of'),
    createdAt: createdAt(),
    finishAt: timestamp('finish_at', tz),
    /** Why the report was cancelled (for operators; the user sees the Cancelled status). */
    failure: text('failure'),
    /** Products Amazon did not answer for (either side `noanswer`), counted when the report finishes. */
    noAnswerCount: integer('no_answer_count').notNull().default(0),
    /** Products whose every lookup came from the lookup cache (as each batch is first written). */
    cachedCount: integer('cached_count').notNull().default(0),
    /** Whose Amazon authorisation each side uses (`own` or `shared`), decided when the report is created. */
    amazonAccounts: jsonb('amazon_accounts').$type<{ from: LookupAccountKind; to: LookupAccountKind }>(),
    /** While processing: the worker's estimate of the finish, from its measured pace. */
    estimatedFinishAt: timestamp('estimated_finish_at', tz),
    /**
     * Moves whenever the rows' prices change (settings saved, a product's own rates set), so a cached
     * filter result (features/analysis/filter-cache.ts) made before is never served after.
     */
    resultsVersion: integer('results_version').notNull().default(0),
    /** The listing restriction phase after the lookups (RestrictionPhase); null where there is none. */
    restrictionsState: text('restrictions_state'),
    /** Products the phase checks (found in the selling country), and how many it has answers for. */
    restrictionsTotal: integer('restrictions_total').notNull().default(0),
    restrictionsChecked: integer('restrictions_checked').notNull().default(0),
    /** When the phase last moved: a phase that stops moving is queued again (nothing lost on a crash). */
    restrictionsAt: timestamp('restrictions_at', tz),
    /**
     * A supplier price list report (issue 62): the list its buying side comes from (null once the list is
     * deleted: the report keeps its rows), and when its lines were matched to the catalogue (content set).
     */
    supplierListId: uuid('supplier_list_id'),
    supplierMatchedAt: timestamp('supplier_matched_at', tz),
    /**
     * Its list's good lines (the match's progress counts against them; migration 0062), and how many
     * matched products the daily quota left out: the quota counts matched ASINs, not lines.
     */
    supplierLines: integer('supplier_lines'),
    supplierQuotaLeftOut: integer('supplier_quota_left_out').notNull().default(0),
  },
  (t) => [
    index('reports_user_created_idx').on(t.userId, t.createdAt),
    check(
      'reports_restrictions_state',
      sql`${t.restrictionsState} in ('waiting', 'checking', 'done', 'not_connected')`,
    ),
  ],
);

/** A seller's settings per lane (buying → selling country); a lane without a row uses the defaults. */
export const laneSettings = pgTable(
  'lane_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fromCountry: text('from_country').notNull(),
    toCountry: text('to_country').notNull(),
    settings: jsonb('settings').$type<LaneSettings>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fromCountry, t.toCountry] })],
);

export const filterSets = pgTable(
  'filter_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    filtersCount: integer('filters_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('filter_sets_user_idx').on(t.userId, t.createdAt)],
);
