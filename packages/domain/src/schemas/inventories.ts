import { z } from 'zod';
import { inventoryBuyingRegions, inventorySellingRegions, REGION_CODES, type RegionCode } from '../regions';
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
  when: (payload: { issues: { path?: PropertyKey[] }[] }) =>
    !payload.issues.some((i) => i.path?.[0] === 'from_country' || i.path?.[0] === 'to_country'),
};
const countriesDiffer = (v: Countries) => !v.from_country || v.from_country !== v.to_country;

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
});
export type Inventory = z.output<typeof inventorySchema>;

/** GET /api/inventories: newest first. */
export const inventoryListSchema = z.array(inventorySchema);
export type InventoryList = z.output<typeof inventoryListSchema>;

/** A product of an inventory (the Inventory view's table: image and code). */
export const inventoryProductSchema = z.object({
  code: z.string(),
  image: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type InventoryProduct = z.output<typeof inventoryProductSchema>;

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
