import type { ReportRestriction } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';

/**
 * Products the phase checks (`alias` names report_products): those Amazon knows in the selling country; a
 * `dog` cannot be listed as it is, and asking would spend the allowance to learn it.
 */
export const checkedStatus = (alias: 'p' | 'r') => sql.raw(`${alias}.to_status not in ('dog', 'noanswer')`);

/** The report's products that have a restriction, among those the phase checks: the phase's count. */
export const checkedCount = (reportId: string) => sql`(
  select count(*)::int from report_product_restrictions x
    join report_products p on p.report_id = x.report_id and p.product_id = x.product_id
   where x.report_id = ${reportId}::uuid and ${checkedStatus('p')})`;

/**
 * Writes products' restrictions into a report: the detail the row's tag shows (an answer never replaces a
 * newer one), the narrow `to_restriction` the filter reads, the phase's count (counted again, so it stays
 * exact whoever writes) and, when a state changed, the results version (cached filter results are stale).
 * The report row is locked first, as a settings save and a product's rates lock it, so writers of one
 * report take turns and never deadlock over its rows.
 */
export async function writeReportRestrictions(
  db: Db,
  reportId: string,
  found: ReadonlyMap<string, ReportRestriction>,
): Promise<void> {
  if (found.size === 0) return;
  const input = [...found].map(([product_id, r]) => ({ product_id, ...r }));
  await withTx(db, async (tx) => {
    await tx.execute(sql`select 1 from reports where id = ${reportId}::uuid for update`);
    const changed = await tx.execute<{ product_id: string }>(sql`
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
          where report_product_restrictions.checked_at <= excluded.checked_at
        returning product_id, state
      )
      update report_products p set to_restriction = d.state
        from detail d
       where p.report_id = ${reportId}::uuid and p.product_id = d.product_id
         and p.to_restriction is distinct from d.state
      returning p.product_id`);
    await tx.execute(sql`
      update reports
         set restrictions_checked = ${checkedCount(reportId)},
             results_version = results_version + ${changed.rows.length > 0 ? 1 : 0}
       where id = ${reportId}::uuid`);
  });
}
