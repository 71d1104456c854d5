import { JOB_NAMES } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { ListingsDeps } from './publish';
import { patchEach, ZERO_RETRY_SECONDS } from './push-changes';
import { ownedInventory, type ListingRow } from './repo';
import { storeTarget } from './store-target';

/**
 * A new version of a supplier's list took away the pack confirmation of these products (issue 62: their
 * Amazon pack newly differs from the supplier's, or became unknown): each listing of them still selling
 * goes to quantity 0 at once, by the sync's own path as an order's sold-out source does (zero-for-order.ts:
 * one patch each, read back when unanswered, kept with the reason `pack_unconfirmed`, tried again in
 * minutes while Amazon does not take it). It goes whether or not the inventory syncs: a listing priced
 * from a pack nobody confirmed must not keep selling. Only the account's pause stops it; the sync and
 * retries then send the 0 first on resume, and nothing above 0 until the seller confirms (keep-in-step.ts).
 * Returns how many listings Amazon took to 0.
 */
export async function zeroListingsForPack(deps: ListingsDeps, inventoryId: string, codes: string[]) {
  if (codes.length === 0) return 0;
  const inventory = await ownedInventory(deps.db, null, inventoryId);
  if (!inventory || inventory.account_paused) return 0;
  // Still unconfirmed when read: a seller who confirmed meanwhile keeps the listing selling.
  const found = await deps.db.execute<ListingRow>(sql`
    select l.id, l.code, l.sku, l.marketplace_id, l.state, l.pushed_price, l.pushed_min_price,
           l.pushed_max_price, l.pushed_quantity, l.pushed_at, l.issues, l.drift, l.kept_from_amazon
      from listings l
      join inventory_products p on p.inventory_id = l.inventory_id and p.code = l.code
     where l.inventory_id = ${inventoryId}::uuid and l.code = any(${sql.param(codes)}::text[])
       and l.state <> 'removed' and l.pushed_at is not null and l.pushed_quantity is distinct from 0
       and p.supplier_pack in ('differs', 'unknown') and p.pack_confirmed_at is null
     order by l.code`);
  if (found.rows.length === 0) return 0;
  const target = await storeTarget(deps.store, deps.accounts, inventory.user_id, inventory.to_country);
  if (!target) return 0;
  try {
    const { accepted } = await patchEach(
      deps,
      target,
      inventory.user_id,
      inventory.to_country,
      found.rows.map((listing) => ({ listing, quantity: 0, reason: 'pack_unconfirmed' })),
    );
    return accepted.length;
  } catch (error) {
    // The re-pricing that called this is done and will not run again for these products: the listings'
    // retry jobs send the 0 in minutes instead (a retry goes while sync is off, and sends only the 0).
    deps.logger.warn({ inventoryId, err: error }, 'pack zeros failed; retried by the listings');
    for (const listing of found.rows)
      await deps.queue?.send(
        JOB_NAMES.retryListing,
        { inventory_id: inventoryId, product_id: listing.code },
        { startAfter: ZERO_RETRY_SECONDS },
      );
    return 0;
  }
}
