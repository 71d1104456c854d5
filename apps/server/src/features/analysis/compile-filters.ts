import {
  textKey,
  FILTERS_BY_ID,
  titleWords,
  type ActiveFilter,
  type FilterDef,
  type FilterKind,
  type FilterValueOf,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import { columnRef } from '../../db/narrow-columns';

// The SQL twin of the domain's `matchesFilters`: one condition per active filter over the narrow columns
// of `report_products` (alias `r`), joined with AND. Every value is a bound parameter; the folded text
// columns (brand keys, title words, category keys) are compared with values folded by the same domain
// functions, so case and word rules never depend on the database's locale. The property test in
// test/filters-sql.test.ts holds the two to the same answers.

type Compiler<K extends FilterKind> = (column: SQL, value: FilterValueOf<K>, def: FilterDef) => SQL;

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
const or = (parts: SQL[]) => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);

function range(column: SQL, min?: number | null, max?: number | null): SQL[] {
  const parts: SQL[] = [];
  if (min != null) parts.push(sql`${column} >= ${min}::float8`);
  if (max != null) parts.push(sql`${column} <= ${max}::float8`);
  return parts;
}

/** Rows whose text column equals one of `values`, as a condition that is never null. */
const listed = (column: SQL, values: readonly string[]) =>
  sql`coalesce(${column} = any(${textArray(values)}), false)`;

function includeExclude(has: (word: string) => SQL | null, include: string[], exclude: string[]): SQL {
  const parts: SQL[] = [];
  if (include.length) parts.push(or(include.map(has).filter((p): p is SQL => p !== null)));
  const excluded = exclude.map(has).filter((p): p is SQL => p !== null);
  if (excluded.length) parts.push(sql`not ${or(excluded)}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Rows whose text column equals one of `values`: null when the column is (as `c = a or c = b` is). */
const anyOf = (column: SQL, values: readonly string[]) => sql`${column} = any(${textArray(values)})`;

const COMPILERS: { [K in FilterKind]: Compiler<K> } = {
  range: (c, v) => sql.join(range(c, v.min, v.max), sql` and `),
  mode: (c, v) => (v === 'only' ? sql`${c}` : sql`not ${c}`),
  include_exclude: (c, v, def) => {
    if (def.base === 'brand') {
      // One array comparison per list, however many brands it names (PostgreSQL hashes a long one).
      const parts: SQL[] = [];
      if (v.include.length) parts.push(anyOf(c, v.include.map(textKey)));
      if (v.exclude.length) parts.push(sql`not (${anyOf(c, v.exclude.map(textKey))})`);
      return parts.length ? sql.join(parts, sql` and `) : sql`true`;
    }
    // A keyword without a single word matches nothing, as in the domain.
    return includeExclude(
      (w) => {
        const words = titleWords(w);
        return words ? sql`strpos(${c}, ${words}) > 0` : null;
      },
      v.include,
      v.exclude,
    );
  },
  coupon: (c, v) => (v === '*' ? sql`${c} is not null` : sql`${c} = ${v}`),
  sizes: (c, v) => listed(c, v),
  presence: (c, v) => (v === 'present' ? sql`${c} is not null` : sql`${c} is null`),
  categories: (c, v) => sql`${c} && ${textArray(v.map(textKey))}`,
  rank_by_category: (c, v, def) => {
    const category = columnRef(`${def.column}_category`);
    return sql.join([listed(category, v.categories.map(textKey)), ...range(c, v.min, v.max)], sql` and `);
  },
  stores: (c, v) => (v.mode === 'only' ? listed(c, v.seller_ids) : sql`not ${listed(c, v.seller_ids)}`),
  product_ids: (c, v) => (v.mode === 'only' ? listed(c, v.ids) : sql`not ${listed(c, v.ids)}`),
  // Null (never checked) is `not_checked`, as in the domain.
  restrictions: (c, v) => sql`coalesce(${c}, 'not_checked') = any(${textArray(v)})`,
};

/** The WHERE condition of the active filters (already decoded and validated by the domain codec). */
export function compileFilters(filters: readonly ActiveFilter[]): SQL {
  if (filters.length === 0) return sql`true`;
  const parts = filters.map((f) => {
    const def = FILTERS_BY_ID.get(f.id);
    if (!def) throw new Error(`unknown filter ${f.id}`);
    const compile = COMPILERS[def.kind] as Compiler<FilterKind>;
    return sql`(${compile(columnRef(def.column), f.value as never, def)})`;
  });
  return sql.join(parts, sql` and `);
}
