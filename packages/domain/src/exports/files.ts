import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export interface InventoryItem {
  sku: string;
  productId: string;
  price: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  quantity: number;
  /** `a` adds or updates the listing; `x` is the specification's alternative flag. */
  addDelete: 'a' | 'x';
}

export const INVENTORY_HEADER = [
  'sku',
  'product-id',
  'product-id-type',
  'price',
  'minimum-seller-allowed-price',
  'maximum-seller-allowed-price',
  'item-condition',
  'quantity',
  'add-delete',
  'handling-time',
] as const;

/** ASIN as the product-id type, New as the item condition (the specification's constants 1 and 11). */
const PRODUCT_ID_TYPE_ASIN = '1';
const CONDITION_NEW = '11';

const money = (n: number | null) => (n === null || !Number.isFinite(n) ? '' : n.toFixed(2));
/** Tabs or line breaks inside a value would shift every later column; Seller Central has no quoting. */
const cell = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

/** Amazon's Inventory Loader file (tab-separated, one header line). */
export function buildInventoryFile(
  items: readonly InventoryItem[],
  options: { handlingTime: number },
): string {
  const handling = String(options.handlingTime);
  const lines = new Array<string>(items.length + 1);
  lines[0] = INVENTORY_HEADER.join('\t');
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    lines[i + 1] = [
      cell(it.sku),
      it.productId,
      PRODUCT_ID_TYPE_ASIN,
      money(it.price),
      money(it.minPrice),
      money(it.maxPrice),
      CONDITION_NEW,
      String(Math.max(0, Math.floor(it.quantity))),
      it.addDelete,
      handling,
    ].join('\t');
  }
  return lines.join('\n') + '\n';
}

export const AUTO_PRICE_HEADER = [
  'sku',
  'minimum-seller-allowed-price',
  'maximum-seller-allowed-price',
  'country-code',
  'currency-code',
  'rule-name',
  'rule-action',
] as const;

/** Amazon's Automate Pricing file: each SKU started on the named rule. */
export function buildAutoPriceFile(
  items: readonly Pick<InventoryItem, 'sku' | 'minPrice' | 'maxPrice'>[],
  options: { country: string; currency: string; ruleName: string },
): string {
  const country = options.country.toUpperCase();
  const rule = cell(options.ruleName.trim());
  const lines = [AUTO_PRICE_HEADER.join('\t')];
  for (const it of items) {
    lines.push(
      [cell(it.sku), money(it.minPrice), money(it.maxPrice), country, options.currency, rule, 'start'].join(
        '\t',
      ),
    );
  }
  return lines.join('\n') + '\n';
}

/** One product ID per line. */
export function buildProductIdList(ids: readonly string[]): string {
  return ids.length ? ids.join('\n') + '\n' : '';
}

/**
 * A stable SKU for a product the seller lists through us: `SS-` + the first 16 hex digits (upper-case) of
 * SHA-256 over user id and product id. Same pair, same SKU, on every device and server.
 */
export function generateSku(userId: string, productId: string): string {
  return `SS-${bytesToHex(sha256(utf8ToBytes(`${userId}:${productId}`)))
    .slice(0, 16)
    .toUpperCase()}`;
}
