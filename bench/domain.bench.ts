// Domain hot paths over 50,000 generated rows: pricing, filtering (15 filters) and the inventory file.
// Prints rows per second; the ratio line compares filtering with a plain loop that reads the same fields.
import {
  buildInventoryFile,
  generateSku,
  matchesFilters,
  priceProduct,
  PRESET_RULE_SETS,
  type ActiveFilter,
  type ResultRow,
} from '@crossmarket/domain';
import { makeOffer, makeRow, makeSettings, makeSide } from '@crossmarket/domain/testing';

const N = 50_000;
const rand = (() => {
  let s = 42;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
})();
const categories = ['Toys & Games', 'Furniture', 'Baby', 'Electronics', 'Home & Kitchen', 'Watches'];

const rows: ResultRow[] = Array.from({ length: N }, (_, i) =>
  makeRow({
    product_id: `B${String(i).padStart(9, '0')}`,
    row_cross: makeSide({
      buybox: makeOffer({ buy_price: 5 + rand() * 200, shipping_fee: rand() * 10 }),
      stocks: Math.floor(rand() * 20),
    }),
    row_to: makeSide({
      buybox: makeOffer({ buy_price: 10 + rand() * 300, seller_id: rand() < 0.1 ? 'A1STORE' : 'A2OTHER' }),
      lowest: makeOffer({ buy_price: 9 + rand() * 300 }),
      categories: [categories[i % categories.length]!],
      review_count: Math.floor(rand() * 1000),
      review_rating: 3 + rand() * 2,
      is_prime: rand() < 0.7,
    }),
  }),
);
const settings = makeSettings({ parity: 1.35, pricing_rules: PRESET_RULE_SETS.recommended });

function time(label: string, fn: () => void) {
  fn(); // warm-up
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    fn();
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  const ms = runs[2]!;
  console.log(`BENCH ${label}.ms ${ms.toFixed(1)} ms`);
  console.log(`BENCH ${label}.rows_per_s ${Math.round((N / ms) * 1000)} rows/s`);
  return ms;
}

time('domain.price_product', () => {
  for (const r of rows) r.fbm = priceProduct(r, settings, { toRegion: 'ca' });
});

const filters: ActiveFilter[] = [
  { id: 'cross_buybox_price', value: { min: 10, max: 150 } },
  { id: 'cross_shipping_fee', value: { max: 8 } },
  { id: 'cross_stock', value: { min: 1 } },
  { id: 'cross_fbm_availability', value: 'only' },
  { id: 'cross_brand', value: { include: [], exclude: ['Globex'] } },
  { id: 'to_amazon_prime', value: 'only' },
  { id: 'to_review_count', value: { min: 10 } },
  { id: 'to_average_rating', value: { min: 3.5 } },
  { id: 'to_ppr_percent', value: { min: 5 } },
  { id: 'to_ppr_amount', value: { min: 1 } },
  { id: 'to_store_buybox', value: { seller_ids: ['A1STORE'], mode: 'exclude' } },
  { id: 'to_title_keywords', value: { include: [], exclude: ['refurbished'] } },
  { id: 'to_categories', value: categories },
  { id: 'to_sales_rank_main', value: { max: 100000 } },
  { id: 'to_diff_between_lowest', value: { min: -90, max: 500 } },
];
let matched = 0;
const filterMs = time('domain.matches_filters_15', () => {
  matched = 0;
  for (const r of rows) if (matchesFilters(r, filters)) matched += 1;
});
const plainMs = time('domain.plain_loop_baseline', () => {
  let n = 0;
  for (const r of rows)
    if ((r.row_cross.buybox?.buy_price ?? 0) > 10 && r.row_to.is_prime && (r.row_to.review_count ?? 0) >= 10)
      n += 1;
  if (n < 0) console.log(n);
});
console.log(
  `BENCH domain.matches_filters_15.ratio_to_plain_loop ${(filterMs / plainMs).toFixed(1)} x (${matched} of ${N} matched)`,
);

const items = rows.map((r) => ({
  sku: generateSku('bench-user', r.product_id),
  productId: r.product_id,
  price: r.fbm?.std_price ?? null,
  minPrice: r.fbm?.min_price ?? null,
  maxPrice: r.fbm?.max_price ?? null,
  quantity: r.fbm?.stock ?? 0,
  addDelete: 'a' as const,
}));
let bytes = 0;
time('domain.build_inventory_file', () => {
  bytes = buildInventoryFile(items, { handlingTime: 2 }).length;
});
console.log(`BENCH domain.inventory_file.bytes ${bytes} bytes`);
