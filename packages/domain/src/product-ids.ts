/** A product ID (ASIN): B followed by nine letters or digits. */
export const PRODUCT_ID = /^B[A-Z0-9]{9}$/;

export const isProductId = (value: string) => PRODUCT_ID.test(value);

/** Upper-cases, drops non-ASCII, then drops every non-word character (the specification's order). */
export function cleanProductId(line: string): string {
  return line
    .toUpperCase()
    .replace(/[\u0080-\uFFFF]/g, '')
    .replace(/\W/g, '');
}

export interface ParsedProductIds {
  /** Non-empty lines. */
  sent: number;
  /** Distinct valid IDs, in first-seen order. */
  valid: string[];
  /** Valid lines dropped because the ID was already seen. */
  repetitive: number;
  /** Lines that are not a valid ID after cleaning. */
  invalid: number;
}

export function parseProductIds(text: string): ParsedProductIds {
  const seen = new Set<string>();
  let sent = 0;
  let repetitive = 0;
  let invalid = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!line.trim()) continue;
    sent += 1;
    const id = cleanProductId(line);
    if (!isProductId(id)) invalid += 1;
    else if (seen.has(id)) repetitive += 1;
    else seen.add(id);
  }
  return { sent, valid: [...seen], repetitive, invalid };
}

export interface ListingRow {
  sku: string;
  productId: string;
}

/**
 * Rows of an All Listings Report (tab-separated). Amazon's file has a header: we read `seller-sku` and
 * `asin1` by name. Without that header, the first two columns are SKU and product ID (the specification).
 * Only rows whose product ID is valid are returned.
 */
export function readListingRows(text: string): ListingRow[] {
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim());
  if (lines.length === 0) return [];
  const header = lines[0]!.split('\t').map((h) => h.trim().toLowerCase());
  let skuAt = 0;
  let idAt = 1;
  let body = lines;
  if (header.includes('seller-sku') && header.includes('asin1')) {
    skuAt = header.indexOf('seller-sku');
    idAt = header.indexOf('asin1');
    body = lines.slice(1);
  }
  const rows: ListingRow[] = [];
  for (const line of body) {
    const cells = line.split('\t');
    const sku = (cells[skuAt] ?? '').trim();
    const productId = (cells[idAt] ?? '').trim().toUpperCase();
    if (sku && isProductId(productId)) rows.push({ sku, productId });
  }
  return rows;
}

/** Product IDs (distinct, first-seen order) and each one's SKU (the first listing that names it). */
export function parseAllListingsReport(text: string): { ids: string[]; skus: Record<string, string> } {
  const skus: Record<string, string> = {};
  for (const { sku, productId } of readListingRows(text)) if (!(productId in skus)) skus[productId] = sku;
  return { ids: Object.keys(skus), skus };
}

export interface DuplicateListings {
  /** Listings read with a valid product ID: the "{count} SKU's ready" of the tool page. */
  skuCount: number;
  /** Listings whose product ID an earlier listing already has: the ones to delete. */
  duplicates: ListingRow[];
}

/** The Duplicated ASIN Remover's core: a repeated ID in the product ID column marks a duplicate. */
export function findDuplicateListings(text: string): DuplicateListings {
  const rows = readListingRows(text);
  const seen = new Set<string>();
  const duplicates: ListingRow[] = [];
  for (const row of rows) {
    if (seen.has(row.productId)) duplicates.push(row);
    else seen.add(row.productId);
  }
  return { skuCount: rows.length, duplicates };
}

/**
 * The remover's download: an Inventory Loader file that deletes each duplicate listing
 * (add-delete `d`, Amazon's delete value; sku and product-id identify the listing).
 */
export function buildDuplicateRemovalFile(duplicates: ListingRow[]): string {
  const header = ['sku', 'product-id', 'product-id-type', 'add-delete'].join('\t');
  return [header, ...duplicates.map((d) => [d.sku, d.productId, '1', 'd'].join('\t'))].join('\n') + '\n';
}

/** "listings.txt" → "listings-duplicates-removed.txt". */
export function duplicateRemovalFileName(uploadName: string): string {
  const base = uploadName.replace(/\.txt$/i, '');
  return `${base}-duplicates-removed.txt`;
}
