import type { AdminRunScheduleInput, JobName } from '@crossmarket/domain';
import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import type { Caller } from '../../auth';
import { recordAudit, whyFailed } from '../audit';

/**
 * One on-demand run per job in this window: pg-boss keeps a key unique only within a time slot (a bare
 * singletonKey on a standard queue is not unique), so a double click or two operators queue one run.
 */
const ON_DEMAND_SLOT_SECONDS = 300;

/**
 * Runs a daily scheduled job now (the digest, the refresh of watched products …; ADMIN_RUNNABLE_SCHEDULES,
 * each idempotent) as if its schedule had fired. Audited as retries are: an `attempt` row before pg-boss
 * is asked, its result after.
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
    jobId = await queue.send(name, {} as never, {
      singletonKey: `on-demand:${name}`,
      singletonSeconds: ON_DEMAND_SLOT_SECONDS,
    });
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
