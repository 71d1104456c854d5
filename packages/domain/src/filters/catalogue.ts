import { dangerousGoodsOf, weightInLbs, type ProductSide, type ResultRow } from '../product';
import { filterValueSchemas, type FilterKind } from './values';

export type FilterGroup = 'cross' | 'to';

/**
 * One filter of the catalogue. `read` gives the row's value the filter tests; `column` names the same
 * value in the narrow `report_products` table, so the SQL compiler and `matchesFilters` test one thing.
 */
export interface FilterDef<K extends FilterKind = FilterKind> {
  id: string;
  base: string;
  group: FilterGroup;
  kind: K;
  column: string;
  dependsOnSettings: boolean;
  labelKey: string;
  hintKey: string | null;
  isNew: boolean;
  /** Money inputs are prefixed with the source or target currency symbol. */
  currency: 'source' | 'target' | null;
  /** Option lists the UI offers (from the filters response). */
  options: 'categories' | 'bsr_categories' | 'product_sizes' | null;
  /** The zod schema its value must satisfy (the kind's). */
  valueSchema: (typeof filterValueSchemas)[K];
  read: (row: ResultRow) => unknown;
}

type Spec = {
  base: string;
  kind: FilterKind;
  column: string;
  read: (side: ProductSide, row: ResultRow) => unknown;
  settings?: boolean;
  currency?: boolean | 'source' | 'target';
  options?: FilterDef['options'];
  hint?: boolean;
  isNew?: boolean;
};

const offerRank = (level: 'top' | 'sub') => (s: ProductSide) =>
  s.sales_rank?.level === level ? s.sales_rank.rank : null;

/** On both sides: the buying country (cross) and the selling country (to). */
const SHARED: Spec[] = [
  {
    base: 'delivery_days',
    kind: 'range',
    column: 'delivery_days',
    read: (s) => s.buybox?.s_dates?.max_days ?? null,
    hint: true,
  },
  {
    base: 'same_brand_seller',
    kind: 'mode',
    column: 'has_same_brand_seller',
    read: (s) => s.has_same_brand_seller,
    hint: true,
  },
  { base: 'buybox', kind: 'mode', column: 'has_buybox', read: (s) => s.has_buybox },
  { base: 'sba_sellers', kind: 'mode', column: 'is_sba', read: (s) => s.is_sba, hint: true },
  { base: 'fba_sellers', kind: 'mode', column: 'has_fba', read: (s) => (s.fba_prices_count ?? 0) > 0 },
  { base: 'amazon_choice', kind: 'mode', column: 'is_amazonchoice', read: (s) => s.is_amazonchoice },
  { base: 'amazon_prime', kind: 'mode', column: 'is_prime', read: (s) => s.is_prime },
  { base: 'variation', kind: 'range', column: 'variation', read: (s) => s.variation },
  {
    base: 'buybox_price',
    kind: 'range',
    column: 'buybox_price',
    read: (s) => s.buybox?.buy_price ?? null,
    currency: true,
  },
  {
    base: 'buy_price',
    kind: 'range',
    column: 'lowest_price',
    read: (s) => s.lowest?.buy_price ?? null,
    currency: true,
  },
  {
    base: 'average_price',
    kind: 'range',
    column: 'average_price',
    read: (s) => s.average_price,
    currency: true,
  },
  { base: 'sellers_count', kind: 'range', column: 'sellers_count', read: (s) => s.total_prices_count },
  { base: 'brand', kind: 'include_exclude', column: 'brand', read: (s) => s.brand },
  { base: 'sales_rank_main', kind: 'range', column: 'sales_rank_top', read: offerRank('top') },
  { base: 'sales_rank_sub', kind: 'range', column: 'sales_rank_sub', read: offerRank('sub') },
  { base: 'title_keywords', kind: 'include_exclude', column: 'title', read: (s) => s.title, hint: true },
];

const CROSS_ONLY: Spec[] = [
  { base: 'no_shipping', kind: 'mode', column: 'is_noship', read: (s) => s.status === 'noship' },
  {
    base: 'fba_seller_ppr',
    kind: 'range',
    column: 'fbm_fba_profit_percent',
    read: (_s, r) => r.fbm?.fba_profit_percent ?? null,
    settings: true,
    hint: true,
    isNew: true,
  },
  {
    base: 'buy_price_for_ppr',
    kind: 'range',
    column: 'fbm_buy_price',
    read: (_s, r) => r.fbm?.buy_price ?? null,
    settings: true,
    currency: 'source',
  },
  {
    base: 'shipping_fee_for_ppr',
    kind: 'range',
    column: 'fbm_shipping_fee',
    read: (_s, r) => r.fbm?.shipping_fee ?? null,
    settings: true,
    currency: 'source',
  },
  { base: 'product_ids', kind: 'product_ids', column: 'product_id', read: (_s, r) => r.product_id },
  {
    base: 'fbm_availability',
    kind: 'mode',
    column: 'fbm_available',
    read: (_s, r) => r.fbm?.available ?? false,
    settings: true,
  },
  { base: 'coupons', kind: 'coupon', column: 'coupon_type', read: (s) => s.coupon?.type ?? null },
  {
    base: 'product_size',
    kind: 'sizes',
    column: 'product_size',
    read: (s) => s.product_size?.package_name ?? null,
    options: 'product_sizes',
  },
  {
    base: 'stock',
    kind: 'range',
    column: 'fbm_stock',
    read: (_s, r) => r.fbm?.stock ?? null,
    settings: true,
  },
  { base: 'order_limit', kind: 'range', column: 'max_order_quantity', read: (s) => s.max_order_quantity },
  { base: 'weight_lbs', kind: 'range', column: 'weight_lbs', read: (s) => weightInLbs(s) },
  {
    base: 'shipping_fee',
    kind: 'range',
    column: 'shipping_fee',
    read: (s) => s.buybox?.shipping_fee ?? null,
    currency: true,
  },
];

const TO_ONLY: Spec[] = [
  { base: 'no_stock', kind: 'mode', column: 'is_nostock', read: (s) => s.status === 'nostock' },
  {
    base: 'seller_brand_count',
    kind: 'range',
    column: 'seller_brand_count',
    read: (s) => s.seller_brand_count,
    hint: true,
  },
  {
    base: 'sales_rank_presence',
    kind: 'presence',
    column: 'sales_rank',
    read: (s) => s.sales_rank?.rank ?? null,
  },
  {
    base: 'sales_rank_by_category',
    kind: 'rank_by_category',
    column: 'sales_rank',
    read: (s) => s.sales_rank,
    options: 'bsr_categories',
  },
  {
    base: 'categories',
    kind: 'categories',
    column: 'categories',
    read: (s) => s.categories,
    options: 'categories',
  },
  {
    base: 'ppr_amount',
    kind: 'range',
    column: 'fbm_profit_amount',
    read: (_s, r) => r.fbm?.profit_amount.buybox ?? null,
    settings: true,
    currency: 'target',
  },
  {
    base: 'ppr_percent',
    kind: 'range',
    column: 'fbm_profit_percent',
    read: (_s, r) => r.fbm?.profit_percent.buybox ?? null,
    settings: true,
  },
  {
    base: 'profit_custom',
    kind: 'range',
    column: 'fbm_profit_custom',
    read: (_s, r) => r.fbm?.profit_amount.custom.std ?? null,
    settings: true,
    currency: 'target',
    hint: true,
    isNew: true,
  },
  {
    base: 'store_buybox',
    kind: 'stores',
    column: 'buybox_seller_id',
    read: (s) => s.buybox?.seller_id ?? null,
    hint: true,
  },
  {
    base: 'store_lowest',
    kind: 'stores',
    column: 'lowest_seller_id',
    read: (s) => s.lowest?.seller_id ?? null,
    hint: true,
  },
  {
    base: 'diff_between_lowest',
    kind: 'range',
    column: 'fbm_diff_between_lowest',
    read: (_s, r) => r.fbm?.diff_between_lowest ?? null,
    settings: true,
    hint: true,
    isNew: true,
  },
  { base: 'review_count', kind: 'range', column: 'review_count', read: (s) => s.review_count },
  { base: 'average_rating', kind: 'range', column: 'review_rating', read: (s) => s.review_rating },
  {
    base: 'listing_restrictions',
    kind: 'restrictions',
    column: 'restriction',
    read: (_s, r) => r.restriction?.state ?? null,
    hint: true,
    isNew: true,
  },
  // Beyond the specification's 57 (issue 44): the catalogue's dangerous goods, from either side.
  {
    base: 'dangerous_goods',
    kind: 'mode',
    column: 'dangerous_goods',
    read: (_s, r) => dangerousGoodsOf(r) !== null,
    hint: true,
    isNew: true,
  },
];

function define(group: FilterGroup, spec: Spec): FilterDef {
  const side = (row: ResultRow) => (group === 'cross' ? row.row_cross : row.row_to);
  const currency = spec.currency === true ? (group === 'cross' ? 'source' : 'target') : spec.currency || null;
  const fbmColumn = spec.column.startsWith('fbm_') || spec.column === 'product_id';
  return {
    id: `${group}_${spec.base}`,
    base: spec.base,
    group,
    kind: spec.kind,
    column: fbmColumn ? spec.column : `${group}_${spec.column}`,
    dependsOnSettings: spec.settings ?? false,
    labelKey: `filters.${spec.base}.label`,
    hintKey: spec.hint ? `filters.${spec.base}.hint` : null,
    isNew: spec.isNew ?? false,
    currency,
    options: spec.options ?? null,
    valueSchema: filterValueSchemas[spec.kind],
    read: (row) => spec.read(side(row), row),
  };
}

/** Every filter of the specification's catalogue: shared ones on both sides, then each side's own. */
export const FILTERS: readonly FilterDef[] = [
  ...SHARED.map((s) => define('cross', s)),
  ...CROSS_ONLY.map((s) => define('cross', s)),
  ...SHARED.map((s) => define('to', s)),
  ...TO_ONLY.map((s) => define('to', s)),
];

export const FILTERS_BY_ID: ReadonlyMap<string, FilterDef> = new Map(FILTERS.map((f) => [f.id, f]));

export type ActiveFilter = { id: string; value: unknown };
