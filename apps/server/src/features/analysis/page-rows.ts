import {
  parcelOf,
  priceProduct,
  type ProductSide,
  unpackPricingInput,
  type IndividualRates,
  type PricingContext,
  type PricingInput,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { supplierNote, supplierNotesJoin } from '../suppliers';
import { analysisReportFromJson, reportRowJson, type AnalysisReport } from './analysis-report';

/** One row of a results page as PostgreSQL sends it: the sides as JSON text, never parsed here. */
export type PageRow = {
  product_id: string | null;
  ord: number | null;
  cross: string;
  to: string;
  /** The packed pricing input (pricing-input.ts); null for a row written before it existed. */
  input: string | null;
  imin: number | null;
  istd: number | null;
  imax: number | null;
  brand: string | null;
  title: string | null;
  /** The listing restriction as JSON text; null when not checked. */
  restriction: string | null;
  /** A supplier report's line for the row as JSON text (report_supplier_rows); null on other reports. */
  supplier: string | null;
};

/**
 * The page's rows for the IDs `ids` (a text[] expression), in its order (`ord`). Pricing reads the packed
 * input and the banned lists read brand and title, so the wide sides go from PostgreSQL's text into the
 * answer without a parse and a re-serialise.
 */
export const pageRowsFrom = (reportId: string, ids: SQL) => sql`
  select u.product_id, u.ord::int as ord, w.row_cross::text as cross, w.row_to::text as "to", i.input,
         i.individual_profit_rate_min as imin, i.individual_profit_rate_std as istd,
         i.individual_profit_rate_max as imax,
         coalesce(w.row_to->>'brand', w.row_cross->>'brand') as brand,
         coalesce(w.row_to->>'title', w.row_cross->>'title') as title,
         case when x.state is null then null
              else json_build_object('state', x.state, 'reasons', x.reasons, 'approval_url', x.approval_url,
                                     'checked_at', to_char(x.checked_at at time zone 'UTC',
                                                           'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
         end as restriction,
         sup.note as supplier
    from unnest(${ids}) with ordinality as u(product_id, ord)
    join report_product_snapshots w on w.report_id = ${reportId}::uuid and w.product_id = u.product_id
    left join report_product_pricing i on i.report_id = ${reportId}::uuid and i.product_id = u.product_id
    left join report_product_restrictions x
      on x.report_id = ${reportId}::uuid and x.product_id = u.product_id
    ${supplierNotesJoin(reportId)}`;

/** A page row's pricing input (the packed one, else from its sides) and its fbm block on the report's lane. */
export function pricePageRow(r: PageRow, report: AnalysisReport) {
  const individual: IndividualRates | null =
    r.imin === null ? null : { min: r.imin, std: r.istd!, max: r.imax! };
  let sides: PricingInput;
  if (r.input === null) {
    const row_cross = JSON.parse(r.cross) as ProductSide;
    sides = { row_cross, row_to: JSON.parse(r.to), parcel: parcelOf(row_cross) };
  } else sides = unpackPricingInput(JSON.parse(r.input));
  const input = { ...sides, individual };
  const ctx: PricingContext = { toRegion: report.toCountry, lane: report.lane };
  return { input, individual, ctx, fbm: priceProduct(input, report.pricing, ctx) };
}

/** The `data` array of the answer, as JSON text: each row's sides as stored, its fbm priced here. */
export function pageJsonText(rows: readonly PageRow[], report: AnalysisReport): string {
  const parts: string[] = [];
  for (const r of rows) {
    if (r.product_id === null) continue;
    const { individual, fbm } = pricePageRow(r, report);
    const banned = report.banned({ product_id: r.product_id, brand: r.brand, title: r.title });
    parts.push(
      `{"product_id":${JSON.stringify(r.product_id)},"row_cross":${r.cross},"row_to":${r.to},` +
        `"individual":${JSON.stringify(individual)},"fbm":${JSON.stringify(fbm)},"banned":${JSON.stringify(banned)},` +
        `"restriction":${r.restriction ?? 'null'}` +
        (r.supplier ? `,"supplier":${JSON.stringify(supplierNote(r.supplier, fbm))}}` : '}'),
    );
  }
  return `[${parts.join(',')}]`;
}

/**
 * The report and, if the kept view it was paged from is still of its version (`last`), the page's rows:
 * one statement. The report rides on the first row only (its lists are the answer's largest columns).
 */
export async function readKeptPage(db: Db, userId: string, reportId: string, last: number, pageIds: SQL) {
  // Most calls of a seller's session are page changes: this statement is prepared (its text is constant).
  const result = await executeNamed<PageRow & { report: unknown }>(
    db,
    'kept_page',
    sql`
    with rep as (${reportRowJson(reportId, userId)})
    select case when row_number() over (order by p.ord) = 1 then rep.report end as report, p.*
      from rep
      left join lateral (${pageRowsFrom(reportId, pageIds)}) p
        on rep.finalized and rep.results_version = ${last}
     order by p.ord`,
  );
  const first = result.rows[0];
  return {
    report: first?.report ? analysisReportFromJson(first.report) : undefined,
    rows: result.rows.filter((r) => r.product_id !== null),
  };
}
