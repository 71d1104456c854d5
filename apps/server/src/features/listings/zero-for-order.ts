import { sql } from 'drizzle-orm';
import type { ListingsDeps } from './publish';
import { patchEach } from './push-changes';
import { ownedInventory, type ListingRow } from './repo';
import { storeTarget } from './store-target';

export type ZeroOutcome = 'zeroed' | 'already_zero' | 'refused' | 'paused' | 'not_connected' | 'gone';

/**
 * An order found the listing's source sold out (issue 60): the inventory product is marked sold out at
 * the source as the fresh lookup saw it, so no sync or retry sends its old stock back, and the listing's
 * quantity goes to 0 by the sync's own path (`patchEach`: one patch, read back when unanswered, recorded
 * with its reason, and tried again in minutes while Amazon does not take it). Only the account's pause
 * stops it, as it stops every write; the product's mark then makes the 0 the first thing sent on resume.
 */
export async function zeroListingForOrder(deps: ListingsDeps, listingId: string): Promise<ZeroOutcome> {
  const found = await deps.db.execute<ListingRow & { inventory_id: string; user_id: string }>(sql`
    select id, code, sku, marketplace_id, state, pushed_price, pushed_min_price, pushed_max_price,
           pushed_quantity, pushed_at, issues, drift, kept_from_amazon, inventory_id, user_id
      from listings where id = ${listingId}::uuid and state <> 'removed'`);
  const listing = found.rows[0];
  if (!listing) return 'gone';
  await deps.db.execute(sql`update inventory_products
      set stock = 0, snapshot = jsonb_set(coalesce(snapshot, '{}'::jsonb), '{row_cross,status}', '"nostock"')
    where inventory_id = ${listing.inventory_id}::uuid and code = ${listing.code}`);
  if (listing.pushed_quantity === 0) return 'already_zero';
  const inventory = await ownedInventory(deps.db, listing.user_id, listing.inventory_id);
  if (!inventory) return 'gone';
  if (inventory.account_paused) return 'paused';
  const target = await storeTarget(deps.store, deps.accounts, listing.user_id, inventory.to_country);
  if (!target) return 'not_connected';
  const { accepted } = await patchEach(deps, target, listing.user_id, inventory.to_country, [
    { listing, quantity: 0, reason: 'sold_out' },
  ]);
  return accepted.length > 0 ? 'zeroed' : 'refused';
}
