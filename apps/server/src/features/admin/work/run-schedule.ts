import type { AdminRunScheduleInput, JobName } from '@crossmarket/domain';
import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import type { Caller } from '../../auth';
import { recordAudit, whyFailed } from '../audit';

/**
 * Runs a scheduled job now (the daily digest, the refresh of watched products …) as if its schedule had
 * fired: every scheduled job is idempotent, so an extra run does no harm. One run waits at a time: a
 * second ask while the first is still queued is the same job (singleton key). Audited as retries are: an
 * `attempt` row before pg-boss is asked, its result after.
 */
export async function runSchedule(
  { db, queue }: { db: Db; queue: JobQueue },
  actor: Caller,
  name: JobName,
  { reason }: AdminRunScheduleInput,
) {
  const attemptId = await recordAudit(db, actor, {
    action: 'schedule.run',
    target: null,
    reason,
    result: 'attempt',
    details: { queue: name },
  });
  let jobId: string | null;
  try {
    // Every scheduled job's payload is empty (packages/domain/src/jobs.ts).
    jobId = await queue.send(name, {} as never, { singletonKey: `on-demand:${name}` });
  } catch (error) {
    await recordAudit(db, actor, {
      action: 'schedule.run',
      target: null,
      reason,
      result: 'failed',
      details: { queue: name, attempt_id: attemptId, why: whyFailed(error) },
    });
    throw error;
  }
  return recordAudit(db, actor, {
    action: 'schedule.run',
    target: null,
    reason,
    result: 'ok',
    details: { queue: name, attempt_id: attemptId, job_id: jobId, already_queued: jobId === null },
  });
}
