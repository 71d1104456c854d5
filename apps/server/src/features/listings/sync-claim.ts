import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { RUN_LEASE_MS } from './run-results';

const LEASE = sql`make_interval(secs => ${RUN_LEASE_MS / 1000})`;
/**
 * Syncs one seller may run at once, across every worker. A sync can follow its feed for two hours; with no
 * limit, a seller with many inventories would fill every worker's sync slots and other sellers' quantity
 * 0s would wait behind them. Two, so a seller's own sold-out push still has a slot beside one long feed.
 */
export const SYNCS_PER_SELLER = 2;

/**
 * Takes the inventory's sync for this job: `claimed`; `busy` when another job syncs this inventory or the
 * seller already runs `SYNCS_PER_SELLER` syncs (the job comes back a little later); `missing`.
 */
export async function claimSync(db: Db, inventoryId: string, owner: string) {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ user_id: string }>(
      sql`select user_id from inventories where id = ${inventoryId}::uuid`,
    );
    const userId = found.rows[0]?.user_id;
    if (!userId) return 'missing' as const;
    // Two workers claiming two inventories of one seller at once must each see the other's claim.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('listing-syncs'), hashtext(${userId}))`);
    const rows = await tx.execute(sql`
      insert into listing_sync_claims (inventory_id, user_id, owner, until)
      select ${inventoryId}::uuid, ${userId}, ${owner}, now() + ${LEASE}
       where (select count(*) from listing_sync_claims c
               where c.user_id = ${userId} and c.until > now() and c.inventory_id <> ${inventoryId}::uuid)
             < ${SYNCS_PER_SELLER}
      on conflict (inventory_id) do update set owner = excluded.owner, until = excluded.until
        where listing_sync_claims.until < now()
      returning inventory_id`);
    return rows.rows.length > 0 ? ('claimed' as const) : ('busy' as const);
  });
}

/** Renews the claim while the sync works. */
export async function renewSync(db: Db, inventoryId: string, owner: string) {
  await db.execute(sql`update listing_sync_claims set until = now() + ${LEASE}
    where inventory_id = ${inventoryId}::uuid and owner = ${owner}`);
}

export async function releaseSync(db: Db, inventoryId: string, owner: string) {
  await db.execute(sql`delete from listing_sync_claims
    where inventory_id = ${inventoryId}::uuid and owner = ${owner}`);
}
