import { JOB_NAMES } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { JobHandlers } from '../../jobs/types';
import { checkReportRestrictions, findStalledPhases } from './report-phase';

/** Queues a report's restriction phase (one job per report at a time). */
export const queueRestrictionPhase = (queue: JobQueue, reportId: string) =>
  queue.send(JOB_NAMES.checkRestrictions, { report_id: reportId }, { singletonKey: reportId });

export const restrictionJobs: JobHandlers = {
  [JOB_NAMES.checkRestrictions]: ({ report_id: reportId }, ctx) => checkReportRestrictions(ctx, reportId),
};

/** Queues again the phases that stopped moving (their worker stopped or died, or the job was lost). */
export async function requeueStalledPhases(db: Db, queue: JobQueue) {
  for (const id of await findStalledPhases(db)) await queueRestrictionPhase(queue, id);
}
