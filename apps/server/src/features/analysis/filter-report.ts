import {
  decodeFilters,
  FilterCodecError,
  FILTERS_BY_ID,
  priceProduct,
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

/** The active filters of a request, refused (400, naming the field) when unreadable. */
export function decodeRequestFilters(encoded: string): ActiveFilter[] {
  try {
    return decodeFilters(encoded);
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
 * POST /v1/filters: one statement filters the narrow rows, counts them, lists every matching ID (unless
 * the client holds that list already and sends `with_ids: false`) and reads the wide snapshots (and the
 * products' own rates) of the requested page only. The page's fbm blocks are priced here with the
 * report's settings — the same function and inputs that filled the fbm columns the filters compared.
 * Answers a JSON string: the ID list goes out as PostgreSQL wrote it, without a parse and re-serialise.
 */
export async function filterReport(db: Db, userId: string, body: FiltersBody): Promise<string> {
  const filters = decodeRequestFilters(body.filters);
  const where = compileFilters(filters);
  const dir = sql.raw(body.sort_direction === 'desc' ? 'desc' : 'asc');
  const sortBy = SORT_COLUMNS[body.sort_key];
  // The report (owner, settings, banned lists) is read beside the filter statement, which checks the
  // owner itself, so the two round trips overlap.
  const [report, result] = await Promise.all([
    loadAnalysisReport(db, userId, body.report_id),
    db.execute<{ filtered_count: number; filtered_ids: string | null; data: string }>(sql`
    with m as materialized (
      select r.product_id, ${sortBy} as s
        from report_products r
       where r.report_id = ${body.report_id}::uuid and ${where}
         and exists (select 1 from reports o where o.id = ${body.report_id}::uuid and o.user_id = ${userId})
    ),
    page as (
      select product_id, s from m order by s ${dir} nulls last, product_id limit ${body.limit} offset ${body.skip}
    )
    select (select count(*)::int from m) as filtered_count,
           ${body.with_ids ? sql`(select coalesce(json_agg(product_id), '[]'::json) from m)::text` : sql`null`} as filtered_ids,
           (select coalesce(json_agg(json_build_object(
                     'product_id', p.product_id, 'row_cross', w.row_cross, 'row_to', w.row_to,
                     'individual', case when i.individual_profit_rate_min is not null then json_build_object(
                       'min', i.individual_profit_rate_min, 'std', i.individual_profit_rate_std,
                       'max', i.individual_profit_rate_max) end)
                     order by p.s ${dir} nulls last, p.product_id), '[]'::json)
              from page p
              join report_product_snapshots w on w.report_id = ${body.report_id}::uuid and w.product_id = p.product_id
              left join report_product_pricing i on i.report_id = ${body.report_id}::uuid and i.product_id = p.product_id
           )::text as data`),
  ]);
  if (!report) throw notFound('This report was not found.');
  refuseBeforeSettings(filters, report);
  const row = result.rows[0]!;
  const page = JSON.parse(row.data) as Omit<ResultRowView, 'fbm' | 'banned'>[];
  const data: ResultRowView[] = page.map((p) => ({
    ...p,
    fbm: priceProduct(p, report.pricing, { toRegion: report.toCountry }),
    banned: report.banned({
      product_id: p.product_id,
      brand: p.row_to.brand ?? p.row_cross.brand,
      title: p.row_to.title ?? p.row_cross.title,
    }),
  }));
  const facets = report.facets ?? (await liveFacets(db, report.id));
  const head = JSON.stringify({
    total: report.total,
    filtered_count: row.filtered_count,
    settings_defined: report.settings !== null,
    categories: facets.categories,
    bsr_categories: facets.bsr_categories,
    data,
  });
  return row.filtered_ids === null ? head : `${head.slice(0, -1)},"filtered_ids":${row.filtered_ids}}`;
}

/** Option lists of a report still being processed (a finalized one keeps them). */
async function liveFacets(db: Db, reportId: string) {
  const result = await db.execute<{ facets: { categories: string[]; bsr_categories: string[] } }>(
    sql`select ${reportFacets(reportId)} as facets`,
  );
  return result.rows[0]!.facets;
}
