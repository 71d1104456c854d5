import { JOB_NAMES, type AdminSuspendInput } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userData } from '../../../db/schema';
import type { JobQueue } from '../../../jobs/queue';
import type { Caller } from '../../auth';
import { renderAccountNotice } from '../../mail';
import { recordAudit } from '../audit';
import type { Target } from './target';

/**
 * Suspends or lifts the suspension (the specification's `suspended` flag): the guard then answers
 * 403 account_suspended to the user's next request, and the web app shows the suspended page. Sessions
 * are kept so the user can still reach support. The user is mailed only when the flag changed.
 */
export async function setSuspended(
  { db, queue }: { db: Db; queue: JobQueue },
  actor: Caller,
  target: Target,
  { suspended, reason }: AdminSuspendInput,
): Promise<number> {
  const changed = target.suspended !== suspended;
  const auditId = await db.transaction(async (tx) => {
    if (changed) await tx.update(userData).set({ suspended }).where(eq(userData.userId, target.id));
    return recordAudit(tx, actor, {
      action: suspended ? 'user.suspend' : 'user.unsuspend',
      target,
      reason,
      result: 'ok',
      details: { changed },
    });
  });
  if (changed) {
    const notice = suspended ? 'suspended' : 'unsuspended';
    await queue.send(JOB_NAMES.sendMail, renderAccountNotice(notice, target.lang, target.email));
  }
  return auditId;
}
