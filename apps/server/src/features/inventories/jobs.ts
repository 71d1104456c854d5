import { JOB_NAMES } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { JobHandlers } from '../../jobs/types';
import {
  failInventoryUpdate,
  findStalledUpdates,
  queueDailyUpdates,
  updateInventory,
} from './update-inventory';

/** The inventory update job and the daily schedule that queues it. */
export const inventoryJobs: JobHandlers = {
  [JOB_NAMES.updateInventory]: async ({ inventory_id: inventoryId }, ctx) => {
    try {
      return await updateInventory(ctx, inventoryId);
    } catch (error) {
      if (ctx.job.retryCount >= ctx.job.retryLimit) {
        ctx.logger.error({ err: error, inventoryId }, 'inventory update failed: out of retries');
        await failInventoryUpdate(ctx.db, inventoryId);
        return 'failed';
      }
      throw error;
    }
  },
  [JOB_NAMES.scheduleInventoryUpdates]: async (_data, { db, queue }) => queueDailyUpdates(db, queue),
};

/** Queues again the updates whose workers died (their leases ran out). */
export async function requeueStalledUpdates(db: Db, queue: JobQueue) {
  for (const id of await findStalledUpdates(db)) {
    await queue.send(JOB_NAMES.updateInventory, { inventory_id: id }, { singletonKey: id });
  }
}
