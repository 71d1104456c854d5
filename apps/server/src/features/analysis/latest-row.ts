import type { LatestProductRow, ResultRowView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loadAnalysisReport } from './analysis-report';
import { pageJsonText, pageRowsFrom, type PageRow } from './page-rows';

/**
 * GET /v1/products/:productId/latest (the extension's "In your reports"): the product's row in the
 * newest of the user's finished reports that holds it, priced with that report's settings and marked
 * with the banned lists as the report page shows it; `latest: null` when no report of theirs has it.
 */
export async function latestProductRow(db: Db, userId: string, productId: string): Promise<LatestProductRow> {
  const found = await db.execute<{ id: string; title: string; created_at: Date | string }>(sql`
    select r.id, r.title, r.created_at
      from reports r
      join report_product_snapshots s on s.report_id = r.id and s.product_id = ${productId}
     where r.user_id = ${userId} and r.finalized
     order by r.created_at desc
     limit 1`);
  const head = found.rows[0];
  const report = head && (await loadAnalysisReport(db, userId, head.id));
  if (!head || !report) return { latest: null };
  const rows = (await db.execute<PageRow>(pageRowsFrom(report.id, sql`${sql.param([productId])}::text[]`)))
    .rows;
  // The same text the report page's rows are built from, so the two can never differ.
  const [row] = JSON.parse(pageJsonText(rows, report)) as ResultRowView[];
  if (!row) return { latest: null };
  return {
    latest: {
      report_id: report.id,
      title: head.title,
      from_country: report.fromCountry,
      to_country: report.toCountry,
      created_at: new Date(head.created_at).toISOString(),
      row,
    },
  };
}
