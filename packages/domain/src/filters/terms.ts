import { FILTERS_BY_ID, type ActiveFilter, type FilterDef } from './catalogue';
import type { FilterKind, FilterValueOf } from './values';

/**
 * The most conditions the active filters may compile to, all together (the server's SQL has one per
 * term). Every filter but the keyword lists compiles to one to three; each title keyword is a `strpos`
 * over every row's title, so a long keyword list is what makes a scan slow. The whole catalogue with both
 * bounds set is about 90. The codec refuses more, so a filter set that cannot be applied is never saved.
 */
export const MAX_FILTER_TERMS = 200;

const TERMS: { [K in FilterKind]: (value: FilterValueOf<K>, def: FilterDef) => number } = {
  range: (v) => (v.min != null ? 1 : 0) + (v.max != null ? 1 : 0),
  mode: () => 1,
  // A brand list is one `= any(array)` however long; keywords are one `strpos` each.
  include_exclude: (v, def) =>
    def.base === 'brand'
      ? (v.include.length ? 1 : 0) + (v.exclude.length ? 1 : 0)
      : v.include.length + v.exclude.length,
  coupon: () => 1,
  sizes: () => 1,
  presence: () => 1,
  categories: () => 1,
  rank_by_category: (v) => 1 + (v.min != null ? 1 : 0) + (v.max != null ? 1 : 0),
  stores: () => 1,
  product_ids: () => 1,
  restrictions: () => 1,
};

/** How many conditions the active filters compile to. */
export function filterTermCount(filters: readonly ActiveFilter[]): number {
  let terms = 0;
  for (const f of filters) {
    const def = FILTERS_BY_ID.get(f.id);
    if (def) terms += (TERMS[def.kind] as (value: unknown, def: FilterDef) => number)(f.value, def);
  }
  return terms;
}
