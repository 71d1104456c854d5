import { JOB_NAMES } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { JobHandlers } from '../../jobs/types';
import { queueRestrictionPhase } from '../restrictions';
import { cancelReport, findStalledReports, processReport } from './process-report';
import { freeChunks } from './report-chunks';

/** How many times a worker passes on a report's helper job while it works on the report. */
const MAX_HELP_PASSES = 5;

/**
 * The report job, one set per worker: it remembers which reports this worker is on, so a helper job that
 * lands here is passed on to another worker instead of sharing this one's slot.
 */
export function createReportJobs(): JobHandlers {
  /** Reports this worker is working on: one job per report and worker, more would only share its CPU. */
  const reportsHere = new Set<string>();
  /** How often this worker has passed on a report's helper while working on the report. */
  const helpPasses = new Map<string, number>();
  // A second job for a report whose chunks are not all taken, under a key of its own so it queues beside
  // the report's own job; an idle worker picks it up and takes chunks of the same report. It does not wake
  // this process's consumers: they would take it at once, pass it on five times and give up, and another
  // worker would join only by polling in the instant between.
  const askForHelp = (queue: JobQueue, reportId: string) =>
    queue.send(
      JOB_NAMES.processReport,
      { report_id: reportId },
      { singletonKey: `${reportId}:helper`, forOthers: true },
    );

  return {
    [JOB_NAMES.processReport]: async ({ report_id: reportId }, ctx) => {
      // A helper job that landed where the report is already being worked on: pass it on. This slot polls
      // again about an interval later, and idle slots elsewhere most likely poll in between, so the request
      // usually reaches another worker instead of ending here. A few passes per report and worker: alone
      // (`npm start`), or with every worker already on the report, it would otherwise bounce every second.
      if (reportsHere.has(reportId)) {
        const passes = helpPasses.get(reportId) ?? 0;
        if (passes >= MAX_HELP_PASSES) return 'here already';
        helpPasses.set(reportId, passes + 1);
        if ((await freeChunks(ctx.db, reportId)) === 0) return 'here already';
        await askForHelp(ctx.queue, reportId);
        return 'passed on';
      }
      reportsHere.add(reportId);
      try {
        const outcome = await processReport(
          { ...ctx, askForHelp: (id) => askForHelp(ctx.queue, id) },
          reportId,
        );
        // The finish set the phase `waiting`; should this send be lost, the worker's sweep queues it.
        if (outcome === 'finalized' && ctx.marketplace.listingRestrictions) {
          await queueRestrictionPhase(ctx.queue, reportId);
        }
        return outcome;
      } catch (error) {
        // pg-boss retries with backoff; after the last try the report is cancelled with the reason logged.
        if (ctx.job.retryCount >= ctx.job.retryLimit) {
          const reason = error instanceof Error ? error.message : String(error);
          ctx.logger.error({ err: error, reportId }, 'report cancelled: it could not be processed');
          await cancelReport(ctx.db, reportId, reason);
          return 'cancelled';
        }
        throw error;
      } finally {
        reportsHere.delete(reportId);
        helpPasses.delete(reportId);
      }
    },
  };
}

/** Queues again the reports whose workers died (chunk leases ran out) or whose job was never queued. */
export async function requeueStalledReports(db: Db, queue: JobQueue) {
  for (const id of await findStalledReports(db)) {
    await queue.send(JOB_NAMES.processReport, { report_id: id }, { singletonKey: id });
  }
}
