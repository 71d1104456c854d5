import {
  matchingRows,
  narrowColumnsOf,
  type ActiveFilter,
  type NarrowColumnNeed,
  type NarrowColumnSet,
  type SortKey,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import { onScanPool, type Db } from '../../db/client';
import { columnRef } from '../../db/narrow-columns';
import { ByteLru, ENTRY_OVERHEAD_BYTES, MatchedIds } from './filter-cache';

// A new filter view of a finalized report is answered from its narrow columns held in this process,
// without scanning the report again (issue 63): the 15 conditions of a seller's screen over 50,000 rows
// take a few milliseconds here against a scan of every row in PostgreSQL. What is held is one version of
// the report (`results_version`, which every change of its rows moves); the caller reads the page with
// the report and only answers when the version it reads is still this one, so rows that changed are never
// served, here or on another server.

/** The column each sort orders by; `product_id` is the rows' own order. */
const SORT_COLUMN: Record<SortKey, string | null> = {
  $natural: 'position',
  product_id: null,
  ppr: 'fbm_profit_percent',
  cost: 'fbm_cost_in_tc',
};

const sortNeed = (key: SortKey): NarrowColumnNeed[] =>
  SORT_COLUMN[key] ? [{ name: SORT_COLUMN[key], type: 'float8' }] : [];

/** What answering `filters` under `sortKey` reads. */
export const columnsFor = (filters: readonly ActiveFilter[], sortKey: SortKey) => [
  ...narrowColumnsOf(filters),
  ...sortNeed(sortKey),
];

/** Estimated heap of a string held in a column: V8's header and up to two bytes a character. */
const stringBytes = (s: string | null) => (s === null ? 8 : 24 + 2 * s.length);

/** One version of one report's narrow rows, in product ID order (the database's), as far as loaded. */
export class ReportColumns implements NarrowColumnSet {
  readonly length: number;
  private readonly held = new Map<string, Float64Array | (string | null)[] | string[][]>();
  private readonly orders = new Map<string, Uint32Array>();
  bytes: number;

  constructor(
    readonly reportId: string,
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

  add(name: string, column: Float64Array | (string | null)[] | string[][]) {
    if (column.length !== this.length) throw new Error(`column ${name} has ${column.length} rows`);
    this.held.set(name, column);
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
    const column = SORT_COLUMN[key];
    if (column === null) {
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

/** A column as one aggregate over the report's rows in product ID order (floats as big-endian bytes). */
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
async function loadColumns(
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
  const store = into ?? new ReportColumns(reportId, version, n ? (row.ids as string).split(',') : []);
  if (store.length !== n) return undefined;
  needs.forEach((need, i) => {
    const value = row[`c${i}`];
    if (need.type === 'float8' || need.type === 'boolean') store.add(need.name, floats(value as Buffer, n));
    else store.add(need.name, (value as (string | null)[] | string[][] | null) ?? []);
  });
  return store;
}

/**
 * The reports' columns this process holds, within a byte budget (least recently used first out), one
 * version per report. Loading happens beside the calls, never in their way: a call that finds what it
 * needs held uses it, and otherwise scans as before while the missing columns load for the next one.
 */
/** Loads running at once in a process (each about two scans of its report); a call past it scans. */
const MAX_LOADS = 2;

export class ColumnStores {
  private readonly stores: ByteLru<ReportColumns>;
  private readonly loading = new Set<string>();

  constructor(
    maxBytes: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.stores = new ByteLru(maxBytes);
  }

  /** The columns of `reportId` at `version` when every one of `needs` is held. */
  ready(reportId: string, version: number, needs: readonly NarrowColumnNeed[]) {
    const store = this.stores.get(reportId);
    return store && store.version === version && store.has(needs) ? store : undefined;
  }

  /**
   * Loads in the background what `needs` lacks for the user's report at `version` (a newer version
   * replaces an older one); at most one load per report at a time.
   */
  prefetch(
    db: Db,
    userId: string,
    report: { id: string; resultsVersion: number },
    needs: readonly NarrowColumnNeed[],
  ) {
    if (this.loading.has(report.id) || this.loading.size >= MAX_LOADS) return;
    const held = this.stores.get(report.id);
    const current = held?.version === report.resultsVersion ? held : undefined;
    const missing = current ? current.missing(needs) : needs;
    if (current && missing.length === 0) return;
    this.loading.add(report.id);
    onScanPool(db, (scans) => loadColumns(scans, userId, report.id, missing, current))
      .then((store) => {
        if (!store) {
          if (current) this.stores.delete(report.id);
          return;
        }
        // A load of a newer version may have finished first.
        const now = this.stores.get(report.id);
        if (now && now !== store && now.version > store.version) return;
        this.stores.set(report.id, store, store.bytes);
      })
      .catch(this.onError)
      .finally(() => this.loading.delete(report.id));
  }

  /** {@link ReportColumns.view}, its sort orders counted in the budget as they are made. */
  view(held: ReportColumns, filters: readonly ActiveFilter[], key: SortKey, direction: 'asc' | 'desc') {
    const bytes = held.bytes;
    const matched = held.view(filters, key, direction);
    if (held.bytes !== bytes && this.stores.get(held.reportId) === held) {
      this.stores.set(held.reportId, held, held.bytes);
    }
    return matched;
  }

  /** Estimated bytes held (for tests and the bench). */
  get bytes() {
    return this.stores.bytes;
  }

  /** Resolves when no load is running (for tests). */
  async settled() {
    while (this.loading.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
