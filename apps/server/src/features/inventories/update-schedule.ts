import { JOB_NAMES } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';

// The inventory updates' schedule around the run itself (update-inventory.ts): the daily queueing, the
// worker's sweep for stalled runs, and the mark of a run that ran out of retries.

/** An update that ran out of retries: marked failed (the products keep their last prices). */
export async function failInventoryUpdate(db: Db, id: string) {
  await db.execute(sql`update inventories set update_status = 'failed', update_finished_at = now(),
    update_lease_owner = null, update_lease_until = null
    where id = ${id}::uuid and update_status in ('queued', 'running')`);
}

/** The daily schedule: every inventory with products not already updating is queued. */
export async function queueDailyUpdates(db: Db, queue: JobQueue): Promise<number> {
  const queued = await db.execute<{ id: string }>(sql`
    update inventories i set update_status = 'queued', update_queued_at = now()
     where i.update_status not in ('queued', 'running')
       and exists (select 1 from inventory_products p where p.inventory_id = i.id)
    returning id`);
  for (const { id } of queued.rows) {
    await queue.send(JOB_NAMES.updateInventory, { inventory_id: id }, { singletonKey: id });
  }
  return queued.rows.length;
}

/**
 * Updates that should be running but are not: a lease that ran out (the worker died), or queued long
 * ago with no job taking it (the enqueue was lost). The worker's sweep queues them again.
 */
export async function findStalledUpdates(db: Db): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from inventories
     where (update_status = 'running' and update_lease_until < now())
        or (update_status = 'queued' and update_queued_at < now() - interval '5 minutes')
     limit 100`);
  return rows.rows.map((r) => r.id);
}
