import {
  narrowColumnsOf,
  SORT_COLUMN_OF,
  type ActiveFilter,
  type NarrowColumnNeed,
  type SortKey,
} from '@crossmarket/domain';
import { onScanPool, type Db } from '../../db/client';
import { ByteLru } from './filter-cache';
import { loadColumns, type ReportColumns } from './report-columns';

// A new filter view of a finalized report is answered from its narrow columns held in this process,
// without scanning the report again (issue 63): a seller's 15 conditions over 50,000 rows take a few
// milliseconds here, where the scan of every row in PostgreSQL takes twenty. What is held is one version
// of the report (`results_version`, which every change of its rows moves); the caller answers only once
// it has read the report at that same version, so rows that changed are never served, here or on
// another server.

/** What answering `filters` under `sortKey` reads (the product IDs are always held). */
export function columnsFor(filters: readonly ActiveFilter[], sortKey: SortKey): NarrowColumnNeed[] {
  const sort = SORT_COLUMN_OF[sortKey];
  const needs = narrowColumnsOf(filters);
  return sort === 'product_id' ? needs : [...needs, { name: sort, type: 'float8' }];
}

/** Loads running at once in a process (each costs about two scans of its report); past it, calls scan. */
const MAX_LOADS = 2;

/**
 * A row's estimated share of a store: its product ID, a few float columns and one text column. A report
 * whose estimate exceeds the whole budget is never loaded (it could not be kept).
 */
const ESTIMATED_ROW_BYTES = 200;

/**
 * The reports' columns this process holds, within a byte budget (the least recently used report goes
 * first), one version per report. Loading happens beside the calls, never in their way: a call that finds
 * what it needs uses it, and otherwise scans as before while the missing columns load for the next one.
 * A seller has at most one load running, so nobody's reports can take every load.
 */
export class ColumnStores {
  private readonly stores: ByteLru<ReportColumns>;
  private readonly loadingReports = new Set<string>();
  private readonly loadingUsers = new Set<string>();

  constructor(
    private readonly maxBytes: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.stores = new ByteLru(maxBytes);
  }

  /** The user's columns of `reportId` at `version`, when every one of `needs` is held. */
  ready(userId: string, reportId: string, version: number, needs: readonly NarrowColumnNeed[]) {
    const store = this.stores.get(reportId);
    if (!store || store.userId !== userId || store.version !== version) return undefined;
    return store.has(needs) ? store : undefined;
  }

  /** {@link ReportColumns.view}, the sort orders it makes counted in the budget. */
  view(held: ReportColumns, filters: readonly ActiveFilter[], key: SortKey, direction: 'asc' | 'desc') {
    const bytes = held.bytes;
    const matched = held.view(filters, key, direction);
    if (held.bytes !== bytes && this.stores.get(held.reportId) === held) {
      this.stores.set(held.reportId, held, held.bytes);
    }
    return matched;
  }

  /**
   * Loads in the background what `needs` lacks of the user's report at `version` (a newer version
   * replaces an older one). Answers the load, for tests; nothing waits for it.
   */
  prefetch(
    db: Db,
    userId: string,
    report: { id: string; resultsVersion: number; total: number },
    needs: readonly NarrowColumnNeed[],
  ): Promise<void> | undefined {
    if (this.loadingReports.has(report.id) || this.loadingUsers.has(userId)) return undefined;
    if (this.loadingReports.size >= MAX_LOADS) return undefined;
    if (report.total * ESTIMATED_ROW_BYTES > this.maxBytes) return undefined;
    const held = this.stores.get(report.id);
    const current = held?.version === report.resultsVersion && held.userId === userId ? held : undefined;
    const missing = current ? current.missing(needs) : needs;
    if (current && missing.length === 0) return undefined;
    this.loadingReports.add(report.id);
    this.loadingUsers.add(userId);
    return onScanPool(db, (scans) => loadColumns(scans, userId, report.id, missing, current))
      .then((store) => {
        if (store) this.stores.set(report.id, store, store.bytes);
        // Not the user's, not finalized, or moved on: what was held of it is of no use.
        else this.stores.delete(report.id);
      })
      .catch(this.onError)
      .finally(() => {
        this.loadingReports.delete(report.id);
        this.loadingUsers.delete(userId);
      });
  }

  /**
   * After the user saved the report's settings (every row re-priced), loads again what was held of it, at
   * the new version: the seller's next view need not scan. A product's own rates change one row: not
   * worth a whole load; the next view scans and loads as usual.
   */
  refresh(db: Db, userId: string, reportId: string): Promise<void> | undefined {
    const held = this.stores.get(reportId);
    if (!held || held.userId !== userId) return undefined;
    // A version no store has: everything held is loaded anew, at the version the load reads.
    const report = { id: reportId, resultsVersion: -1, total: held.length };
    return this.prefetch(db, userId, report, held.loaded);
  }

  /** Estimated bytes held (for tests and the bench). */
  get bytes() {
    return this.stores.bytes;
  }
}
