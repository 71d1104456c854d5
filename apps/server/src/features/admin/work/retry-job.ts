import type { AdminRetryJobInput } from '@crossmarket/domain';
import type { Db } from '../../../db/client';
import { apiError } from '../../../http/errors';
import type { JobQueue } from '../../../jobs/queue';
import type { Caller } from '../../auth';
import { recordAudit, whyFailed } from '../audit';

/**
 * Puts a failed job back in its queue (pg-boss `retry`: state failed → retry, one more try allowed).
 * pg-boss changes only a job that is still `failed`, so a job retried twice at once runs once: the second
 * call finds nothing to change and is refused. The job is not in our transaction (pg-boss has its own
 * connection): an `attempt` row is written before the call and its result after, `failed` when pg-boss
 * throws, so no outcome goes unlogged.
 */
export async function retryJob(
  { db, queue }: { db: Db; queue: JobQueue },
  actor: Caller,
  jobId: string,
  { queue: name, reason }: AdminRetryJobInput,
) {
  const details = { queue: name, job_id: jobId };
  const attemptId = await recordAudit(db, actor, {
    action: 'job.retry',
    target: null,
    reason,
    result: 'attempt',
    details,
  });
  let retried: boolean;
  try {
    retried = await queue.retry(name, jobId);
  } catch (error) {
    await recordAudit(db, actor, {
      action: 'job.retry',
      target: null,
      reason,
      result: 'failed',
      details: { ...details, attempt_id: attemptId, why: whyFailed(error) },
    });
    throw error;
  }
  const auditId = await recordAudit(db, actor, {
    action: 'job.retry',
    target: null,
    reason,
    result: retried ? 'ok' : 'refused',
    details: { ...details, attempt_id: attemptId },
  });
  if (!retried) throw apiError(409, 'job_not_failed', 'apiErrors.admin.jobNotFailed');
  return auditId;
}
