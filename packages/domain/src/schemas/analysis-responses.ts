import { supplierRowNoteSchema } from './suppliers';
import { z } from 'zod';
import type { BannedReason } from '../banned';
import type { SellerOffer } from '../marketplace';
import { LISTING_RESTRICTIONS, reportRestrictionSchema } from '../listing-restrictions';
import { SIDE_STATUSES, type Coupon, type Offer, type ProductSide } from '../product';
import { MONEY_KEYS } from '../landed/types';
import { apiFieldErrorSchema } from './api-responses';
import { fbmBlockSchema, individualRatesViewSchema } from './analysis';

// The answers of the `/v1/*` calls over a report's rows (charts and product rates are in charts.ts and
// analysis.ts). Typed against the domain's interfaces, so a field added there must be added here.

/** POST /v1/settings: the specification's `{ error: false }`. */
export const settingsSavedSchema = z.object({ error: z.literal(false) });
export type SettingsSaved = z.output<typeof settingsSavedSchema>;

/** POST /v1/settings refused: the specification's `{ error: true, message }`, with the usual code and fields. */
export const settingsErrorSchema = z
  .looseObject({
    error: z.literal(true),
    code: z.string(),
    message: z.string(),
    key: z.string().optional(),
    fields: z.array(apiFieldErrorSchema).optional(),
  })
  .meta({ id: 'SettingsError', description: 'A refused POST /v1/settings, in the specification’s shape.' });
export type SettingsRefused = z.output<typeof settingsErrorSchema>;

const BANNED_REASONS = ['brand', 'pid', 'title'] as const satisfies readonly BannedReason[];
export const bannedReasonSchema = z.enum(BANNED_REASONS);

const money = z.number().nullable();

const offerSchema: z.ZodType<Offer> = z.object({
  seller_id: z.string().nullable(),
  seller_name: z.string().nullable(),
  is_fba: z.boolean().nullable(),
  buy_price: money,
  import_fee: money,
  shipping_fee: money,
  s_dates: z.object({ min_days: z.number(), max_days: z.number() }).nullable(),
  available_later: z.boolean().optional(),
});

const productCouponSchema: z.ZodType<Coupon> = z.object({
  type: z.enum(['percent', 'dollar']),
  value: z.number(),
});

/** One side (buying or selling country) of a result row. */
export const productSideSchema: z.ZodType<ProductSide> = z.object({
  status: z.enum(SIDE_STATUSES),
  buybox: offerSchema.nullable(),
  lowest: offerSchema.nullable(),
  lowest_fba: offerSchema.nullable(),
  total_prices_count: z.int().nullable(),
  fba_prices_count: z.int().nullable(),
  average_price: money,
  coupon: productCouponSchema.nullable(),
  sales_rank: z.object({ rank: z.number(), category: z.string(), level: z.enum(['top', 'sub']) }).nullable(),
  categories: z.array(z.string()),
  brand: z.string().nullable(),
  title: z.string().nullable(),
  image: z.string().nullable(),
  is_prime: z.boolean(),
  is_amazonchoice: z.boolean(),
  is_sba: z.boolean(),
  has_buybox: z.boolean(),
  has_same_brand_seller: z.boolean(),
  seller_brand_count: z.int().nullable(),
  review_count: z.int().nullable(),
  review_rating: z.number().nullable(),
  variation: z.int().nullable(),
  max_order_quantity: z.int().nullable(),
  stocks: z.int().nullable(),
  weight: z.object({ value: z.number(), unit: z.enum(['lb', 'oz', 'kg', 'g']) }).nullable(),
  package_dimensions: z
    .object({ length: z.number(), width: z.number(), height: z.number(), unit: z.enum(['in', 'cm']) })
    .nullable(),
  product_size: z.object({ package_name: z.string() }).nullable(),
  category_commission_rate: z.number().nullable(),
  buybox_winners: z.int().nonnegative().optional(),
  looked_up_at: z.iso.datetime().optional(),
  from_supplier: z.boolean().optional(),
  dangerous_goods: z
    .object({
      regulations: z.array(z.string()),
      batteries: z.enum(['included', 'required']).nullable(),
      lithium: z.boolean(),
      lithium_wh: z.number().nullable(),
    })
    .nullable()
    .optional(),
});

/** One row of POST /v1/filters: both sides, priced with the report's settings. */
export const resultRowViewSchema = z
  .object({
    product_id: z.string(),
    row_cross: productSideSchema,
    row_to: productSideSchema,
    fbm: fbmBlockSchema,
    banned: bannedReasonSchema.nullable(),
    /** The product's own profit rates; null when its pricing rule's apply. */
    individual: individualRatesViewSchema.nullable().optional(),
    /** Whether the seller may list it in the selling country; null until checked. */
    restriction: reportRestrictionSchema.nullable().optional(),
    /** A supplier list report's row: its line, the match and pack notes, the minimum order. */
    supplier: supplierRowNoteSchema.optional(),
  })
  .meta({ id: 'ResultRow', description: 'A product of a report, both sides and its fbm pricing.' });
export type ResultRowView = z.output<typeof resultRowViewSchema>;

/** POST /v1/filters: one page of the filtered rows, with the counts and every matching ID. */
export const filterResultsSchema = z
  .object({
    /** Products in the report. */
    total: z.int(),
    filtered_count: z.int(),
    settings_defined: z.boolean(),
    /** The filters' option lists: selling-side categories and sales-rank categories. */
    categories: z.array(z.string()),
    bsr_categories: z.array(z.string()),
    data: z.array(resultRowViewSchema),
    /** Every product ID the filters match, in the requested order; left out when `with_ids` was false. */
    filtered_ids: z.array(z.string()).optional(),
  })
  .meta({ id: 'FilterResults', description: 'A page of the filtered rows of a report.' });
export type FilterResults = z.output<typeof filterResultsSchema>;

/** One product of POST /v1/exports. */
export const exportRowSchema = z
  .object({
    product_id: z.string(),
    stocks: z.int(),
    available_for_fbm: z.boolean(),
    min_price: money,
    std_price: money,
    max_price: money,
    brand: z.string().nullable(),
    title: z.string().nullable(),
    banned: bannedReasonSchema.nullable(),
    /** The product's listing restriction in the selling country; null when not checked. */
    restriction: z.enum(LISTING_RESTRICTIONS).nullable(),
    /** The seller's SKU from the report's listings, else `generated_sku`. */
    sku: z.string(),
    generated_sku: z.string(),
  })
  .meta({ id: 'ExportRow', description: 'A product as the export lists it.' });
export type ExportRow = z.output<typeof exportRowSchema>;

/** POST /v1/exports */
export const exportsResponseSchema = z.object({ data: z.array(exportRowSchema) });
export type ExportsResponse = z.output<typeof exportsResponseSchema>;

export const sellerOfferSchema: z.ZodType<SellerOffer> = z.object({
  seller_id: z.string(),
  seller_name: z.string(),
  is_fba: z.boolean(),
  is_sba: z.boolean(),
  coupon: productCouponSchema.nullable(),
  rating_percent: z.number().nullable(),
  rating_count: z.number().nullable(),
  buy_price: z.number(),
  price: z.number(),
  shipping_by: z.enum(['amazon', 'merchant']),
  shipping_fee: z.number(),
  import_fee: z.number(),
  delivery_date: z.string().nullable(),
  available_later: z.boolean().optional(),
  is_own: z.boolean().optional(),
});

/** One line of "From price to profit" (landed/types.ts `MoneyLine`), in the selling currency. */
export const moneyLineSchema = z.object({
  key: z.enum(MONEY_KEYS),
  amount: z.number(),
  currency: z.string(),
  /** The rule row behind the line (its id, with a source and start date on /api/lanes), a `lane.*` setting, or null. */
  rule: z.string().nullable(),
  /** A default, an unverified rule or a missing setting went into it. */
  assumed: z.boolean(),
  /** What was actually paid, when in another currency (the buy price in dollars, say). */
  paid: z.object({ amount: z.number(), currency: z.string() }).optional(),
});

/** GET /v1/reports/:id/products/:productId/offers: both sides' sellers, cheapest buy price first. */
export const productSellersSchema = z.object({
  product_id: z.string(),
  cross: z.array(sellerOfferSchema),
  to: z.array(sellerOfferSchema),
  /**
   * The money model's lines at the target buy-box price and at the standard price, on the report's lane
   * (issue 45); null where there is no such price or the product cannot be priced.
   */
  money: z.object({
    buybox: z.array(moneyLineSchema).nullable(),
    std: z.array(moneyLineSchema).nullable(),
  }),
});
export type ProductSellers = z.output<typeof productSellersSchema>;

/** POST /v1/reports/:id/products/:productId/restriction ("Check again"): Amazon's answer, asked just now. */
export const productRestrictionResponseSchema = z
  .object({ product_id: z.string(), restriction: reportRestrictionSchema })
  .meta({ id: 'ProductRestriction', description: "A product's listing restriction, asked again." });
export type ProductRestrictionResponse = z.output<typeof productRestrictionResponseSchema>;
