import { SORT_COLUMN_OF, type ActiveFilter, type filtersRequestSchema } from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnRef } from '../../db/narrow-columns';
import { reportRowJson } from './analysis-report';
import { compileFilters } from './compile-filters';
import { pageRowsFrom, type PageRow } from './page-rows';
import type { z } from 'zod';

export type FiltersBody = z.output<typeof filtersRequestSchema>;

// The scan of a view not kept nor held (filter-report.ts): the report, the filtered narrow rows, their
// count and the page, in one owner-checked statement.

export type Scanned = PageRow & {
  /** The report as {@link reportRowJson} reads it (first row only); null when it is not the user's. */
  report: unknown;
  filtered_count: number;
  /** Every matching ID in the view's order, comma-joined (first row only); null when not asked for. */
  ids: string | null;
  version: number | null;
  finalized: boolean | null;
};

/**
 * The page of a view not kept, its count and the report's version, in one statement. `keep` sorts every
 * matching ID into one array (its text is kept for the page changes that follow); without it only the
 * page is sorted out of them (a top-N sort) beside their count: at 27,000 matches the full array, its
 * text and its transfer were most of the answer's time (bench: ui.click_to_paint).
 */
export function scanView(
  scans: Db,
  userId: string,
  filters: readonly ActiveFilter[],
  body: FiltersBody,
  keep: boolean,
) {
  const where = compileFilters(filters);
  const dir = sql.raw(body.sort_direction === 'desc' ? 'desc' : 'asc');
  const mine = reportRowJson(body.report_id, userId);
  const matching = sql`report_products r
           where r.report_id = ${body.report_id}::uuid and ${where} and exists (select 1 from v)`;
  const tail = (from: SQL, slice: SQL, ids: SQL) => sql`
        select ${from}, ${ids} as ids,
               (select results_version from v) as version, (select finalized from v) as finalized,
               case when coalesce(p.ord, 1) = 1 then (select report from v) end as report, p.*
          from o left join lateral (${pageRowsFrom(body.report_id, slice)}) p on true
         order by p.ord`;
  if (keep) {
    const order = sql`${columnRef(SORT_COLUMN_OF[body.sort_key])} ${dir} nulls last, r.product_id`;
    return scans.execute<Scanned>(sql`
        with v as (${mine}),
        o as (select coalesce(array_agg(r.product_id order by ${order}), '{}') as a from ${matching})
        ${tail(
          sql`cardinality(o.a) as filtered_count`,
          sql`o.a[${body.skip + 1}:${body.skip + body.limit}]`,
          sql`case when coalesce(p.ord, 1) = 1 then array_to_string(o.a, ',') end`,
        )}`);
  }
  // The same order as the kept list's, on the sort value carried out of the scan.
  return scans.execute<Scanned>(sql`
        with v as (${mine}),
        m as materialized (select r.product_id, ${columnRef(SORT_COLUMN_OF[body.sort_key])} as sort_value
                             from ${matching}),
        o as (select (select count(*)::int from m) as n,
                     array(select m.product_id from m order by m.sort_value ${dir} nulls last, m.product_id
                            limit ${body.limit} offset ${body.skip}) as a)
        ${tail(sql`o.n as filtered_count`, sql`o.a`, sql`null::text`)}`);
}
