import { textKey, titleWords } from '../banned';
import { FILTERS_BY_ID, type ActiveFilter, type FilterDef } from './catalogue';
import type { NarrowColumnType } from './columns';
import type { FilterKind, FilterValueOf } from './values';

/**
 * A report's narrow columns held in memory, one array per column, entry i of each the same product: the
 * rows the server's filter compiler (compile-filters.ts) scans, so that a server can answer a new view
 * of a report it holds without scanning it again. Float and boolean columns are numbers with NaN where
 * the table holds null (booleans as 1 and 0); text columns hold the stored, already folded, text.
 */
export interface NarrowColumnSet {
  readonly length: number;
  number(name: string): Float64Array;
  text(name: string): readonly (string | null)[];
  texts(name: string): readonly (readonly string[])[];
}

export interface NarrowColumnNeed {
  name: string;
  type: NarrowColumnType;
}

type Test = (i: number) => boolean;
type Maker<K extends FilterKind> = (cols: NarrowColumnSet, value: FilterValueOf<K>, def: FilterDef) => Test;

const range =
  (a: Float64Array, min?: number | null, max?: number | null): Test =>
  (i) => {
    // NaN (null) fails both comparisons, as null does in SQL.
    const x = a[i]!;
    return (min == null ? x === x : x >= min) && (max == null ? x === x : x <= max);
  };

/** Text equal to one of `values`; null never is (SQL's `coalesce(c = any(…), false)`). */
const listed = (column: readonly (string | null)[], values: readonly string[]): Test => {
  const set = new Set(values);
  return (i) => {
    const x = column[i];
    return x != null && set.has(x);
  };
};

// Each kind as compile-filters.ts writes it in SQL, row by row; the property test in
// apps/server/test/filters-sql.test.ts holds the three (this, the SQL and matchesFilters) to one answer.
const MAKERS: { [K in FilterKind]: Maker<K> } = {
  range: (cols, v, def) => range(cols.number(def.column), v.min, v.max),
  mode: (cols, v, def) => {
    const a = cols.number(def.column);
    const want = v === 'only' ? 1 : 0;
    return (i) => a[i] === want;
  },
  include_exclude: (cols, v, def) => {
    const c = cols.text(def.column);
    if (def.base === 'brand') {
      const include = v.include.length ? new Set(v.include.map(textKey)) : null;
      const exclude = v.exclude.length ? new Set(v.exclude.map(textKey)) : null;
      return (i) => {
        const x = c[i];
        if (x == null) return false;
        return (!include || include.has(x)) && (!exclude || !exclude.has(x));
      };
    }
    // A keyword without a single word matches nothing, and an include list of only such keywords keeps
    // nothing (SQL's empty `or`).
    const words = (list: string[]) => list.map(titleWords).filter((w) => w !== '');
    const include = v.include.length ? words(v.include) : null;
    const exclude = words(v.exclude);
    return (i) => {
      const x = c[i];
      if (x == null) return false;
      if (include && !include.some((w) => x.includes(w))) return false;
      return !exclude.some((w) => x.includes(w));
    };
  },
  coupon: (cols, v, def) => {
    const c = cols.text(def.column);
    return v === '*' ? (i) => c[i] != null : (i) => c[i] === v;
  },
  sizes: (cols, v, def) => listed(cols.text(def.column), v),
  presence: (cols, v, def) => {
    const a = cols.number(def.column);
    return v === 'present' ? (i) => a[i] === a[i] : (i) => a[i] !== a[i];
  },
  categories: (cols, v, def) => {
    const c = cols.texts(def.column);
    const wanted = new Set(v.map(textKey));
    return (i) => (c[i] ?? []).some((x) => wanted.has(x));
  },
  rank_by_category: (cols, v, def) => {
    const category = listed(cols.text(`${def.column}_category`), v.categories.map(textKey));
    // Without bounds only the category counts: a product ranked in it without a figure still passes.
    if (v.min == null && v.max == null) return category;
    const rank = range(cols.number(def.column), v.min, v.max);
    return (i) => category(i) && rank(i);
  },
  stores: (cols, v, def) => {
    const has = listed(cols.text(def.column), v.seller_ids);
    return v.mode === 'only' ? has : (i) => !has(i);
  },
  product_ids: (cols, v) => {
    const has = listed(cols.text('product_id'), v.ids);
    return v.mode === 'only' ? has : (i) => !has(i);
  },
  restrictions: (cols, v, def) => {
    const c = cols.text(def.column);
    const wanted = new Set<string>(v);
    return (i) => wanted.has(c[i] ?? 'not_checked');
  },
};

const defOf = (f: ActiveFilter) => {
  const def = FILTERS_BY_ID.get(f.id);
  if (!def) throw new Error(`unknown filter ${f.id}`);
  return def;
};

/** The columns {@link matchingRows} reads for `filters`. */
export function narrowColumnsOf(filters: readonly ActiveFilter[]): NarrowColumnNeed[] {
  const needs = new Map<string, NarrowColumnType>();
  for (const f of filters) {
    const def = defOf(f);
    switch (def.kind) {
      case 'range':
      case 'presence':
        needs.set(def.column, 'float8');
        break;
      case 'mode':
        needs.set(def.column, 'boolean');
        break;
      case 'categories':
        needs.set(def.column, 'text[]');
        break;
      case 'rank_by_category':
        needs.set(def.column, 'float8');
        needs.set(`${def.column}_category`, 'text');
        break;
      case 'product_ids':
        needs.set('product_id', 'text');
        break;
      default:
        needs.set(def.column, 'text');
    }
  }
  return [...needs].map(([name, type]) => ({ name, type }));
}

/** The indexes of the rows that pass every filter, ascending: what the SQL's WHERE keeps. */
export function matchingRows(cols: NarrowColumnSet, filters: readonly ActiveFilter[]): Uint32Array {
  const tests = filters.map((f) => {
    const def = defOf(f);
    return (MAKERS[def.kind] as Maker<FilterKind>)(cols, f.value as never, def);
  });
  const out = new Uint32Array(cols.length);
  let n = 0;
  const count = tests.length;
  rows: for (let i = 0; i < cols.length; i++) {
    for (let t = 0; t < count; t++) if (!tests[t]!(i)) continue rows;
    out[n++] = i;
  }
  return out.subarray(0, n);
}
