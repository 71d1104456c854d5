import { JOB_NAMES, type ListingRemovalChoice } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { lockForUser } from '../../db/user-lock';
import type { JobQueue } from '../../jobs/queue';
import { accountListingsPaused, removeListings, type ListingsDeps } from '../listings';

/**
 * How long the deletion waits before asking Amazon again about offers it has not confirmed yet (a refusal,
 * no answer, the account's pause, a feed of the same offers still in flight).
 */
export const DELETION_RETRY_SECONDS = 15 * 60;

/**
 * The inventory's offers that may be selling on Amazon: listings not removed that Amazon took a push of,
 * or whose push is not known to be refused (in flight, unanswered). Deleting the inventory without
 * taking these down would leave them selling with nobody watching the source.
 */
export async function listingsOnAmazon(
  db: Db,
  inventoryId: string,
): Promise<{ code: string; pushed_quantity: number | null; in_flight: boolean }[]> {
  const rows = await db.execute<{ code: string; pushed_quantity: number | null; in_flight: boolean }>(sql`
    select l.code, l.pushed_quantity,
           -- In flight: submitted or still processing, or sent without an answer in the last three days
           -- (UNKNOWN: it may still land and bring its stock back after the 0).
           exists (select 1 from listing_pushes p where p.listing_id = l.id
                      and (p.status in ('SUBMITTED', 'IN_QUEUE', 'IN_PROGRESS')
                           or (p.status = 'UNKNOWN' and p.at > now() - interval '3 days'))) as in_flight
      from listings l
     where l.inventory_id = ${inventoryId}::uuid and l.state <> 'removed'
       and (l.pushed_at is not null
            or exists (select 1 from listing_pushes p where p.listing_id = l.id and p.status <> 'INVALID'))
     order by l.code`);
  return rows.rows;
}

export type DeletionAsked =
  | { outcome: 'deleted' }
  | { outcome: 'not_found' }
  | { outcome: 'choose' }
  | { outcome: 'paused' }
  | { outcome: 'running' }
  | { outcome: 'deleting'; on_amazon: ListingRemovalChoice; listings: number };

/**
 * DELETE /api/inventories/:id. Without offers on Amazon the inventory goes at once (its products, runs
 * and listings with it). With some, the seller must say what becomes of them (quantity 0 or delete, as
 * removing products asks); then the products go (their quota is freed, nothing is left to publish or
 * sync), sync is turned off, and the inventory row with its listings and their history stays until
 * Amazon confirmed every take-down (`finishInventoryDeletion`). Asked again, the first choice stands.
 */
export async function requestInventoryDeletion(
  db: Db,
  queue: JobQueue,
  userId: string,
  inventoryId: string,
  choice: ListingRemovalChoice | undefined,
): Promise<DeletionAsked> {
  const asked = await withTx(db, async (tx): Promise<DeletionAsked> => {
    // The quota lock, as removing products takes it: the products' quota is read under it.
    await lockForUser(tx, 'inventory-quota', userId);
    const [found] = (
      await tx.execute<{ deleting: ListingRemovalChoice | null }>(sql`
        select deleting_on_amazon as deleting from inventories
         where id = ${inventoryId}::uuid and user_id = ${userId} for update`)
    ).rows;
    if (!found) return { outcome: 'not_found' };
    const listed = await listingsOnAmazon(tx, inventoryId);
    if (listed.length === 0) {
      await tx.execute(sql`delete from inventories where id = ${inventoryId}::uuid and user_id = ${userId}`);
      return { outcome: 'deleted' };
    }
    const onAmazon = found.deleting ?? choice;
    if (!onAmazon) return { outcome: 'choose' };
    // A publish under way could put an offer after the take-down was planned: it finishes first.
    const running = await tx.execute(sql`
      select 1 from listing_runs where inventory_id = ${inventoryId}::uuid and status in ('queued', 'running')`);
    if (running.rows.length > 0) return { outcome: 'running' };
    if (await accountListingsPaused(tx, userId)) return { outcome: 'paused' };
    await tx.execute(sql`
      update inventories set deleting_on_amazon = ${onAmazon}, listing_sync_enabled = false
       where id = ${inventoryId}::uuid`);
    await tx.execute(sql`delete from inventory_products where inventory_id = ${inventoryId}::uuid`);
    return { outcome: 'deleting', on_amazon: onAmazon, listings: listed.length };
  });
  if (asked.outcome === 'deleting')
    await queue.send(JOB_NAMES.deleteInventory, { inventory_id: inventoryId }, { singletonKey: inventoryId });
  return asked;
}

/** Whether a listing's take-down is confirmed: deleted (then it is no longer listed), or a 0 Amazon took. */
const confirmed = (choice: ListingRemovalChoice, l: { pushed_quantity: number | null; in_flight: boolean }) =>
  choice === 'quantity_zero' && l.pushed_quantity === 0 && !l.in_flight;

/** How soon a deletion that found a sync at work looks again. */
const SYNC_WAIT_SECONDS = 30;

/**
 * The `delete-inventory` job: takes down the offers of an inventory being deleted through the listings'
 * own removal (remove-listings.ts: each push kept with its reason, nothing while the account is paused),
 * then deletes the inventory once none is left that Amazon has not confirmed. A feed of the same offer
 * still in flight could bring its stock back after the 0, so such an offer waits and is zeroed again.
 * Until then it asks again every DELETION_RETRY_SECONDS.
 */
export async function finishInventoryDeletion(
  deps: ListingsDeps & { queue: JobQueue },
  inventoryId: string,
): Promise<string> {
  const [inventory] = (
    await deps.db.execute<{ choice: ListingRemovalChoice | null }>(
      sql`select deleting_on_amazon as choice from inventories where id = ${inventoryId}::uuid`,
    )
  ).rows;
  if (!inventory?.choice) return 'gone';
  const choice = inventory.choice;
  // A sync that claimed the inventory before its products went may still push what it read: its claim
  // must end before the offers are taken down and the inventory goes (listings' sync-claim.ts).
  const syncing = await deps.db.execute(
    sql`select 1 from listing_sync_claims where inventory_id = ${inventoryId}::uuid and until > now()`,
  );
  if (syncing.rows.length > 0) {
    await deps.queue.send(
      JOB_NAMES.deleteInventory,
      { inventory_id: inventoryId },
      { startAfter: SYNC_WAIT_SECONDS },
    );
    return 'waiting';
  }
  const open = async () =>
    (await listingsOnAmazon(deps.db, inventoryId)).filter((l) => !confirmed(choice, l));
  const before = await open();
  const ready = before.filter((l) => !l.in_flight).map((l) => l.code);
  if (ready.length > 0) await removeListings(deps, inventoryId, ready, choice);
  const left = await open();
  if (left.length === 0) {
    await deps.db.execute(
      sql`delete from inventories where id = ${inventoryId}::uuid and deleting_on_amazon is not null`,
    );
    deps.logger.info({ inventoryId, choice, listings: before.length }, 'inventory deleted after its offers');
    return 'deleted';
  }
  deps.logger.warn({ inventoryId, choice, left: left.length }, 'inventory deletion waits on Amazon');
  await deps.queue.send(
    JOB_NAMES.deleteInventory,
    { inventory_id: inventoryId },
    { startAfter: DELETION_RETRY_SECONDS },
  );
  return 'waiting';
}
