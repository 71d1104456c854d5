import { z } from 'zod';
import { PRODUCT_ID } from '../product-ids';
import { timestampSchema } from './api-responses';
import { ratesOfSchema } from './account-responses';

// Listings on Amazon (issue 48): publishing an inventory's products as offers in the selling marketplace,
// the dry run before it, and keeping each offer's price and stock in step with the source.

/** How many products one publish or preview may name; without `product_ids`, the whole inventory. */
export const LISTINGS_PER_REQUEST = 10_000;

/** POST /api/inventories/:id/listings: a dry run (Amazon's validation preview) or the publish itself. */
export const listingsPublishSchema = z
  .object({
    product_ids: z
      .array(z.string().regex(PRODUCT_ID, 'validation.listings.productIds'), {
        error: 'validation.listings.productIds',
      })
      .min(1, 'validation.listings.productIds')
      .max(LISTINGS_PER_REQUEST, 'validation.listings.productIds')
      .optional(),
    mode: z.enum(['preview', 'publish'], { error: 'validation.listings.mode' }),
    /**
     * Put these products again although they are listed (live, pending, or taken and needing attention).
     * Never by default: a publish sends only products with no offer on Amazon. Explicit per product, so it
     * needs `product_ids`.
     */
    republish: z.boolean({ error: 'validation.listings.republish' }).optional(),
  })
  .strict()
  .refine((body) => !body.republish || body.product_ids !== undefined, {
    message: 'validation.listings.republish',
    path: ['republish'],
  });
export type ListingsPublishInput = z.input<typeof listingsPublishSchema>;

/**
 * PUT /api/inventories/:id/listings/sync: sync on or off; `paused` stops pushes without turning sync
 * off; `release_hold` lets a held run's price changes go (the safety hold asks the seller first).
 */
export const listingsSyncSchema = z
  .object({
    enabled: z.boolean({ error: 'validation.listings.enabled' }),
    paused: z.boolean({ error: 'validation.listings.paused' }).optional(),
    release_hold: z.boolean({ error: 'validation.listings.releaseHold' }).optional(),
  })
  .strict();
export type ListingsSyncInput = z.input<typeof listingsSyncSchema>;

/**
 * PUT /api/listings/pause: the account-wide switch. While on, nothing is written to the seller's Amazon
 * account from any inventory: no sync, publish, retry or removal (answer and body alike).
 */
export const listingsAccountPauseSchema = z
  .object({ paused: z.boolean({ error: 'validation.listings.accountPaused' }) })
  .strict();
export type ListingsAccountPause = z.output<typeof listingsAccountPauseSchema>;

/**
 * The seller's shipping templates in an inventory's selling marketplace (Amazon's Product Type Definitions
 * for `PRODUCT`, the `merchant_shipping_group` values) and the one the inventory's offers carry; null is
 * Amazon's default template.
 */
export const listingShippingTemplatesSchema = z.object({
  templates: z.array(z.object({ id: z.string(), name: z.string() })),
  selected: z.string().nullable(),
});
export type ListingShippingTemplates = z.output<typeof listingShippingTemplatesSchema>;

/** PUT /api/inventories/:id/listings/shipping-template: one of the seller's templates, or null for the default. */
export const listingShippingTemplateChoiceSchema = z
  .object({
    template_id: z
      .string({ error: 'validation.listings.shippingTemplate' })
      .trim()
      .min(1)
      .max(200)
      .nullable(),
  })
  .strict();
export type ListingShippingTemplateChoice = z.input<typeof listingShippingTemplateChoiceSchema>;

/**
 * What removing a listed product from an inventory does on Amazon: set the offer's quantity to 0 (the SKU
 * and its offer stay, and can come back with a one-attribute patch) or delete the listing.
 */
export const LISTING_REMOVAL_CHOICES = ['quantity_zero', 'delete'] as const;
export type ListingRemovalChoice = (typeof LISTING_REMOVAL_CHOICES)[number];
export const listingRemovalChoiceSchema = z.enum(LISTING_REMOVAL_CHOICES, {
  error: 'validation.listings.onAmazon',
});

/** `/api/inventories/:id/listings/:product_id/…`: the inventory and the listing's product. */
export const listingParamsSchema = z.object({
  id: z.uuid(),
  product_id: z.string().regex(PRODUCT_ID, 'validation.listings.productId'),
});

/**
 * POST …/listings/:product_id/retry (202): a listing Amazon never took is published again (`publish`, with
 * its run); one Amazon took gets its current price and quantity sent again (`push`).
 */
export const listingRetrySchema = z.object({
  product_id: z.string(),
  action: z.enum(['publish', 'push']),
  run_id: z.uuid().nullable(),
});
export type ListingRetry = z.output<typeof listingRetrySchema>;

/** One of Amazon's issues (the Listings Items API's `Issue`), in Amazon's words. */
export const listingIssueSchema = z.object({
  code: z.string(),
  message: z.string(),
  severity: z.enum(['ERROR', 'WARNING', 'INFO']),
  attribute_names: z.array(z.string()),
});
export type ListingIssue = z.output<typeof listingIssueSchema>;

/**
 * Why a product was not sent: Amazon restricts it for the seller, it has no price, or it is not available;
 * (issue 56) its source's lookup is older than the plan allows or Amazon did not answer for a side, another
 * of the seller's inventories lists it in this marketplace (one SKU, one offer), its first price is above
 * the sane ceiling (held), its supplier's pack differs from Amazon's or is unknown and the seller did not
 * confirm it (issue 62), or no dry run gave it a verdict; it is already listed (a re-publish is asked per
 * product), the safety hold holds its figures, the seller changed it in Seller Central and has not chosen
 * yet (drift), or its last push still waits on a feed.
 */
export const LISTING_LEFT_OUT_REASONS = [
  'restricted',
  'not_priced',
  'unavailable',
  'stale_source',
  'no_answer',
  'listed_elsewhere',
  'price_held',
  'pack_unconfirmed',
  'no_dry_run',
  'listed',
  'held',
  'drift',
  'in_flight',
] as const;
export type ListingLeftOutReason = (typeof LISTING_LEFT_OUT_REASONS)[number];
/** A first publish's highest price, as a multiple of the selling side's buy box (or the landed cost). */
export const PRICE_CEILING_DEFAULT = 3;

/** One product of a run: Amazon's verdict (VALID/INVALID for a preview, ACCEPTED/INVALID for a publish). */
export const listingRunResultSchema = z.object({
  product_id: z.string(),
  sku: z.string(),
  outcome: z.enum(['valid', 'invalid', 'accepted', 'left_out', 'failed']),
  left_out: z.enum(LISTING_LEFT_OUT_REASONS).nullable(),
  issues: z.array(listingIssueSchema),
  /**
   * The JSON_LISTINGS_FEED that carried the product (a large publish) and Amazon's processing status of it
   * when the run stopped following it; null or absent: a single call.
   */
  feed: z.object({ id: z.string(), status: z.string() }).nullable().optional(),
});
export type ListingRunResult = z.output<typeof listingRunResultSchema>;

/** Amazon's processing statuses of a feed that is not finished: the run's products wait on Amazon. */
export const FEED_WAITING_STATUSES = ['IN_QUEUE', 'IN_PROGRESS'] as const;

/** How many of a run's results one view carries (`results_page` pages through the rest). */
export const LISTING_RUN_RESULTS_PAGE = 100;

/** A run's products so far by outcome: how far it is, without carrying every product's verdict. */
export const listingRunCountsSchema = z.object({
  /** Products with a verdict or a reason so far (the run covers `total`). */
  checked: z.int().nonnegative(),
  valid: z.int().nonnegative(),
  invalid: z.int().nonnegative(),
  accepted: z.int().nonnegative(),
  left_out: z.int().nonnegative(),
  failed: z.int().nonnegative(),
});
export type ListingRunCounts = z.output<typeof listingRunCountsSchema>;

export const listingRunSchema = z.object({
  id: z.uuid(),
  mode: z.enum(['preview', 'publish']),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  created_at: timestampSchema,
  finished_at: timestampSchema.nullable(),
  /**
   * One page of the run's results in product order (`LISTING_RUN_RESULTS_PAGE`): by default only those that
   * need the seller's eye (refused, failed, left out); every outcome with `results=all`.
   */
  results: z.array(listingRunResultSchema),
  /** Which page `results` is and how many results match in all (the refusals, or every result). */
  results_page: z
    .object({ page: z.int().positive(), page_size: z.int().positive(), total: z.int().nonnegative() })
    .optional(),
  counts: listingRunCountsSchema.optional(),
  /** The products the run covers: its `counts.checked` while it runs is how far it is. */
  total: z.int().nonnegative(),
  /**
   * How the products went to Amazon: one Listings Items call each (`items`; every preview) or as
   * JSON_LISTINGS_FEEDs (`feed`, from 500 products); null until the run is finished.
   */
  via: z.enum(['items', 'feed']).nullable().optional(),
  /** The rates that priced what the run sends (the inventory's last update's), their source and day. */
  rates_of: ratesOfSchema.nullable().optional(),
  /**
   * The run's feeds, each with Amazon's processing status and how many products it carried; `waiting`: Amazon
   * had not finished it (IN_QUEUE, IN_PROGRESS) when the run stopped following it, so its listings stay pending.
   */
  feeds: z
    .array(
      z.object({ id: z.string(), status: z.string(), products: z.int().nonnegative(), waiting: z.boolean() }),
    )
    .optional(),
});
export type ListingRun = z.output<typeof listingRunSchema>;

export const LISTING_STATES = ['pending', 'live', 'needs_attention', 'removed'] as const;

/** The two figures sync keeps in step, as Amazon has them or as we last pushed them. */
const listingFiguresSchema = z.object({ price: z.number().nullable(), quantity: z.int().nullable() });

/** Which of a listing's figures: its price or its quantity. */
export const LISTING_FIELDS = ['price', 'quantity'] as const;

/**
 * A price or quantity changed in Seller Central since our last push, found when sync read the listing back
 * before pushing: Amazon's figures and ours, and which differ. Nothing is pushed to the listing until the
 * seller decides (`POST …/listings/:product_id/drift`).
 */
export const listingDriftSchema = z.object({
  at: timestampSchema,
  amazon: listingFiguresSchema,
  ours: listingFiguresSchema,
  fields: z.array(z.enum(LISTING_FIELDS)),
});
export type ListingDrift = z.output<typeof listingDriftSchema>;

/**
 * POST /api/inventories/:id/listings/:product_id/drift: `overwrite` sends ours at the next sync; `keep_amazon`
 * keeps Amazon's figures that differ and sync leaves them alone from then on (a quantity still goes to 0
 * when the source sells out), until the seller chooses `overwrite`.
 */
export const listingDriftChoiceSchema = z
  .object({ choice: z.enum(['overwrite', 'keep_amazon'], { error: 'validation.listings.driftChoice' }) })
  .strict();
export type ListingDriftChoice = z.input<typeof listingDriftChoiceSchema>;

export const listingSchema = z.object({
  product_id: z.string(),
  sku: z.string(),
  marketplace_id: z.string(),
  state: z.enum(LISTING_STATES),
  price: z.number().nullable(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  quantity: z.int().nullable(),
  pushed_at: timestampSchema.nullable(),
  issues: z.array(listingIssueSchema),
  /** Seller Central changed the listing: sync waits for the seller's choice. */
  drift: listingDriftSchema.nullable(),
  /** The figures the seller chose to keep as Amazon has them; sync does not push them. */
  kept_from_amazon: z.array(z.enum(LISTING_FIELDS)),
});
export type Listing = z.output<typeof listingSchema>;

/**
 * An "Auto" parity an inventory update moved by more than the hold's limit (the rates behind it changed,
 * as when the placeholder table gave way to the ECB's): from and to, and the rates' source and day.
 */
export const parityJumpSchema = z.object({
  from: z.number(),
  to: z.number(),
  source: z.string(),
  as_of: z.string(),
});
export type ParityJump = z.output<typeof parityJumpSchema>;

/** A run held by the safety rail: how many listings' prices would have moved by more than the limit. */
export const listingHoldSchema = z.object({
  at: timestampSchema,
  changed: z.int().nonnegative(),
  total: z.int().nonnegative(),
  /** Quantities the held run would take to 0, and bring back from 0 (issue 56: the hold counts them too). */
  zeroed: z.int().nonnegative().optional(),
  restocked: z.int().nonnegative().optional(),
  /** The inventory's Auto parity moved this far since its prices were listed: why they move. */
  parity: parityJumpSchema.optional(),
});

/** Listings one view page may carry. */
export const LISTINGS_PAGE_SIZE_MAX = 100;
export const LISTINGS_PAGE_SIZE = 50;

const queryFlag = (key: string) => z.enum(['true', 'false'], { error: key }).transform((v) => v === 'true');

/**
 * GET /api/inventories/:id/listings?page=&page_size=&state=&attention=&held=&results=&results_page=: one
 * page of the inventory's listings in product order, filtered by state, by those that need the seller
 * (`attention`: Amazon refused or flagged them, or Seller Central changed them) and by those sync holds
 * back for the seller's choice (`held`: changed in Seller Central); and one page of the last run's results.
 */
export const listingsViewQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'validation.paging.page' })
      .int('validation.paging.page')
      .min(1, 'validation.paging.page')
      .default(1),
    page_size: z.coerce
      .number({ error: 'validation.paging.perPage' })
      .int('validation.paging.perPage')
      .min(1, 'validation.paging.perPage')
      .max(LISTINGS_PAGE_SIZE_MAX, 'validation.paging.perPage')
      .default(LISTINGS_PAGE_SIZE),
    state: z.enum(LISTING_STATES, { error: 'validation.listings.state' }).optional(),
    attention: queryFlag('validation.listings.flag').optional(),
    held: queryFlag('validation.listings.flag').optional(),
    results: z.enum(['refusals', 'all'], { error: 'validation.listings.results' }).default('refusals'),
    results_page: z.coerce
      .number({ error: 'validation.paging.page' })
      .int('validation.paging.page')
      .min(1, 'validation.paging.page')
      .default(1),
  })
  .strict();
export type ListingsViewQuery = z.input<typeof listingsViewQuerySchema>;
export type ListingsViewFilters = z.output<typeof listingsViewQuerySchema>;

/** How many of the inventory's listings are in each state, and need the seller or are held. */
export const listingCountsSchema = z.object({
  all: z.int().nonnegative(),
  pending: z.int().nonnegative(),
  live: z.int().nonnegative(),
  needs_attention: z.int().nonnegative(),
  removed: z.int().nonnegative(),
  attention: z.int().nonnegative(),
  held: z.int().nonnegative(),
});
export type ListingCounts = z.output<typeof listingCountsSchema>;

/** GET /api/inventories/:id/listings. */
export const listingsViewSchema = z.object({
  sync: z.object({
    enabled: z.boolean(),
    paused: z.boolean(),
    /** The account-wide pause: nothing of any inventory is pushed while it is on. */
    account_paused: z.boolean(),
    hold: listingHoldSchema.nullable(),
  }),
  /** One page of the listings that match the filters, in product order. */
  listings: z.array(listingSchema),
  /** Which page `listings` is, and how many listings match the filters in all. */
  page: z
    .object({ page: z.int().positive(), page_size: z.int().positive(), total: z.int().nonnegative() })
    .optional(),
  counts: listingCountsSchema.optional(),
  last_run: listingRunSchema.nullable(),
});
export type ListingsView = z.output<typeof listingsViewSchema>;

/** One push of a listing's history. */
export const listingPushSchema = z.object({
  old_price: z.number().nullable(),
  new_price: z.number().nullable(),
  old_quantity: z.int().nullable(),
  new_quantity: z.int().nullable(),
  reason: z.string(),
  status: z.string(),
  submission_id: z.string().nullable(),
  at: timestampSchema,
});
export const listingHistorySchema = z.object({ pushes: z.array(listingPushSchema) });
export type ListingHistory = z.output<typeof listingHistorySchema>;
