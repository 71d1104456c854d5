import type { AdminActionInput } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { withTx, type Db } from '../../../db/client';
import { apiError } from '../../../http/errors';
import type { Caller } from '../../auth';
import { recordAudit } from '../audit';
import { consoleNotFound } from '../operator-scope';

/**
 * Cancels a running report and gives its unspent credits back. A report's credits are its `size` (two
 * lookups a product) counted in the owner's daily usage (features/account's usageOf), so the refund is
 * `size` cut down to the lookups done: the products never looked up stop counting. One conditional
 * UPDATE does both, only while the report still runs (not finalized, not cancelled): of two cancels, or
 * a cancel and the worker's own finish (which takes the same row lock and tests the same condition), one
 * wins and the other sees nothing to change, so credits come back exactly once. The loser's audit row
 * says `refused`.
 */
export async function cancelReport(db: Db, actor: Caller, reportId: string, { reason }: AdminActionInput) {
  const [report] = (
    await db.execute<{ user_id: string; email: string; title: string }>(sql`
      select r.user_id, u.email, r.title from reports r join "user" u on u.id = r.user_id
       where r.id = ${reportId}::uuid`)
  ).rows;
  if (!report) throw consoleNotFound();
  const target = { id: report.user_id, email: report.email };
  const outcome = await withTx(db, async (tx) => {
    const [cancelled] = (
      await tx.execute<{ size: number; old_size: number }>(sql`
        update reports r
           set done_size = -1, size = r.done_size, failure = ${`Cancelled by an operator: ${reason}`.slice(0, 2000)}
          from (select id, size as old_size from reports where id = ${reportId}::uuid for update) o
         where r.id = o.id and not r.finalized and r.done_size <> -1
        returning r.size, o.old_size`)
    ).rows;
    const refunded = cancelled
      ? Math.floor((Number(cancelled.old_size ?? 0) - Number(cancelled.size)) / 2)
      : 0;
    const auditId = await recordAudit(tx, actor, {
      action: 'report.cancel',
      target,
      reason,
      result: cancelled ? 'ok' : 'refused',
      details: cancelled
        ? { report_id: reportId, title: report.title, refunded_products: refunded }
        : { report_id: reportId, why: 'not_running' },
    });
    return { cancelled: Boolean(cancelled), auditId };
  });
  if (!outcome.cancelled) throw apiError(409, 'report_not_running', 'apiErrors.admin.reportNotRunning');
  return outcome.auditId;
}
