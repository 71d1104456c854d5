import type { AdminRetryJobInput } from '@crossmarket/domain';
import type { Db } from '../../../db/client';
import { apiError } from '../../../http/errors';
import type { JobQueue } from '../../../jobs/queue';
import type { Caller } from '../../auth';
import { recordAudit } from '../audit';

/**
 * Puts a failed job back in its queue (pg-boss `retry`: state failed → retry, one more try allowed).
 * pg-boss changes only a job that is still `failed`, so a job retried twice at once runs once: the second
 * call finds nothing to change and is refused. The job is not in our transaction (pg-boss has its own
 * connection), so the audit row follows the answer.
 */
export async function retryJob(
  { db, queue }: { db: Db; queue: JobQueue },
  actor: Caller,
  jobId: string,
  { queue: name, reason }: AdminRetryJobInput,
) {
  const retried = await queue.retry(name, jobId);
  const auditId = await recordAudit(db, actor, {
    action: 'job.retry',
    target: null,
    reason,
    result: retried ? 'ok' : 'refused',
    details: { queue: name, job_id: jobId },
  });
  if (!retried) throw apiError(409, 'job_not_failed', 'apiErrors.admin.jobNotFailed');
  return auditId;
}
