import { sql } from 'drizzle-orm';

/** The filters' option lists: every selling-side category and sales-rank category, sorted. */
export function reportFacets(reportId: string) {
  return sql`jsonb_build_object(
    'categories', coalesce((
      select jsonb_agg(c order by c) from (
        select distinct jsonb_array_elements_text(row_to->'categories') as c
          from report_product_snapshots where report_id = ${reportId}::uuid) as cs), '[]'::jsonb),
    'bsr_categories', coalesce((
      select jsonb_agg(c order by c) from (
        select distinct row_to->'sales_rank'->>'category' as c
          from report_product_snapshots
         where report_id = ${reportId}::uuid and row_to->'sales_rank'->>'category' is not null) as bs),
      '[]'::jsonb))`;
}
