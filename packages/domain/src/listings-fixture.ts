// A generated All Listings Report shaped like Seller Central's (tests, e2e and benchmarks only). Imports
// nothing, so Playwright can load it by relative path.

/** Amazon's All Listings Report columns (GET_MERCHANT_LISTINGS_ALL_DATA), in Amazon's order. */
export const ALL_LISTINGS_HEADER = [
  'item-name',
  'item-description',
  'listing-id',
  'seller-sku',
  'price',
  'quantity',
  'open-date',
  'image-url',
  'item-is-marketplace',
  'product-id-type',
  'zshop-shipping-fee',
  'item-note',
  'item-condition',
  'zshop-category1',
  'zshop-browse-path',
  'zshop-storefront-feature',
  'asin1',
  'asin2',
  'asin3',
  'will-ship-internationally',
  'expedited-shipping',
  'zshop-boldface',
  'product-id',
  'bid-for-featured-placement',
  'add-delete',
  'pending-quantity',
  'fulfillment-channel',
  'merchant-shipping-group',
  'status',
];

const WORDS = (
  'wooden train set toddler magnetic tiles building blocks kitchen knife stainless steel water bottle ' +
  'insulated camping lantern rechargeable led desk lamp yoga mat non slip puzzle 1000 pieces plush bear ' +
  'gift kids adults pack premium large small black white blue red green organic cotton towel bamboo'
).split(' ');
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export interface ListingsReportOptions {
  /** Listings (lines after the header). */
  rows: number;
  /** Share of listings that repeat an earlier listing's ASIN (0–1). */
  duplicateShare?: number;
  seed?: number;
  lineEnd?: '\n' | '\r\n';
}

/**
 * The text of a report with `rows` listings (distinct SKUs), a share of them repeating an earlier ASIN,
 * and the long free-text cells real reports have (titles, some descriptions, inch marks in titles).
 */
export function makeAllListingsReport(options: ListingsReportOptions): string {
  const { rows, duplicateShare = 0.1, lineEnd = '\n' } = options;
  // mulberry32: small, fast and well spread.
  let state = options.seed ?? 7;
  const rand = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const code = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += ALPHANUMERIC[Math.floor(rand() * ALPHANUMERIC.length)];
    return out;
  };
  const words = (n: number) => {
    let out = pick(WORDS);
    for (let i = 1; i < n; i++) out += ` ${pick(WORDS)}`;
    return out;
  };

  const asins: string[] = [];
  const lines = [ALL_LISTINGS_HEADER.join('\t')];
  for (let i = 0; i < rows; i++) {
    const repeat = asins.length > 0 && rand() < duplicateShare;
    const asin = repeat ? pick(asins) : `B0${code(8)}`;
    if (!repeat) asins.push(asin);
    const title = words(8 + Math.floor(rand() * 14)) + (rand() < 0.05 ? ` ${1 + (i % 40)}" wide` : '');
    const description = rand() < 0.3 ? words(40 + Math.floor(rand() * 60)) : '';
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      [
        title,
        description,
        `${String(i % 10_000).padStart(4, '0')}${code(7)}`,
        `SKU-${code(4)}-${String(i).padStart(7, '0')}`,
        (5 + rand() * 200).toFixed(2),
        String(Math.floor(rand() * 50)),
        `2024-03-${day} 10:22:11 PDT`,
        `https://m.media-amazon.com/images/I/41${code(9)}.jpg`,
        'y',
        '1',
        '',
        '',
        '11',
        '',
        '',
        '',
        asin,
        '',
        '',
        '',
        '',
        '',
        asin,
        '',
        '',
        '0',
        'DEFAULT',
        'Migrated Template',
        'Active',
      ].join('\t'),
    );
  }
  return lines.join(lineEnd) + lineEnd;
}
