import {
  decodeFilters,
  FilterCodecError,
  FILTERS_BY_ID,
  MAX_FILTER_TERMS,
  type ActiveFilter,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { onScanPool, type Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { reportFacets } from '../../db/report-facets';
import { fieldError, notFound } from '../../http/errors';
import { NO_TIMING, type Timing } from '../../http/server-timing';
import { analysisReportFromJson, loadAnalysisReport, type AnalysisReport } from './analysis-report';
import { columnsFor, type ColumnStores } from './column-store';
import {
  approximateBytes,
  asciiBytes,
  ByteLru,
  ENTRY_OVERHEAD_BYTES,
  FilterCache,
  MatchedIds,
  resortMatches,
} from './filter-cache';
import { pageJsonText, pageRowsFrom, readKeptPage, type PageRow } from './page-rows';
import { scanView, type FiltersBody } from './scan-view';

// A seller's filter string comes back on every page and sort change: decoded (inflate, JSON, checks)
// once, and kept within a byte budget (a string inflates to at most 64 kB; its decoded value is
// estimated as it sits on the heap). Decoded filters are never mutated.
const DECODED_FILTERS_BYTES = 8 * 1024 * 1024;
export const decodedFilters = new ByteLru<ActiveFilter[]>(DECODED_FILTERS_BYTES);

/**
 * The active filters of a request, refused (400, naming the field) when unreadable or when they would
 * compile to too many conditions. Call it only once the report is known to be the caller's
 * ({@link ownedFilters}): what it decodes, it keeps.
 */
export function decodeRequestFilters(encoded: string): ActiveFilter[] {
  const known = decodedFilters.get(encoded);
  if (known) return known;
  let filters: ActiveFilter[];
  try {
    filters = decodeFilters(encoded);
  } catch (error) {
    if (error instanceof FilterCodecError) {
      const params = error.code === 'too_many_terms' ? { max: MAX_FILTER_TERMS } : undefined;
      throw fieldError('filters', error.messageKey, params);
    }
    throw error;
  }
  if (encoded !== '') {
    decodedFilters.set(
      encoded,
      filters,
      ENTRY_OVERHEAD_BYTES + asciiBytes(encoded) + approximateBytes(filters),
    );
  }
  return filters;
}

/**
 * The decoded filters of a call over `reportId`. A string decoded before comes from the cache at once
 * (the report is then read beside the scan, whose SQL checks the owner too); a new one is decoded only
 * after the report read has found the report to be the caller's, so another user's or an unknown report
 * answers 404 before any decoding or caching. `report` is that read, when it was made.
 */
export async function ownedFilters(
  db: Db,
  userId: string,
  reportId: string,
  encoded: string,
): Promise<{ filters: ActiveFilter[]; report?: AnalysisReport }> {
  const known = encoded === '' ? [] : decodedFilters.get(encoded);
  if (known) return { filters: known };
  const report = await loadAnalysisReport(db, userId, reportId);
  if (!report) throw notFound('This report was not found.');
  return { filters: decodeRequestFilters(encoded), report };
}

/** Filters that compare settings-dependent columns wait until the report has settings (400). */
export function refuseBeforeSettings(
  filters: readonly ActiveFilter[],
  report: Pick<AnalysisReport, 'settings'>,
) {
  if (report.settings) return;
  const waiting = filters.find((f) => FILTERS_BY_ID.get(f.id)?.dependsOnSettings);
  if (waiting) throw fieldError('filters', 'validation.filters.settingsFirst', { filter: waiting.id });
}

/**
 * POST /v1/filters: one statement filters the narrow rows, counts them and reads the wide snapshots (and
 * the products' own rates) of the requested page only. Asked for the list of every matching ID
 * (`with_ids`) or for a later page, it sorts them all and keeps that ordered list (filter-cache.ts), so
 * the next page of the same view reads its 20 snapshots without scanning the report again. The page's
 * fbm blocks are priced here with the report's settings — the same function and inputs that filled the
 * fbm columns the filters compared. Answers a JSON string built around PostgreSQL's JSON text.
 */
export async function filterReport(
  db: Db,
  userId: string,
  body: FiltersBody,
  { cache, columns }: { cache?: FilterCache; columns?: ColumnStores } = {},
  timing: Timing = NO_TIMING,
): Promise<string> {
  const owned = await ownedFilters(db, userId, body.report_id, body.filters);
  const { filters } = owned;
  let report = owned.report;
  // A page change of a view this server has kept: the report read, then 20 snapshots by ID.
  const last = cache?.lastVersion(body.report_id);
  const guess = last === undefined ? undefined : { id: body.report_id, resultsVersion: last };
  let matched = guess && cache!.get(FilterCache.key(guess, body.filters, body));
  let resorted = false;
  // A sort change of a kept view (the seller's next most frequent click): its matches in this sort's
  // order, without scanning the view again — once the report is known to be the caller's.
  const sibling = !matched && guess ? cache!.sibling(guess, body.filters, body) : undefined;
  if (sibling) {
    report ??= await loadAnalysisReport(db, userId, body.report_id);
    if (!report) throw notFound('This report was not found.');
    if (report.finalized && report.resultsVersion === last && report.total <= RESORT_MAX_PRODUCTS) {
      matched = await resortKept(db, userId, { guess: guess!, sibling, body, cache: cache!, timing });
      resorted = matched !== undefined;
      // The prices moved meanwhile: the scan below reads the report again, with its new settings.
      if (!resorted) report = undefined;
    }
  }
  // A new view of a report whose columns this process holds (column-store.ts): matched here, then the
  // page read with the report as for a kept view, and kept only if the report is still at that version.
  let expected = last;
  let fromColumns = false;
  if (columns && !matched) {
    const version = report ? (report.finalized ? report.resultsVersion : undefined) : last;
    const needs = columnsFor(filters, body.sort_key);
    const held = version === undefined ? undefined : columns.ready(userId, body.report_id, version, needs);
    if (held) {
      const started = performance.now();
      matched = columns.view(held, filters, body.sort_key, body.sort_direction);
      timing.add('match', performance.now() - started);
      expected = held.version;
      fromColumns = true;
    }
  }
  let rows: PageRow[] = [];
  if (matched) {
    const pageIds = sql`${sql.param(matched.slice(body.skip, body.skip + body.limit))}::text[]`;
    if (report) {
      refuseBeforeSettings(filters, report);
      if (!report.finalized || report.resultsVersion !== expected) matched = undefined;
      else {
        const page = sql`${pageRowsFrom(report.id, pageIds)} order by u.ord`;
        rows = (await timing.time('read', () => executeNamed<PageRow>(db, 'page_rows', page))).rows;
      }
    } else {
      // The report read and the page read in one statement (issue 63): the page only if the kept view is
      // still of the report's version.
      const read = await timing.time('read', () =>
        readKeptPage(db, userId, body.report_id, expected!, pageIds),
      );
      if (!read.report) throw notFound('This report was not found.');
      report = read.report;
      refuseBeforeSettings(filters, report);
      if (!report.finalized || report.resultsVersion !== expected) matched = undefined;
      else rows = read.rows;
    }
    if (matched) timing.kind(fromColumns ? 'columns' : resorted ? 'resorted' : 'kept-page');
    if (matched && fromColumns && cache) {
      cache.set(FilterCache.key({ id: report.id, resultsVersion: expected! }, body.filters, body), matched);
    }
  }
  let count = matched?.length ?? 0;
  if (!matched) {
    // A new view: one statement reads the report, filters the narrow rows and reads the page and the
    // version its rows belong to. The list is sorted and kept when asked for, and for a page past the
    // first (the seller is paging this view: its next pages then skip the scan); a view's first page
    // takes only its own rows.
    const keep = body.with_ids || body.skip > 0;
    timing.kind(keep ? 'scan-ids' : 'scan-page');
    const scanned = await timing.time('scan', () =>
      onScanPool(db, (scans) => scanView(scans, userId, filters, body, keep)),
    );
    const read = scanned.rows[0]?.report;
    report ??= read ? analysisReportFromJson(read) : undefined;
    if (!report) throw notFound('This report was not found.');
    refuseBeforeSettings(filters, report);
    rows = scanned.rows;
    const first = scanned.rows[0]!;
    count = first.filtered_count;
    if (columns && first.finalized && first.version !== null) {
      void columns.prefetch(
        db,
        userId,
        { id: report.id, resultsVersion: first.version, total: report.total },
        columnsFor(filters, body.sort_key),
      );
    }
    if (first.ids !== null) {
      matched = new MatchedIds(first.ids, first.filtered_count);
      // Kept under the version read with the rows; a report still being processed is never kept.
      if (cache && first.finalized && first.version !== null) {
        cache.set(
          FilterCache.key({ id: report.id, resultsVersion: first.version }, body.filters, body),
          matched,
        );
      }
    }
  }
  if (!report) throw notFound('This report was not found.'); // both paths above read it
  cache?.seen(report.id, report.resultsVersion);
  const facets = report.facets ?? (await liveFacets(db, report.id));
  const built = performance.now();
  const head = JSON.stringify({
    total: report.total,
    filtered_count: count,
    settings_defined: report.settings !== null,
    categories: facets.categories,
    bsr_categories: facets.bsr_categories,
  });
  const ids = body.with_ids && matched ? `,"filtered_ids":${matched.json()}` : '';
  const json = `${head.slice(0, -1)},"data":${pageJsonText(rows, report)}${ids}}`;
  timing.add('build', performance.now() - built);
  return json;
}

/**
 * The largest report whose sort changes are re-sorted here: its unfiltered list (about 3 MB kept) and the
 * re-sort (about 10 ms of the event loop) stay small beside the scan they save. A larger report scans.
 */
export const RESORT_MAX_PRODUCTS = 50_000;

/**
 * The matches of a kept view (`sibling`, the same filters under another sort) in `body`'s sort, kept for
 * the pages that follow. The order comes from the unfiltered view in that sort: kept like any view, or
 * scanned once for every view of this version of the report. Undefined when that scan found another
 * version (the prices moved meanwhile): the caller scans the view itself.
 */
async function resortKept(
  db: Db,
  userId: string,
  {
    guess,
    sibling,
    body,
    cache,
    timing,
  }: {
    guess: { id: string; resultsVersion: number };
    sibling: MatchedIds;
    body: FiltersBody;
    cache: FilterCache;
    timing: Timing;
  },
): Promise<MatchedIds | undefined> {
  const orderKey = FilterCache.key(guess, '', body);
  let order = cache.get(orderKey);
  if (!order) {
    const unfiltered = { ...body, filters: '', skip: 0, limit: 0 };
    const scanned = await timing.time('scan', () =>
      onScanPool(db, (scans) => scanView(scans, userId, [], unfiltered, true)),
    );
    const first = scanned.rows[0];
    if (!first?.finalized || first.ids === null || first.version !== guess.resultsVersion) return undefined;
    order = new MatchedIds(first.ids, first.filtered_count);
    cache.set(orderKey, order);
  }
  const sorting = performance.now();
  const matched = resortMatches(sibling, order);
  timing.add('sort', performance.now() - sorting);
  if (matched) cache.set(FilterCache.key(guess, body.filters, body), matched);
  return matched;
}

/** Option lists of a report still being processed (a finalized one keeps them). */
async function liveFacets(db: Db, reportId: string) {
  const result = await db.execute<{ facets: { categories: string[]; bsr_categories: string[] } }>(
    sql`select ${reportFacets(reportId)} as facets`,
  );
  return result.rows[0]!.facets;
}
