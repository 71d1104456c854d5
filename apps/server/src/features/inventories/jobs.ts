import { JOB_NAMES } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { JobHandlers } from '../../jobs/types';
import { listingsDepsOf } from '../listings';
import { finishInventoryDeletion } from './delete-inventory';
import { repriceSupplierInventories } from './supplier-reprice';
import { updateInventory } from './update-inventory';
import { failInventoryUpdate, findStalledUpdates, queueDailyUpdates } from './update-schedule';

/**
 * The inventory update job, the daily schedule that queues it, a deletion waiting on Amazon, and the
 * re-pricing of supplier-fed inventories by a new version of the list.
 */
export const inventoryJobs: JobHandlers = {
  [JOB_NAMES.updateInventory]: async ({ inventory_id: inventoryId }, ctx) => {
    try {
      const outcome = await updateInventory(ctx, inventoryId);
      // Listings on Amazon follow each finished update, when the seller has sync on (features/listings).
      if (outcome === 'done') await queueListingSync(ctx.db, ctx.queue, inventoryId);
      return outcome;
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
  [JOB_NAMES.repriceFromSupplierList]: async ({ user_id: userId, list_id: listId }, ctx) =>
    repriceSupplierInventories({ ...ctx, listings: listingsDepsOf(ctx) }, userId, listId),
  [JOB_NAMES.deleteInventory]: async ({ inventory_id: inventoryId }, ctx) =>
    finishInventoryDeletion({ ...listingsDepsOf(ctx), queue: ctx.queue }, inventoryId),
};

/** The inventory's listings sync, when it is on: pushes what the update changed. */
async function queueListingSync(db: Db, queue: JobQueue, id: string) {
  const on = await db.execute(sql`select 1 from inventories where id = ${id}::uuid and listing_sync_enabled`);
  if (on.rows.length > 0) await queue.send(JOB_NAMES.syncListings, { inventory_id: id });
}

/** Queues again the updates whose workers died (their leases ran out). */
export async function requeueStalledUpdates(db: Db, queue: JobQueue) {
  for (const id of await findStalledUpdates(db)) {
    await queue.send(JOB_NAMES.updateInventory, { inventory_id: id }, { singletonKey: id });
  }
}
