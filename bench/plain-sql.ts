// The plain SQL the analysis figures are normalised by: the page of 20 a developer would fetch by hand
// for the 15 filters of analysis.bench.ts, sorted by PPR (filter and sort the narrow rows, then read the
// snapshots of those 20 only). Its p50 measures the machine: the budgets were set where it took 25 ms
// (issue 47), so a figure divided by it compares across machines.
import { sql } from 'drizzle-orm';

/** The plain query's p50 on the machine the budgets were set on. */
export const BUDGET_MACHINE_PLAIN_SQL_MS = 25;

// The analysis bench's 15 filters written by hand, as a developer would query the table directly.
export const PLAIN_WHERE = sql`
  r.cross_buybox_price between 1 and 2000 and r.to_buybox_price >= 1 and r.cross_sellers_count >= 1
  and r.to_sellers_count <= 500 and not r.cross_is_noship and not r.to_is_nostock
  and r.to_sales_rank is not null and r.to_review_count >= 0 and r.cross_weight_lbs <= 150
  and strpos(r.to_title, ' refurbished ') = 0 and strpos(r.to_title, ' used ') = 0
  and r.to_brand <> 'generic' and r.fbm_available and r.fbm_profit_percent >= -50
  and r.cross_max_order_quantity >= 1 and r.to_review_rating >= 1`;

/** The page of 20 of `reportId` that the 15 filters leave, by PPR descending. */
export const plainPageSql = (reportId: string) => sql`
    select p.product_id, w.row_cross, w.row_to
      from (select r.product_id, r.fbm_profit_percent
              from report_products r
             where r.report_id = ${reportId}::uuid and ${PLAIN_WHERE}
             order by r.fbm_profit_percent desc nulls last, r.product_id
             limit 20) p
      join report_product_snapshots w on w.report_id = ${reportId}::uuid and w.product_id = p.product_id
     order by p.fbm_profit_percent desc nulls last, p.product_id`;
