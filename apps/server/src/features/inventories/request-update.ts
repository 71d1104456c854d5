import {
  INVENTORY_UPDATE_INTERVAL_MINUTES,
  INVENTORY_UPDATES_PER_HOUR,
  JOB_NAMES,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { count } from '../../http/rate-limit';
import type { JobQueue } from '../../jobs/queue';

export type UpdateRequest =
  | { outcome: 'queued' }
  | { outcome: 'not_found' }
  | { outcome: 'running' }
  | { outcome: 'too_soon'; next: Date }
  | { outcome: 'user_limit'; retryAfterSeconds: number };

/** The user's updates of this hour are used up: thrown to roll the count's increment back. */
class UserLimit extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('inventory updates per user used up');
  }
}

const HOUR_SECONDS = 3600;

/**
 * "Update now": queues the inventory's update unless it is already queued or running, or the seller
 * asked less than an hour ago. Checked and marked under the row's lock, so two clicks queue one run.
 * Across all of the user's inventories, at most INVENTORY_UPDATES_PER_HOUR are queued an hour: counted in
 * `rate_limits` under the user (deleting an inventory forgets nothing), in the same transaction, so a
 * refused or failed request does not use one up.
 */
export async function requestInventoryUpdate(
  db: Db,
  queue: JobQueue,
  userId: string,
  id: string,
): Promise<UpdateRequest> {
  const decided = await withTx(db, async (tx): Promise<UpdateRequest> => {
    const found = await tx.execute<{ status: string; requested: Date | null }>(sql`
      select update_status as status, update_requested_at as requested from inventories
       where id = ${id}::uuid and user_id = ${userId} for update`);
    const row = found.rows[0];
    if (!row) return { outcome: 'not_found' };
    if (row.status === 'queued' || row.status === 'running') return { outcome: 'running' };
    const requested = row.requested ? new Date(row.requested) : null;
    const next = requested && new Date(requested.getTime() + INVENTORY_UPDATE_INTERVAL_MINUTES * 60_000);
    if (next && next.getTime() > Date.now()) return { outcome: 'too_soon', next };
    const used = await count(tx, `inventory-update:user:${userId}`, HOUR_SECONDS);
    if (used.count > INVENTORY_UPDATES_PER_HOUR) throw new UserLimit(used.retryAfterSeconds);
    await tx.execute(sql`update inventories
      set update_status = 'queued', update_queued_at = now(), update_requested_at = now()
      where id = ${id}::uuid`);
    return { outcome: 'queued' };
  }).catch((error: unknown): UpdateRequest => {
    if (error instanceof UserLimit)
      return { outcome: 'user_limit', retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  });
  // After the commit, so the worker finds the row queued; a lost send is found by the stalled sweep.
  if (decided.outcome === 'queued') {
    await queue.send(JOB_NAMES.updateInventory, { inventory_id: id }, { singletonKey: id });
  }
  return decided;
}
