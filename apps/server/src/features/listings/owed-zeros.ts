import { JOB_NAMES } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';

/**
 * The account-wide pause stops every write, a 0 included: a source that sold out, a product gone from its
 * inventory or a pack nobody confirmed meanwhile leaves its offer selling. When the seller resumes, each
 * listing still showing stock on Amazon for such a product gets a zero-only retry at once (the retry sends
 * its 0 and nothing else), whether or not its inventory syncs: no offer is left selling unwatched because
 * the seller paused. Returns how many were queued.
 */
export async function queueOwedZeros(db: Db, queue: JobQueue, userId: string): Promise<number> {
  const owed = await db.execute<{ inventory_id: string; code: string }>(sql`
    select l.inventory_id, l.code
      from listings l
      left join inventory_products p on p.inventory_id = l.inventory_id and p.code = l.code
     where l.user_id = ${userId} and l.state <> 'removed' and l.pushed_at is not null
       and coalesce(l.pushed_quantity, 0) > 0
       and (p.code is null or p.stock = 0 or not p.available
            or (p.supplier_pack in ('differs', 'unknown') and p.pack_confirmed_at is null))
     order by l.inventory_id, l.code`);
  for (const { inventory_id, code } of owed.rows)
    await queue.send(JOB_NAMES.retryListing, { inventory_id, product_id: code, zero_only: true });
  return owed.rows.length;
}
