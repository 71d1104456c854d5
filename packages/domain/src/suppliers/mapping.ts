import { z } from 'zod';
import { FIXED_RATES } from '../regions';

/** The supplier's columns the seller maps; `identifier` and `cost` are required, the others optional. */
export const SUPPLIER_FIELDS = [
  'identifier',
  'name',
  'cost',
  'pack_size',
  'currency',
  'min_order',
  'supplier_sku',
] as const;
export type SupplierField = (typeof SUPPLIER_FIELDS)[number];
export const REQUIRED_SUPPLIER_FIELDS: readonly SupplierField[] = ['identifier', 'cost'];

/** Columns a mapping may name: a file's first 200 (a wider price list is not one). */
export const MAX_SUPPLIER_COLUMNS = 200;

/** Currencies a list may be priced in: those the exchange rates know. */
export const SUPPLIER_CURRENCIES = Object.keys(FIXED_RATES) as [string, ...string[]];

const column = (key: string) =>
  z
    .int({ error: key })
    .min(0, key)
    .max(MAX_SUPPLIER_COLUMNS - 1, key);
const optionalColumn = (key: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), column(key).nullable());

/**
 * Which column holds what (0-based), whether the first row is a header, and whether the cost is of one unit
 * or of the supplier's pack (the line as sold; its units in `pack_size`, 1 without that column). The same
 * column cannot hold two fields. Remembered per supplier; shared by the web form and the server.
 */
export const supplierMappingSchema = z
  .object({
    header: z.boolean().default(true),
    identifier: column('validation.supplier.identifierColumn'),
    cost: column('validation.supplier.costColumn'),
    cost_basis: z.enum(['unit', 'pack'], { error: 'validation.supplier.costBasis' }).default('unit'),
    name: optionalColumn('validation.supplier.column'),
    pack_size: optionalColumn('validation.supplier.column'),
    currency: optionalColumn('validation.supplier.column'),
    min_order: optionalColumn('validation.supplier.column'),
    supplier_sku: optionalColumn('validation.supplier.column'),
  })
  .superRefine((mapping, ctx) => {
    const seen = new Map<number, SupplierField>();
    // The required fields first: a clash is reported on the optional field that took their column.
    for (const field of [
      ...REQUIRED_SUPPLIER_FIELDS,
      ...SUPPLIER_FIELDS.filter((f) => !REQUIRED_SUPPLIER_FIELDS.includes(f)),
    ]) {
      const at = mapping[field];
      if (at === null || at === undefined) continue;
      if (seen.has(at)) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'validation.supplier.columnTwice' });
      } else seen.set(at, field);
    }
  });
export type SupplierMapping = z.output<typeof supplierMappingSchema>;
export type SupplierMappingInput = z.input<typeof supplierMappingSchema>;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Header words that usually name each field, compared after lower-casing and dropping punctuation. */
const HEADER_GUESSES: Record<SupplierField, RegExp> = {
  identifier: /^(upc|ean|gtin|isbn|barcode|asin|upc ean|ean upc|product id|gtin 14|ean13|upc a)( code)?$/,
  name: /^(name|description|product( name)?|item( name| description)?|title)$/,
  cost: /^(cost|price|unit (cost|price)|case (cost|price)|wholesale( price)?|net price|pack price)$/,
  pack_size:
    /^(pack( size| qty| quantity)?|case( pack| qty| size)?|units( per (case|pack))?|inner|qty per case)$/,
  currency: /^(currency|ccy|cur)$/,
  min_order: /^(moq|min(imum)? order( qty| quantity)?|min qty)$/,
  supplier_sku: /^(sku|supplier sku|item (no|number|code)|code|part( number| no)?|article( no| number)?)$/,
};

/**
 * A first suggestion for a file never mapped before: each field at the first header that names it
 * (`UPC`, `Price`, `Case Pack`, `MOQ` …); the seller checks and changes it. A remembered mapping whose
 * header still reads the same wins over this (`rememberedMapping`).
 */
export function guessMapping(header: readonly (string | null)[]): Partial<Record<SupplierField, number>> {
  const guess: Partial<Record<SupplierField, number>> = {};
  const taken = new Set<number>();
  for (const field of SUPPLIER_FIELDS) {
    const at = header.findIndex((h, i) => !taken.has(i) && HEADER_GUESSES[field].test(normalise(h ?? '')));
    if (at !== -1) {
      guess[field] = at;
      taken.add(at);
    }
  }
  return guess;
}

/**
 * A supplier's remembered mapping applied to a new file: a field whose remembered header is found in the
 * new header takes that column (the supplier moved it); one whose header is gone is left unmapped (an
 * optional field) or where it was (a required one, for the seller to check). A mapping kept without a
 * header keeps its positions, where the file is that wide.
 */
export function rememberedMapping(
  saved: SupplierMapping,
  savedHeader: readonly string[],
  header: readonly (string | null)[],
): SupplierMapping {
  const names = header.map((h) => normalise(h ?? ''));
  const moved = (at: number | null | undefined): number | null => {
    if (at === null || at === undefined) return null;
    const was = savedHeader[at];
    if (was) {
      const found = names.indexOf(normalise(was));
      return found === -1 ? null : found;
    }
    return at < header.length ? at : null;
  };
  const result = { ...saved };
  for (const field of SUPPLIER_FIELDS) {
    const at = moved(saved[field]);
    if (field === 'identifier' || field === 'cost') result[field] = at ?? saved[field];
    else result[field] = at;
  }
  return result;
}
