import { textKey, titleWords } from '../banned';
import type { ResultRow } from '../product';
import type { SortKey } from '../schemas/analysis';
import { FILTERS, type FilterDef } from './catalogue';

export type NarrowColumnType = 'float8' | 'boolean' | 'text' | 'text[]';

/**
 * One column of the narrow `report_products` row: its name and SQL type, and how a result row fills it.
 * Text that filters compare without case is stored already folded (`textKey`, `titleWords`), so the SQL
 * compares exactly what `matchesFilters` compares and never depends on the database's locale.
 */
export interface NarrowColumn {
  name: string;
  type: NarrowColumnType;
  notNull: boolean;
  value: (row: ResultRow) => number | boolean | string | string[] | null;
}

const finite = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const str = (x: unknown) => (typeof x === 'string' ? x : null);

function columnsOf(def: FilterDef): NarrowColumn[] {
  const read = def.read;
  switch (def.kind) {
    case 'range':
    case 'presence':
      return [{ name: def.column, type: 'float8', notNull: false, value: (r) => finite(read(r)) }];
    case 'mode':
      return [{ name: def.column, type: 'boolean', notNull: true, value: (r) => read(r) === true }];
    case 'include_exclude': {
      const fold = def.base === 'brand' ? textKey : titleWords;
      return [{ name: def.column, type: 'text', notNull: true, value: (r) => fold(str(read(r))) }];
    }
    case 'coupon':
    case 'sizes':
    case 'stores':
    case 'restrictions':
      return [{ name: def.column, type: 'text', notNull: false, value: (r) => str(read(r)) }];
    case 'categories':
      return [
        {
          name: def.column,
          type: 'text[]',
          notNull: true,
          value: (r) => {
            const list = read(r);
            return Array.isArray(list) ? list.filter((c) => typeof c === 'string').map(textKey) : [];
          },
        },
      ];
    case 'rank_by_category': {
      const rank = (r: ResultRow) => read(r) as { rank: number; category: string } | null;
      return [
        { name: def.column, type: 'float8', notNull: false, value: (r) => finite(rank(r)?.rank) },
        {
          name: `${def.column}_category`,
          type: 'text',
          notNull: false,
          value: (r) => {
            const category = rank(r)?.category;
            return typeof category === 'string' ? textKey(category) : null;
          },
        },
      ];
    }
    case 'product_ids':
      return []; // the key column itself
  }
}

const money = (pick: (fbm: NonNullable<ResultRow['fbm']>) => number | null): NarrowColumn['value'] => {
  return (r) => (r.fbm ? finite(pick(r.fbm)) : null);
};

/** Columns that sorts and exports read besides the filters' own. */
const EXTRA: NarrowColumn[] = [
  { name: 'fbm_cost_in_tc', type: 'float8', notNull: false, value: money((f) => f.cost_in_tc) },
  { name: 'fbm_min_price', type: 'float8', notNull: false, value: money((f) => f.min_price) },
  { name: 'fbm_std_price', type: 'float8', notNull: false, value: money((f) => f.std_price) },
  { name: 'fbm_max_price', type: 'float8', notNull: false, value: money((f) => f.max_price) },
  {
    name: 'brand',
    type: 'text',
    notNull: false,
    value: (r) => r.row_to.brand ?? r.row_cross.brand ?? null,
  },
  {
    name: 'title',
    type: 'text',
    notNull: false,
    value: (r) => r.row_to.title ?? r.row_cross.title ?? null,
  },
];

function build(): NarrowColumn[] {
  const byName = new Map<string, NarrowColumn>();
  for (const column of [...FILTERS.flatMap(columnsOf), ...EXTRA]) {
    if (!byName.has(column.name)) byName.set(column.name, column);
  }
  return [...byName.values()];
}

/** Every derived column of `report_products`, in a stable order (the migration follows it). */
export const NARROW_COLUMNS: readonly NarrowColumn[] = build();

/** The columns that depend on settings: a settings change rewrites exactly these. */
export const FBM_COLUMNS: readonly NarrowColumn[] = NARROW_COLUMNS.filter((c) => c.name.startsWith('fbm_'));

/** A result row as the narrow table stores it, keyed by column name. */
export function narrowValues(row: ResultRow, columns: readonly NarrowColumn[] = NARROW_COLUMNS) {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c.name] = c.value(row);
  return out;
}

/**
 * The column of `report_products` each results-table sort orders by, nulls last in either direction,
 * then by product ID ascending (the scan's `order by` and the held columns' order alike).
 */
export const SORT_COLUMN_OF: Record<SortKey, string> = {
  $natural: 'position',
  product_id: 'product_id',
  ppr: 'fbm_profit_percent',
  cost: 'fbm_cost_in_tc',
};
