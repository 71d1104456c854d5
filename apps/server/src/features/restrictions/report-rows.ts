import type { ReportRestriction } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Writes products' restrictions into a report in one statement: the detail the row's tag shows, the
 * narrow `to_restriction` the filter reads, the phase's count (products checked for the first time) and
 * the results version (cached filter results made before are stale).
 */
export async function writeReportRestrictions(
  db: Db,
  reportId: string,
  found: ReadonlyMap<string, ReportRestriction>,
): Promise<void> {
  if (found.size === 0) return;
  const input = [...found].map(([product_id, r]) => ({ product_id, ...r }));
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as x(product_id text, state text, reasons jsonb, approval_url text, checked_at timestamptz)
    ),
    detail as (
      insert into report_product_restrictions (report_id, product_id, state, reasons, approval_url, checked_at)
      select ${reportId}::uuid, i.product_id, i.state, i.reasons, i.approval_url, i.checked_at
        from input i
        join report_products p on p.report_id = ${reportId}::uuid and p.product_id = i.product_id
      on conflict (report_id, product_id) do update
        set state = excluded.state, reasons = excluded.reasons, approval_url = excluded.approval_url,
            checked_at = excluded.checked_at
      returning (xmax = 0) as inserted
    ),
    narrow as (
      update report_products p set to_restriction = i.state
        from input i
       where p.report_id = ${reportId}::uuid and p.product_id = i.product_id
    )
    update reports
       set restrictions_checked = least(restrictions_total,
                                        restrictions_checked + (select count(*) from detail where inserted)),
           results_version = results_version + 1,
           restrictions_at = now()
     where id = ${reportId}::uuid`);
}

/** A product's restriction in a report, or null when it was not checked. */
export async function reportRestrictionOf(db: Db, reportId: string, productId: string) {
  const result = await db.execute<{
    state: ReportRestriction['state'];
    reasons: string[];
    approval_url: string | null;
    checked_at: string;
  }>(sql`
    select state, reasons, approval_url, checked_at from report_product_restrictions
     where report_id = ${reportId}::uuid and product_id = ${productId}`);
  const row = result.rows[0];
  return row ? { ...row, checked_at: new Date(row.checked_at).toISOString() } : null;
}
