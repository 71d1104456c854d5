import { textKey, titleHasKeyword } from '../banned';
import type { ResultRow } from '../product';
import { FILTERS_BY_ID, type ActiveFilter, type FilterDef } from './catalogue';
import type { FilterKind, FilterValueOf } from './values';

type Matcher<K extends FilterKind> = (actual: unknown, value: FilterValueOf<K>, def: FilterDef) => boolean;

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const inRange = (x: number, min?: number | null, max?: number | null) =>
  (min == null || x >= min) && (max == null || x <= max);

/**
 * The reference semantics of each kind. A range needs a value (an unknown value never matches);
 * text comparisons ignore case.
 */
const MATCHERS: { [K in FilterKind]: Matcher<K> } = {
  range: (actual, v) => {
    const x = num(actual);
    return x !== null && inRange(x, v.min, v.max);
  },
  mode: (actual, v) => (actual === true) === (v === 'only'),
  include_exclude: (actual, v, def) => {
    const text = typeof actual === 'string' ? actual : '';
    const has =
      def.base === 'brand'
        ? (w: string) => textKey(text) === textKey(w)
        : (w: string) => titleHasKeyword(text, w);
    if (v.include.length > 0 && !v.include.some(has)) return false;
    return !v.exclude.some(has);
  },
  coupon: (actual, v) => (v === '*' ? actual != null : actual === v),
  sizes: (actual, v) => typeof actual === 'string' && (v as string[]).includes(actual),
  presence: (actual, v) => (num(actual) !== null) === (v === 'present'),
  categories: (actual, v) => {
    const mine = new Set((Array.isArray(actual) ? actual : []).map((c: string) => textKey(c)));
    return v.some((c) => mine.has(textKey(c)));
  },
  rank_by_category: (actual, v) => {
    const rank = actual as { rank: number; category: string } | null;
    if (!rank || !v.categories.some((c) => textKey(c) === textKey(rank.category))) return false;
    return inRange(rank.rank, v.min, v.max);
  },
  stores: (actual, v) => {
    const listed = typeof actual === 'string' && v.seller_ids.some((id) => id.trim() === actual);
    return v.mode === 'only' ? listed : !listed;
  },
  product_ids: (actual, v) => {
    const listed = typeof actual === 'string' && v.ids.includes(actual);
    return v.mode === 'only' ? listed : !listed;
  },
  // A product never checked (or checked before the phase reached it) is `not_checked`.
  restrictions: (actual, v) =>
    (v as readonly string[]).includes(typeof actual === 'string' ? actual : 'not_checked'),
};

export function matchesFilter(row: ResultRow, filter: ActiveFilter): boolean {
  const def = FILTERS_BY_ID.get(filter.id);
  if (!def) throw new Error(`unknown filter ${filter.id}`);
  return (MATCHERS[def.kind] as Matcher<FilterKind>)(def.read(row), filter.value as never, def);
}

/** True when the row passes every filter (filters combine with AND). */
export function matchesFilters(row: ResultRow, filters: readonly ActiveFilter[]): boolean {
  for (const f of filters) if (!matchesFilter(row, f)) return false;
  return true;
}
