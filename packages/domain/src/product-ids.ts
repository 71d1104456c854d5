import { normalizeTabText, TabSeparatedReader, type TabRecord } from './tab-separated';

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

/** Header names we read a listing's SKU and product ID under (Amazon's first), compared without case. */
const SKU_HEADERS = ['seller-sku', 'sku'];
const PRODUCT_ID_HEADERS = ['asin1', 'product-id', 'asin'];

/** What can be wrong with an uploaded listings file, in the order the remover checks it. */
export type ListingsProblem = 'empty' | 'not_tab_separated' | 'no_columns' | 'no_listings';

export interface ListingsScan {
  problem: ListingsProblem | null;
  /** Whether SKU and product ID were found by header name (else they are the first two columns). */
  header: boolean;
  /** Lines with content that gave no listing (no SKU, or no valid product ID). */
  skipped: number;
}

const findHeader = (names: string[], wanted: string[]) => {
  for (const w of wanted) {
    const at = names.indexOf(w);
    if (at !== -1) return at;
  }
  return -1;
};

/**
 * Walks an All Listings Report (tab-separated) and calls `visit` for every listing with a SKU and a valid
 * product ID. Amazon's file has a header: we read `seller-sku` and `asin1` by name (`sku`, `product-id`,
 * `asin` also do). Without such a header, the first two columns are SKU and product ID (the
 * specification). Takes a byte-order mark, CRLF or CR line ends, empty lines and quoted cells
 * (spreadsheet exports) in its stride. `onProgress` hears the share of the text read, now and then.
 */
export function scanListings(
  input: string,
  visit: (sku: string, productId: string, line: number) => void,
  onProgress?: (fraction: number) => void,
): ListingsScan {
  const text = normalizeTabText(input);
  const reader = new TabSeparatedReader(text);
  let first = reader.next(Infinity);
  while (first.blank && !reader.done) first = reader.next(Infinity);
  if (first.blank) return { problem: 'empty', header: false, skipped: 0 };
  if (first.count < 2) return { problem: 'not_tab_separated', header: false, skipped: 0 };

  const names = first.cells.map((c) => c.trim().toLowerCase());
  const skuAt = findHeader(names, SKU_HEADERS);
  const idAt = findHeader(names, PRODUCT_ID_HEADERS);
  const header = skuAt !== -1 && idAt !== -1;
  const at = header ? { sku: skuAt, id: idAt } : { sku: 0, id: 1 };
  const keep = Math.max(at.sku, at.id) + 1;
  let listings = 0;
  let skipped = 0;
  const take = (record: TabRecord) => {
    const sku = (record.cells[at.sku] ?? '').trim();
    const productId = (record.cells[at.id] ?? '').trim().toUpperCase();
    if (sku && isProductId(productId)) {
      listings += 1;
      visit(sku, productId, record.line);
    } else if (!record.blank) skipped += 1;
  };
  if (!header) take(first);
  for (let n = 1; !reader.done; n++) {
    take(reader.next(keep, first.count));
    if (onProgress && n % 8192 === 0) onProgress(reader.position / text.length);
  }
  onProgress?.(1);
  if (listings > 0) return { problem: null, header, skipped };
  return { problem: header ? 'no_listings' : 'no_columns', header, skipped };
}

/** Rows of an All Listings Report with a valid product ID, in file order (see {@link scanListings}). */
export function readListingRows(text: string): ListingRow[] {
  const rows: ListingRow[] = [];
  scanListings(text, (sku, productId) => rows.push({ sku, productId }));
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

export interface DuplicateListing extends ListingRow {
  /** The SKU of the earlier listing of the same product ID, which stays. */
  keptSku: string;
  /** The line of the file the listing is on (1-based). */
  line: number;
}

export interface ListingsCheck extends ListingsScan {
  /** Distinct SKUs read with a valid product ID. */
  skuCount: number;
  /** Listings whose product ID an earlier listing already has, in file order. */
  duplicates: DuplicateListing[];
}

/**
 * The Duplicated ASIN Remover's core: a repeated ID in the product ID column marks a duplicate; the first
 * listing of each product ID stays. A SKU met again is the same listing repeated, never a duplicate
 * (deleting it would delete the listing that stays).
 */
export function checkListingsReport(text: string, onProgress?: (fraction: number) => void): ListingsCheck {
  const keptSkus = new Map<string, string>();
  const seenSkus = new Set<string>();
  const duplicates: DuplicateListing[] = [];
  const scan = scanListings(
    text,
    (sku, productId, line) => {
      if (seenSkus.has(sku)) return;
      seenSkus.add(sku);
      const keptSku = keptSkus.get(productId);
      if (keptSku === undefined) keptSkus.set(productId, sku);
      else duplicates.push({ sku, productId, keptSku, line });
    },
    onProgress,
  );
  return { ...scan, skuCount: seenSkus.size, duplicates };
}

/** {@link checkListingsReport}'s counts and duplicates, as plain listing rows. */
export function findDuplicateListings(text: string): DuplicateListings {
  const { skuCount, duplicates } = checkListingsReport(text);
  return { skuCount, duplicates: duplicates.map(({ sku, productId }) => ({ sku, productId })) };
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
