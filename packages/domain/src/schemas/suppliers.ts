import { z } from 'zod';
import { buyingRegions } from '../regions';
import { BAD_LINE_REASONS } from '../suppliers/rows';
import { SUPPLIER_CURRENCIES, supplierMappingSchema } from '../suppliers/mapping';

// Supplier price lists (issue 62): the upload's fields, the answers, and the notes a report row carries.

const buying = buyingRegions().map((r) => r.code) as [string, ...string[]];

/** Form fields arrive as text: "true"/"false" (a checkbox) and the mapping as JSON. */
const formBoolean = z.preprocess(
  (v) => (v === 'true' || v === 'on' ? true : v === 'false' || v === '' ? false : v),
  z.boolean({ error: 'validation.supplier.pricesIncludeTax' }),
);
const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return undefined;
    }
  }, schema);

/**
 * The fields sent with a supplier's file (multipart, beside `file`): an existing supplier of the seller's
 * or a new one by name, its country (the lane's origin and purchase tax) and currency, whether its prices
 * include that tax, and the column mapping (JSON).
 */
export const supplierListFieldsSchema = z.object({
  supplier_id: z.preprocess(
    (v) => (v === '' ? null : v),
    z.uuid({ error: 'validation.supplier.listId' }).nullish(),
  ),
  supplier_name: z
    .string({ error: 'validation.supplier.supplierName' })
    .trim()
    .min(1, 'validation.supplier.supplierName')
    .max(100, 'validation.supplier.supplierName'),
  country: z.enum(buying, { error: 'validation.report.country' }),
  currency: z.enum(SUPPLIER_CURRENCIES, { error: 'validation.supplier.currency' }),
  prices_include_tax: formBoolean.default(false),
  mapping: jsonField(supplierMappingSchema),
});
export type SupplierListFields = z.output<typeof supplierListFieldsSchema>;

export const badLineSchema = z.object({
  line: z.int(),
  reason: z.enum(BAD_LINE_REASONS),
  value: z.string(),
  first_line: z.int().optional(),
});

export const supplierLinePreviewSchema = z.object({
  line: z.int(),
  identifier: z.string(),
  identifier_kind: z.string(),
  name: z.string().nullable(),
  cost: z.number(),
  pack: z.int(),
  min_order: z.int().nullable(),
  supplier_sku: z.string().nullable(),
});

export const supplierSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    country: z.string(),
    currency: z.string(),
    prices_include_tax: z.boolean(),
    mapping: supplierMappingSchema,
    /** The header the mapping was made on, to find a moved column again by name. */
    header: z.array(z.string()),
  })
  .meta({ id: 'Supplier', description: "A seller's supplier, with the column mapping last used." });

export const suppliersResponseSchema = z.object({ data: z.array(supplierSchema) });

/** At most this many bad lines are answered; `bad_count` has them all. */
export const BAD_LINES_SHOWN = 1000;

export const supplierListSchema = z
  .object({
    id: z.uuid(),
    supplier: supplierSchema.pick({ id: true, name: true, country: true, currency: true }),
    file_name: z.string(),
    format: z.enum(['csv', 'xlsx']),
    /** The country the list was uploaded for (a report from it buys there); the supplier's may move on. */
    country: z.string(),
    created_at: z.string(),
    prices_include_tax: z.boolean(),
    /** Lines with content after the header. */
    total: z.int(),
    good: z.int(),
    bad_count: z.int(),
    bad: z.array(badLineSchema),
    /** The first good lines as read. */
    preview: z.array(supplierLinePreviewSchema),
  })
  .meta({ id: 'SupplierList', description: "One upload of a supplier's price list, checked line by line." });
export type SupplierListView = z.output<typeof supplierListSchema>;

export const supplierListsResponseSchema = z.object({
  data: z.array(supplierListSchema.omit({ bad: true, preview: true })),
});

/** How sure the match of a line to an ASIN is. */
export const MATCH_CONFIDENCES = ['asin', 'exact', 'one_of_several', 'bundle'] as const;

/** What a supplier report's row shows of its line: the match, the pack question, the minimum order. */
export const supplierRowNoteSchema = z
  .object({
    line: z.int(),
    identifier: z.string(),
    identifier_kind: z.string(),
    confidence: z.enum(MATCH_CONFIDENCES),
    pack: z.enum(['same', 'differs', 'unknown']),
    supplier_pack: z.int(),
    amazon_quantity: z.int().nullable(),
    units: z.int(),
    unit_cost: z.number(),
    /** What one Amazon product costs from the supplier, in the list's currency. */
    buy_price: z.number(),
    currency: z.string(),
    name: z.string().nullable(),
    supplier_sku: z.string().nullable(),
    /** Other lines of the list that matched the same ASIN (the cheapest line is the one priced). */
    other_lines: z.array(z.int()),
    min_order: z.object({
      packs: z.int(),
      units: z.int(),
      products: z.int(),
      /** In the list's currency. */
      cost: z.number(),
      /** The products' profit at the row's standard price, in the selling currency; null without one. */
      profit: z.number().nullable(),
    }),
  })
  .meta({ id: 'SupplierRowNote', description: "A supplier report row's line, match and pack notes." });
export type SupplierRowNote = z.output<typeof supplierRowNoteSchema>;

/**
 * A supplier list report's header (issue 62): the supplier and the list version it was priced from (null
 * once the list is deleted: the report keeps its rows), the list's lines, and how they matched in the
 * selling marketplace: lines matching a product, lines matching none, lines Amazon did not answer for;
 * the products priced, how many of their packs differ from the supplier's or are unknown, and how many
 * matched products the daily quota left out.
 */
export const supplierReportSchema = z
  .object({
    supplier_name: z.string().nullable(),
    list_id: z.uuid().nullable(),
    file_name: z.string().nullable(),
    /** The list's place among the supplier's lists, oldest first (1: the first upload). */
    version: z.int().nullable(),
    uploaded_at: z.string().nullable(),
    lines: z.int().nullable(),
    bad_count: z.int().nullable(),
    matched_lines: z.int().nullable(),
    unmatched_lines: z.int().nullable(),
    unanswered_lines: z.int().nullable(),
    products: z.int(),
    pack_differs: z.int(),
    pack_unknown: z.int(),
    /** Matched products past the daily quota (it counts matched ASINs): not priced. */
    quota_left_out: z.int(),
  })
  .meta({ id: 'SupplierReport', description: "A supplier list report's list and match counts." });
export type SupplierReport = z.output<typeof supplierReportSchema>;
