import {
  matchingRows,
  SORT_COLUMN_OF,
  type ActiveFilter,
  type NarrowColumnNeed,
  type NarrowColumnSet,
  type SortKey,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnRef } from '../../db/narrow-columns';
import { ENTRY_OVERHEAD_BYTES, MatchedIds } from './filter-cache';

// One version of one report's narrow rows held in memory (column-store.ts keeps them per process), read in
// one statement that checks the owner and the version, matched by the domain's `matchingRows` and ordered
// as the scan orders them.

type Column = Float64Array | (string | null)[] | string[][];

/** Estimated heap of a string held in a column: V8's header and up to two bytes a character. */
const stringBytes = (s: string | null) => (s === null ? 8 : 24 + 2 * s.length);

/** One version of one report's narrow rows, in product ID order (the database's), as far as loaded. */
export class ReportColumns implements NarrowColumnSet {
  readonly length: number;
  private readonly held = new Map<string, Column>();
  /** What was loaded besides the product IDs, to load it again at a newer version. */
  readonly loaded: NarrowColumnNeed[] = [];
  private readonly orders = new Map<string, Uint32Array>();
  bytes: number;

  constructor(
    readonly reportId: string,
    /** The owner the columns were loaded for (the load checked it): nobody else's call uses them. */
    readonly userId: string,
    readonly version: number,
    readonly ids: readonly string[],
  ) {
    this.length = ids.length;
    this.held.set('product_id', ids as string[]);
    this.bytes = ENTRY_OVERHEAD_BYTES + ids.reduce((n, id) => n + 8 + stringBytes(id), 0);
  }

  has(needs: readonly NarrowColumnNeed[]) {
    return needs.every((n) => this.held.has(n.name));
  }

  missing(needs: readonly NarrowColumnNeed[]) {
    return needs.filter((n) => !this.held.has(n.name));
  }

  add(need: NarrowColumnNeed, column: Column) {
    this.held.set(need.name, column);
    this.loaded.push(need);
    if (column instanceof Float64Array) this.bytes += column.byteLength;
    else {
      for (const x of column) {
        this.bytes +=
          8 + (Array.isArray(x) ? x.reduce((n, s) => n + 8 + stringBytes(s), 16) : stringBytes(x));
      }
    }
  }

  private column<T>(name: string): T {
    const column = this.held.get(name);
    if (!column) throw new Error(`column ${name} is not loaded`);
    return column as T;
  }

  number(name: string) {
    return this.column<Float64Array>(name);
  }

  text(name: string) {
    return this.column<(string | null)[]>(name);
  }

  texts(name: string) {
    return this.column<string[][]>(name);
  }

  /**
   * Every row in a view's order: the sort column (nulls last whatever the direction), then the product ID
   * ascending, as the scan's `order by` writes it. Computed once per sort of this version.
   */
  private order(key: SortKey, direction: 'asc' | 'desc') {
    const name = `${key}:${direction}`;
    let order = this.orders.get(name);
    if (order) return order;
    order = new Uint32Array(this.length);
    for (let i = 0; i < this.length; i++) order[i] = i;
    const column = SORT_COLUMN_OF[key];
    if (column === 'product_id') {
      if (direction === 'desc') order.reverse();
    } else {
      const v = this.number(column);
      const sign = direction === 'desc' ? -1 : 1;
      order.sort((i, j) => {
        const a = v[i]!;
        const b = v[j]!;
        if (a !== a || b !== b) return a !== a ? (b !== b ? i - j : 1) : -1;
        return a === b ? i - j : sign * (a - b);
      });
    }
    this.orders.set(name, order);
    this.bytes += order.byteLength;
    return order;
  }

  /** The IDs of the rows `filters` keep, in the view's order. */
  view(filters: readonly ActiveFilter[], key: SortKey, direction: 'asc' | 'desc'): MatchedIds {
    const rows = matchingRows(this, filters);
    const order = this.order(key, direction);
    const ids: string[] = [];
    if (rows.length === this.length) for (const i of order) ids.push(this.ids[i]!);
    else if (rows.length > 0) {
      const kept = new Uint8Array(this.length);
      for (const i of rows) kept[i] = 1;
      for (const i of order) if (kept[i]) ids.push(this.ids[i]!);
    }
    return new MatchedIds(ids.join(','), ids.length, ids);
  }
}

/**
 * A column as one aggregate over the report's rows in product ID order: floats as big-endian bytes, null
 * as NaN (the columns hold finite numbers only: the domain's narrow values), booleans as 1 and 0.
 */
function aggregate(need: NarrowColumnNeed): SQL {
  const column = columnRef(need.name);
  const order = sql`order by r.product_id`;
  switch (need.type) {
    case 'float8':
      return sql`string_agg(float8send(coalesce(${column}::float8, 'NaN')), ''::bytea ${order})`;
    case 'boolean':
      return sql`string_agg(float8send(coalesce(${column}::int::float8, 'NaN')), ''::bytea ${order})`;
    default:
      return sql`json_agg(${column} ${order})`;
  }
}

function floats(bytes: Buffer | null, length: number) {
  const out = new Float64Array(length);
  if (!bytes) return out;
  if (bytes.byteLength !== 8 * length)
    throw new Error(`a column of ${bytes.byteLength} bytes for ${length} rows`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < length; i++) out[i] = view.getFloat64(i * 8, false);
  return out;
}

/**
 * Loads `needs` of the user's report, and its product IDs when `into` is not given, in one statement
 * that also reads the report's version: undefined when the report is not the user's, not finalized, or
 * no longer at `into`'s version.
 */
export async function loadColumns(
  db: Db,
  userId: string,
  reportId: string,
  asked: readonly NarrowColumnNeed[],
  into?: ReportColumns,
): Promise<ReportColumns | undefined> {
  // The product IDs are the store's own order, read once.
  const needs = asked.filter((n) => n.name !== 'product_id');
  const columns = needs.map((n, i) => sql`${aggregate(n)} as ${sql.identifier(`c${i}`)}`);
  const result = await db.execute<Record<string, unknown>>(sql`
    with v as (select results_version, finalized from reports
                where id = ${reportId}::uuid and user_id = ${userId})
    select (select results_version from v) as version, (select finalized from v) as finalized,
           count(*)::int as n,
           ${into ? sql`null` : sql`string_agg(r.product_id, ',' order by r.product_id)`} as ids
           ${columns.length ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
      from report_products r
     where r.report_id = ${reportId}::uuid and exists (select 1 from v)`);
  const row = result.rows[0]!;
  const version = row.version as number | null;
  if (version === null || row.finalized !== true) return undefined;
  if (into && into.version !== version) return undefined;
  const n = row.n as number;
  if (into && into.length !== n) return undefined;
  // Every column read and checked before any is added: a store is never left half-grown.
  const read = needs.map((need, i): [NarrowColumnNeed, Column] => {
    const value = row[`c${i}`];
    const column =
      need.type === 'float8' || need.type === 'boolean'
        ? floats(value as Buffer | null, n)
        : ((value as (string | null)[] | string[][] | null) ?? []);
    if (column.length !== n) throw new Error(`column ${need.name} has ${column.length} rows, not ${n}`);
    return [need, column];
  });
  const store = into ?? new ReportColumns(reportId, userId, version, n ? (row.ids as string).split(',') : []);
  for (const [need, column] of read) store.add(need, column);
  return store;
}
