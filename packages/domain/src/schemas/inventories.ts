import { z } from 'zod';
import { reportRestrictionSchema } from '../listing-restrictions';
import type { PlanCode } from '../plans';
import { SIDE_STATUSES } from '../product';
import { PRODUCT_ID } from '../product-ids';
import { inventoryBuyingRegions, inventorySellingRegions, REGION_CODES, type RegionCode } from '../regions';
import { ratesOfSchema } from './account-responses';
import { listingRemovalChoiceSchema } from './listings';
import { inventoryFormSchema, settingsSchema } from './settings';

const codes = (regions: { code: RegionCode }[]) =>
  regions.map((r) => r.code) as [RegionCode, ...RegionCode[]];

/** Buying: regions with the inventory and buying roles; selling: the inventory and selling roles. */
export const INVENTORY_FROM_COUNTRIES = codes(inventoryBuyingRegions());
export const INVENTORY_TO_COUNTRIES = codes(inventorySellingRegions());

export const INVENTORY_STORE_ID_MAX = 40;
export const INVENTORY_PRODUCTS_PER_PAGE = 20;
export const INVENTORY_PRODUCTS_MAX_PER_PAGE = 100;

const fromCountry = z.enum(INVENTORY_FROM_COUNTRIES, { error: 'validation.inventory.country' });
const toCountry = z.enum(INVENTORY_TO_COUNTRIES, { error: 'validation.inventory.country' });

/** Optional; a blank field means no store ID, like null. */
const amazonStoreId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'validation.inventory.storeId' })
    .trim()
    .max(INVENTORY_STORE_ID_MAX, 'validation.inventory.storeId')
    .nullable()
    .optional(),
);

/** One of the user's filter sets (the server checks whose), or null for none. */
const filterId = z.uuid({ error: 'validation.inventory.filterId' }).nullable().optional();

/** The form's fields with the countries narrowed to the regions an inventory may use. */
const inventoryFields = inventoryFormSchema.extend({
  from_country: fromCountry,
  to_country: toCountry,
  amazon_store_id: amazonStoreId,
  filter_id: filterId,
});

type Countries = { from_country?: string; to_country?: string };

/**
 * "Countries should be different." on to_country, as on the report form. Checked even when other fields
 * fail, so a form shows it beside their messages, but not when a country is itself missing or unknown.
 */
const differentCountries = {
  message: 'validation.report.sameCountries',
  path: ['to_country'],
  // Not when the body itself is no object (a root issue): there are no countries to compare.
  when: (payload: { issues: { path?: PropertyKey[] }[] }) =>
    !payload.issues.some(
      (i) => !i.path?.length || i.path[0] === 'from_country' || i.path[0] === 'to_country',
    ),
};
const countriesDiffer = (v: Countries | null | undefined) =>
  typeof v !== 'object' || v === null || !v.from_country || v.from_country !== v.to_country;

/** POST /api/inventories. */
export const inventoryCreateSchema = inventoryFields.refine(countriesDiffer, differentCountries);
export type InventoryCreateInput = z.input<typeof inventoryCreateSchema>;
export type InventoryCreate = z.output<typeof inventoryCreateSchema>;

/**
 * PATCH /api/inventories/:id: any of the create fields, at least one. filter_id and amazon_store_id
 * null clear them; settings replace the stored ones whole. A single country is checked against the
 * stored other one by the server.
 */
export const inventoryUpdateSchema = inventoryFields
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'validation.inventory.nothingToUpdate',
  })
  .refine(countriesDiffer, differentCountries);
export type InventoryUpdateInput = z.input<typeof inventoryUpdateSchema>;
export type InventoryUpdate = z.output<typeof inventoryUpdateSchema>;

/** GET /api/inventories?to_country=xx (the report view loads the inventories of its selling country). */
export const inventoryListQuerySchema = z.object({ to_country: toCountry.optional() });

/** The filter set an inventory uses, as the list joins it. */
export const inventoryFilterSetSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  filters_count: z.int().nonnegative(),
});

/** How often a seller may ask for an inventory's update ("Update now"): once an hour. */
export const INVENTORY_UPDATE_INTERVAL_MINUTES = 60;

/**
 * "Update now" requests one user may make in an hour across all their inventories: every update runs on
 * the shared Amazon lane, and the hourly wait above is per inventory.
 */
export const INVENTORY_UPDATES_PER_HOUR = 10;

/**
 * Inventories a plan may hold (docs/decisions.md): a few per country pair and store at the small end,
 * growing with the plan's inventory quota. F (no plan bought) is locked out of inventories anyway.
 */
export const INVENTORY_LIMITS: Readonly<Record<PlanCode, number>> = {
  F: 5,
  S: 20,
  M: 30,
  L: 50,
  XL: 75,
  '2XL': 100,
  '3XL': 150,
};
export const inventoryLimitOf = (planCode: string): number =>
  INVENTORY_LIMITS[planCode as PlanCode] ?? INVENTORY_LIMITS.F;
export const INVENTORY_UPDATE_STATUSES = ['never', 'queued', 'running', 'done', 'failed'] as const;
export type InventoryUpdateStatus = (typeof INVENTORY_UPDATE_STATUSES)[number];

/**
 * The inventory's price and stock update: the daily job's or the last "Update now", its counts
 * (products looked up again, no longer available, priced differently than before) and when the seller
 * may ask again.
 */
export const inventoryUpdateStateSchema = z.object({
  status: z.enum(INVENTORY_UPDATE_STATUSES),
  /** When the last update finished; null before the first. */
  finished_at: z.iso.datetime().nullable(),
  updated: z.int().nonnegative(),
  unavailable: z.int().nonnegative(),
  price_changed: z.int().nonnegative(),
  /** Before this time "Update now" answers 429; null when it may be asked now. */
  next_manual_at: z.iso.datetime().nullable(),
  /** The rates the last update priced with, their source and day; null before an update kept them. */
  rates_of: ratesOfSchema.nullable(),
  /**
   * How many products one run refreshes (stalest first) within Amazon's allowance, shared fairly with
   * every other inventory; the inventory's whole count while the allowance suffices.
   */
  per_run: z.int().nonnegative(),
  /** When every product will have been refreshed once more at that pace; null without products. */
  refreshed_by: z.iso.datetime().nullable(),
  /**
   * Every product is looked up in full (lowest offers, sellers, catalogue facts) at least this often, in
   * days, within the allowance; between full lookups light checks re-price it.
   */
  full_lookup_max_days: z.int().positive(),
});
export type InventoryUpdateState = z.output<typeof inventoryUpdateStateSchema>;

/** One inventory as the API answers it (list, get, create and update alike). */
export const inventorySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  sell_type: z.literal('fbm'),
  from_country: z.enum(REGION_CODES),
  to_country: z.enum(REGION_CODES),
  from_marketplace: z.string(),
  to_marketplace: z.string(),
  amazon_store_id: z.string().nullable(),
  filter_id: z.uuid().nullable(),
  filter_set: inventoryFilterSetSchema.nullable(),
  settings: settingsSchema,
  created_at: z.iso.datetime(),
  products_count: z.int().nonnegative(),
  update: inventoryUpdateStateSchema,
});
export type Inventory = z.output<typeof inventorySchema>;

/** GET /api/inventories: newest first. */
export const inventoryListSchema = z.array(inventorySchema);
export type InventoryList = z.output<typeof inventoryListSchema>;

const UNAVAILABLE_STATUSES = SIDE_STATUSES.filter((s) => s !== 'ok');
/**
 * Why an inventory product is not available, by the side that says so: `cross_*` the buying country
 * (`cross_nostock`: nobody sells it there any more), `to_*` the selling country. A side the pricing still
 * prices (the selling side without stock: an open field) is no reason.
 */
export const INVENTORY_UNAVAILABLE_REASONS = [
  ...UNAVAILABLE_STATUSES.map((s) => `cross_${s}` as const),
  ...UNAVAILABLE_STATUSES.filter((s) => s !== 'nostock').map((s) => `to_${s}` as const),
];
export type InventoryUnavailableReason = (typeof INVENTORY_UNAVAILABLE_REASONS)[number];

/**
 * A supplier-fed product's pack that needs the seller's word (issue 62): Amazon's pack differs from the
 * supplier's, or Amazon does not state it. The buy price it implies is the unit cost times Amazon's quantity
 * (the supplier's pack when Amazon states none), in the list's currency (pack.ts `packPrice`); the list's
 * figures are null once the list, or its line, is gone.
 */
export const inventoryProductPackSchema = z.object({
  verdict: z.enum(['differs', 'unknown']),
  confirmed: z.boolean(),
  /** Units in the supplier's pack, as their list version says. */
  supplier_pack: z.int().positive().nullable(),
  /** Amazon's item package quantity; null when Amazon does not state it. */
  amazon_quantity: z.int().positive().nullable(),
  unit_cost: z.number().nullable(),
  buy_price: z.number().nullable(),
  currency: z.string().nullable(),
});
export type InventoryProductPack = z.output<typeof inventoryProductPackSchema>;

/**
 * A product of an inventory (the Inventory view's table): image and code, and what the last update
 * found — null before the product's first update.
 */
export const inventoryProductSchema = z.object({
  code: z.string(),
  image: z.string().nullable(),
  /** The selling country's title, else the buying country's; null when neither side has one. */
  title: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** Whether it can be listed fbm now (the export drawer's rule); null before its first update. */
  available: z.boolean().nullable(),
  /**
   * Why it is unavailable, when a side of the last update says so (e.g. the source sold out); null when
   * available, before the first update, or when only the pricing rules left it out.
   */
  unavailable_reason: z
    .enum(INVENTORY_UNAVAILABLE_REASONS as [InventoryUnavailableReason, ...InventoryUnavailableReason[]])
    .nullable(),
  /** The standard price in the selling country's currency, and the stock to list. */
  std_price: z.number().nullable(),
  stock: z.int().nullable(),
  /**
   * The landed cost in the selling country's currency and the profit at the standard price, as the last
   * pricing computed them; null before the first update, or when it could not price the product.
   */
  cost_in_tc: z.number().nullable(),
  std_profit: z.number().nullable(),
  updated_at: z.iso.datetime().nullable(),
  /** When its older side was last looked up in full; null before that was recorded. */
  full_lookup_at: z.iso.datetime().nullable(),
  /**
   * Whether the owner's Amazon account may list it in the selling country, as last checked (the daily
   * update re-checks answers older than a week); null when never checked or not connected there.
   */
  restriction: reportRestrictionSchema.nullable(),
  /** Bought from a supplier's list with a pack that differs from Amazon's or is unknown (issue 62). */
  pack: inventoryProductPackSchema.nullable().optional(),
});
export type InventoryProduct = z.output<typeof inventoryProductSchema>;

/** POST /api/inventories/:id/products/:product_id/confirm-pack: the seller confirms a supplier pack. */
export const inventoryConfirmPackSchema = z
  .object({
    /**
     * Amazon's quantity the seller saw in the confirmation (null: Amazon does not state one). A new list
     * version that changed it meanwhile makes the confirmation stale: 409, the seller looks again.
     */
    amazon_quantity: z
      .int({ error: 'validation.inventory.amazonQuantity' })
      .min(1, 'validation.inventory.amazonQuantity')
      .nullable(),
  })
  .strict();
export type InventoryConfirmPackInput = z.input<typeof inventoryConfirmPackSchema>;

export const inventoryConfirmPackResultSchema = z.object({
  code: z.string(),
  pack: inventoryProductPackSchema,
});
export type InventoryConfirmPackResult = z.output<typeof inventoryConfirmPackResultSchema>;

/** GET /api/inventories/:id/products?page=&per_page= (query strings arrive as text). */
export const inventoryProductsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'validation.paging.page' })
    .int('validation.paging.page')
    .min(1, 'validation.paging.page')
    .default(1),
  per_page: z.coerce
    .number({ error: 'validation.paging.perPage' })
    .int('validation.paging.perPage')
    .min(1, 'validation.paging.perPage')
    .max(INVENTORY_PRODUCTS_MAX_PER_PAGE, 'validation.paging.perPage')
    .default(INVENTORY_PRODUCTS_PER_PAGE),
});
export type InventoryProductsQuery = z.output<typeof inventoryProductsQuerySchema>;

/** One page of an inventory's products, by code, with the inventory's total. */
export const inventoryProductPageSchema = z.object({
  products: z.array(inventoryProductSchema),
  total: z.int().nonnegative(),
  page: z.int().positive(),
  per_page: z.int().positive(),
});
export type InventoryProductPage = z.output<typeof inventoryProductPageSchema>;

/** How many products one request may add or remove (a report holds at most this many). */
export const INVENTORY_PRODUCTS_PER_REQUEST = 50_000;

const productIds = z
  .array(z.string().regex(PRODUCT_ID, 'validation.inventory.productIds'), {
    error: 'validation.inventory.productIds',
  })
  .min(1, 'validation.inventory.productIds')
  .max(INVENTORY_PRODUCTS_PER_REQUEST, 'validation.inventory.productIds');

/**
 * POST /api/inventories/:id/products: products of one of the user's finished reports whose countries are
 * the inventory's. Within the plan's inventory quota or not at all (409 `inventory_quota` with
 * `remaining`); products already in the inventory, or not in the report, are skipped.
 */
export const inventoryAddProductsSchema = z.object({
  report_id: z.uuid({ error: 'validation.inventory.reportId' }),
  product_ids: productIds,
  /**
   * A supplier report's products whose Amazon pack differs from the supplier's, or is not known (issue 62),
   * are left out unless the seller confirms them here: a multipack priced as a single sells at a loss.
   */
  confirm_pack: z.boolean({ error: 'validation.inventory.confirmPack' }).optional(),
});
export type InventoryAddProductsInput = z.input<typeof inventoryAddProductsSchema>;

/** The answer of an add: how many went in, how many were skipped, and the quota left afterwards. */
export const inventoryAddProductsResultSchema = z.object({
  added: z.int().nonnegative(),
  skipped: z.int().nonnegative(),
  remaining: z.int().nonnegative(),
  /** Of a supplier report: products left out as their pack differs or is unknown and was not confirmed. */
  pack_left_out: z.int().nonnegative().optional(),
  /** With `confirm_pack`: products already in the inventory whose pack this confirmed (now listable). */
  pack_confirmed: z.int().nonnegative().optional(),
});
export type InventoryAddProductsResult = z.output<typeof inventoryAddProductsResultSchema>;

/**
 * DELETE /api/inventories/:id/products: frees their quota. `on_amazon` says what happens to those of them
 * listed on Amazon (issue 48): required when any is, ignored otherwise.
 */
export const inventoryRemoveProductsSchema = z.object({
  product_ids: productIds,
  on_amazon: listingRemovalChoiceSchema.optional(),
});
export type InventoryRemoveProductsInput = z.input<typeof inventoryRemoveProductsSchema>;

export const inventoryRemoveProductsResultSchema = z.object({
  removed: z.int().nonnegative(),
  remaining: z.int().nonnegative(),
});
export type InventoryRemoveProductsResult = z.output<typeof inventoryRemoveProductsResultSchema>;

/**
 * DELETE /api/inventories/:id?on_amazon=…: what happens to the inventory's offers on Amazon (issue 56):
 * required while any listing is not removed, ignored otherwise. The inventory goes once Amazon took the
 * quantity 0 or the delete of every one of them.
 */
export const inventoryDeleteQuerySchema = z.object({ on_amazon: listingRemovalChoiceSchema.optional() });
export type InventoryDeleteQuery = z.output<typeof inventoryDeleteQuerySchema>;

/** DELETE's 202: the inventory's products are gone, its offers are being taken down, then it goes. */
export const inventoryDeletingSchema = z.object({
  on_amazon: listingRemovalChoiceSchema,
  /** The offers Amazon must confirm before the inventory goes. */
  listings: z.int().nonnegative(),
});
export type InventoryDeleting = z.output<typeof inventoryDeletingSchema>;
