import { JOB_NAMES } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { JobHandlers } from '../../jobs/types';
import { purgeOldFeeEstimates } from '../fees';
import { checkReportRestrictions, findStalledPhases, giveUpPhase } from './report-phase';
import { purgeOldRestrictions } from './store';

/** Queues a report's restriction phase (one queued job per report: the queue's `short` policy). */
export const queueRestrictionPhase = (queue: JobQueue, reportId: string) =>
  queue.send(JOB_NAMES.checkRestrictions, { report_id: reportId }, { singletonKey: reportId });

export const restrictionJobs: JobHandlers = {
  [JOB_NAMES.checkRestrictions]: async ({ report_id: reportId }, ctx) => {
    try {
      return await checkReportRestrictions(ctx, reportId);
    } catch (error) {
      // pg-boss retries with backoff; after the last try the phase ends as it stands (logged), so the
      // page stops showing it as running and "Check restrictions" can ask again.
      if (ctx.job.retryCount >= ctx.job.retryLimit) {
        ctx.logger.error({ err: error, reportId }, 'restriction phase given up');
        await giveUpPhase(ctx.db, reportId);
        return 'given up';
      }
      throw error;
    }
  },
  [JOB_NAMES.purgeListingRestrictions]: async (_data, ctx) => ({
    purged: await purgeOldRestrictions(ctx.db),
    fee_estimates_purged: await purgeOldFeeEstimates(ctx.db),
  }),
};

/** Queues again the phases that stopped moving (their worker stopped or died, or the job was lost). */
export async function requeueStalledPhases(db: Db, queue: JobQueue) {
  for (const id of await findStalledPhases(db)) await queueRestrictionPhase(queue, id);
}
