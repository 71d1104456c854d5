import { JOB_NAMES, type ListingRetry } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { sourceMaxAgeHours } from '../inventories';
import { productsWithoutDryRun } from './dry-run-first';
import { inFlight } from './late-feeds';
import { targetOffer, targetQuantity, zeroWithoutAnswer } from './keep-in-step';
import type { ListingsDeps } from './publish';
import { railsOf } from './publish-rails';
import { afterZeros, patchEach, quantityFirst } from './push-changes';
import type { Change } from './record-push';
import { heldParts } from './safety';
import { insertRun, ownedInventory, productFacts, setListingState, type ListingRow } from './repo';
import { sharedWithOlder } from './shared-offer';
import { storeTarget } from './store-target';

async function listingOf(db: Db, inventoryId: string, code: string, userId: string | null) {
  const rows = await db.execute<ListingRow>(sql`
    select id, code, sku, marketplace_id, state, pushed_price, pushed_min_price, pushed_max_price,
           pushed_quantity, pushed_at, issues, drift, kept_from_amazon
      from listings where inventory_id = ${inventoryId}::uuid and code = ${code}
       ${userId === null ? sql`` : sql`and user_id = ${userId}`}
     order by created_at limit 1`);
  return rows.rows[0];
}

/**
 * POST …/listings/:product_id/retry, for the owner only: a listing Amazon never took is published again
 * (a publish run of that one product, which like any publish needs a dry-run verdict of the last day);
 * one it took gets its current price and quantity sent again by the `retry-listing` job. A deleted listing
 * is not retried: the seller removed it.
 */
export async function requestRetry(
  db: Db,
  queue: JobQueue,
  userId: string,
  inventoryId: string,
  code: string,
): Promise<
  ListingRetry | 'missing' | 'removed' | 'paused' | 'drifted' | 'in_flight' | { unchecked: number }
> {
  const listing = await listingOf(db, inventoryId, code, userId);
  const inventory = listing && (await ownedInventory(db, userId, inventoryId));
  if (!listing || !inventory) return 'missing';
  if (listing.state === 'removed') return 'removed';
  if (inventory.account_paused) return 'paused';
  if (listing.pushed_at === null) {
    const unchecked = await productsWithoutDryRun(db, inventory, [code]);
    if (unchecked > 0) return { unchecked };
    const run = await insertRun(db, userId, inventoryId, 'publish', [code]);
    await queue.send(JOB_NAMES.publishListings, { run_id: run.id });
    return { product_id: code, action: 'publish', run_id: run.id };
  }
  // What a sync would leave alone, a retry does too: the seller decides on a drift first, and a push still
  // in Amazon's feed is not sent over (the sync still sends either a 0).
  if (listing.drift !== null) return 'drifted';
  if ((await inFlight(db, inventoryId)).has(listing.id)) return 'in_flight';
  await queue.send(JOB_NAMES.retryListing, { inventory_id: inventoryId, product_id: code });
  return { product_id: code, action: 'push', run_id: null };
}

/**
 * The `retry-listing` job: sends the listing's offer and quantity as they should be now (the same rules
 * as a sync: a price only from both sides answered, else the last one; an unanswered side keeps the last
 * quantity), whether or not they differ from the last push, and reads the listing back. A product no
 * longer in the inventory gets quantity 0. A retry is the seller's own request: it goes while sync is off
 * or paused for this inventory; the account-wide pause stops it. The rails apply as to a sync: a listing
 * in flight, or changed in Seller Central and not decided on, gets only a 0; a figure the seller kept as
 * Amazon has it, or one a standing hold holds back, is not sent; a 0 goes first and alone. `zeroOnly`
 * (a 0 the account's pause held back, owed-zeros.ts) sends the 0 if the product is still owed one, nothing else.
 */
export async function retryListing(
  deps: ListingsDeps,
  inventoryId: string,
  code: string,
  { zeroOnly = false }: { zeroOnly?: boolean } = {},
) {
  const inventory = await ownedInventory(deps.db, null, inventoryId);
  const listing = inventory && (await listingOf(deps.db, inventoryId, code, null));
  if (!inventory || !listing || listing.state === 'removed' || listing.pushed_at === null) return 'gone';
  // Paused after the retry was asked for: the pause wins.
  if (inventory.account_paused) return 'paused';
  const target = await storeTarget(deps.store, deps.accounts, inventory.user_id, inventory.to_country);
  if (!target) return 'not-connected';
  const [[p], rails] = await Promise.all([
    productFacts(deps.db, inventoryId, [code]),
    railsOf(deps.db, inventory),
  ]);
  const last =
    listing.pushed_price === null
      ? undefined
      : { price: listing.pushed_price, min: listing.pushed_min_price, max: listing.pushed_max_price };
  let offer = last;
  let quantity = 0;
  /** Why the quantity is what it is, for the hold (a stale, restricted or gone 0 is never held). */
  let why: string = 'gone';
  if (p) {
    const staleHours = await sourceMaxAgeHours(deps.db, deps.allowance, {
      id: inventoryId,
      from: inventory.from_country,
      to: inventory.to_country,
    });
    const q = targetQuantity(p, staleHours);
    const unanswered = p.cross_status === 'noanswer' || p.to_status === 'noanswer';
    // Not even the last price goes for a pack the seller has not confirmed: only its 0 (issue 62).
    offer = p.pack_unconfirmed ? undefined : (targetOffer(p) ?? last);
    why = q.reason;
    quantity = unanswered && !zeroWithoutAnswer(q.reason) ? (listing.pushed_quantity ?? 0) : q.quantity;
  }
  const kept = new Set(listing.kept_from_amazon);
  const change: Change = {
    listing,
    ...(offer && !kept.has('price') ? { offer } : {}),
    ...(kept.has('quantity') && quantity > 0 ? {} : { quantity }),
    reason: 'retry',
  };
  if (
    zeroOnly ||
    rails.flying.has(listing.id) ||
    listing.drift !== null ||
    (await sharedWithOlder(deps.db, inventoryId)).has(listing.id)
  ) {
    delete change.offer;
    if (change.quantity !== 0) delete change.quantity;
  }
  if (rails.hold) {
    const held = heldParts({ ...change, reason: why }, rails.hold);
    if (held.offer) delete change.offer;
    if (held.quantity) delete change.quantity;
  }
  if (change.offer === undefined && change.quantity === undefined) return 'nothing-to-send';
  const { zeros, rest } = quantityFirst([change]);
  const first = await patchEach(deps, target, inventory.user_id, inventory.to_country, zeros);
  if (first.disconnected) return 'not-connected';
  const then = await patchEach(
    deps,
    target,
    inventory.user_id,
    inventory.to_country,
    afterZeros(rest, first.accepted),
  );
  if (then.disconnected) return 'not-connected';
  if (first.accepted.length + then.accepted.length === 0) return 'refused';
  // Taken: what Amazon shows now decides the state, as after a publish.
  const item = await deps.store.get(target, listing.sku).catch(() => null);
  const issues = item?.issues ?? [];
  const state = !item?.summaries?.length
    ? 'pending'
    : issues.some((x) => x.severity === 'ERROR')
      ? 'needs_attention'
      : 'live';
  await setListingState(deps.db, inventoryId, code, state, issues);
  return 'done';
}
