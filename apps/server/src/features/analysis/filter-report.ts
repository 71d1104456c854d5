import {
  decodeFilters,
  FilterCodecError,
  FILTERS_BY_ID,
  type ActiveFilter,
  type FbmBlock,
  type BannedReason,
  type filtersRequestSchema,
  type IndividualRates,
  type ProductSide,
  type SortKey,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { reportFacets } from '../../db/report-facets';
import { fieldError, notFound } from '../../http/errors';
import { loadAnalysisReport, type AnalysisReport } from './analysis-report';
import { compileFilters } from './compile-filters';
import { FilterCache, MatchedIds } from './filter-cache';
import { pageJsonText, pageRowsFrom, type PageRow } from './page-rows';

export type FiltersBody = z.output<typeof filtersRequestSchema>;

export interface ResultRowView {
  product_id: string;
  row_cross: ProductSide;
  row_to: ProductSide;
  /** The product's own profit rates (they replace its rule's); null when it has none. */
  individual: IndividualRates | null;
  fbm: FbmBlock;
  banned: BannedReason | null;
}

const SORT_COLUMNS: Record<SortKey, SQL> = {
  $natural: sql`r.position`,
  product_id: sql`r.product_id`,
  ppr: sql`r.fbm_profit_percent`,
  cost: sql`r.fbm_cost_in_tc`,
};

// A seller's filter string comes back on every page and sort change: decoded (inflate, JSON, checks)
// once. Decoded filters are never mutated.
const decoded = new Map<string, ActiveFilter[]>();

/** The active filters of a request, refused (400, naming the field) when unreadable. */
export function decodeRequestFilters(encoded: string): ActiveFilter[] {
  const known = decoded.get(encoded);
  if (known) return known;
  try {
    const filters = decodeFilters(encoded);
    if (decoded.size >= 1000) decoded.delete(decoded.keys().next().value!);
    decoded.set(encoded, filters);
    return filters;
  } catch (error) {
    if (error instanceof FilterCodecError) throw fieldError('filters', error.messageKey);
    throw error;
  }
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
 * POST /v1/filters: one statement filters the narrow rows, counts them, lists every matching ID in the
 * requested order and reads the wide snapshots (and the products' own rates) of the requested page only.
 * That ordered list is kept (filter-cache.ts), so the next page of the same view reads its 20 snapshots
 * without scanning the report again; the client gets the list only when it asks (`with_ids`). The page's
 * fbm blocks are priced here with the report's settings — the same function and inputs that filled the
 * fbm columns the filters compared. Answers a JSON string built around PostgreSQL's JSON text.
 */
export async function filterReport(
  db: Db,
  userId: string,
  body: FiltersBody,
  cache?: FilterCache,
): Promise<string> {
  const filters = decodeRequestFilters(body.filters);
  // A page change of a view this server has kept: the report read, then 20 snapshots by ID.
  const last = cache?.lastVersion(body.report_id);
  const guess = last === undefined ? undefined : { id: body.report_id, resultsVersion: last };
  let matched = guess && cache!.get(FilterCache.key(guess, body.filters, body));
  let report: AnalysisReport | undefined;
  let rows: PageRow[] = [];
  if (matched) {
    report = await loadAnalysisReport(db, userId, body.report_id);
    if (!report) throw notFound('This report was not found.');
    refuseBeforeSettings(filters, report);
    if (!report.finalized || report.resultsVersion !== last) matched = undefined;
    else {
      const pageIds = sql`${sql.param(matched.slice(body.skip, body.skip + body.limit))}::text[]`;
      rows = (await db.execute<PageRow>(sql`${pageRowsFrom(report.id, pageIds)} order by u.ord`)).rows;
    }
  }
  if (!matched) {
    // A new view: the report read beside one statement that sorts the matching rows once for the count,
    // the ordered IDs (on the first row only) and the page, and reads the version its rows belong to.
    const where = compileFilters(filters);
    const dir = sql.raw(body.sort_direction === 'desc' ? 'desc' : 'asc');
    const slice = sql`o.a[${body.skip + 1}:${body.skip + body.limit}]`;
    const mine = sql`select results_version, finalized from reports where id = ${body.report_id}::uuid and user_id = ${userId}`;
    type Scanned = PageRow & {
      filtered_count: number;
      ids: string | null;
      version: number | null;
      finalized: boolean | null;
    };
    const [loaded, result] = await Promise.all([
      report ?? loadAnalysisReport(db, userId, body.report_id),
      db.execute<Scanned>(sql`
        with v as (${mine}),
        o as (
          select coalesce(array_agg(r.product_id order by ${SORT_COLUMNS[body.sort_key]} ${dir} nulls last, r.product_id), '{}') as a
            from report_products r
           where r.report_id = ${body.report_id}::uuid and ${where} and exists (select 1 from v)
        )
        select cardinality(o.a) as filtered_count,
               case when coalesce(p.ord, 1) = 1 then array_to_string(o.a, ',') end as ids,
               (select results_version from v) as version, (select finalized from v) as finalized, p.*
          from o left join lateral (${pageRowsFrom(body.report_id, slice)}) p on true
         order by p.ord`),
    ]);
    report = loaded;
    if (!report) throw notFound('This report was not found.');
    refuseBeforeSettings(filters, report);
    rows = result.rows;
    const first = result.rows[0]!;
    matched = new MatchedIds(first.ids ?? '', first.filtered_count);
    // Kept under the version read with the rows; a report still being processed is never kept.
    if (cache && first.finalized && first.version !== null) {
      cache.set(
        FilterCache.key({ id: report.id, resultsVersion: first.version }, body.filters, body),
        matched,
      );
    }
  }
  if (!report) throw notFound('This report was not found.'); // both paths above read it
  cache?.seen(report.id, report.resultsVersion);
  const facets = report.facets ?? (await liveFacets(db, report.id));
  const head = JSON.stringify({
    total: report.total,
    filtered_count: matched.length,
    settings_defined: report.settings !== null,
    categories: facets.categories,
    bsr_categories: facets.bsr_categories,
  });
  const ids = body.with_ids ? `,"filtered_ids":${matched.json()}` : '';
  return `${head.slice(0, -1)},"data":${pageJsonText(rows, report)}${ids}}`;
}

/** Option lists of a report still being processed (a finalized one keeps them). */
async function liveFacets(db: Db, reportId: string) {
  const result = await db.execute<{ facets: { categories: string[]; bsr_categories: string[] } }>(
    sql`select ${reportFacets(reportId)} as facets`,
  );
  return result.rows[0]!.facets;
}
