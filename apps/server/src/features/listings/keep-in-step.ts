import { sql } from 'drizzle-orm';
import { clampPrice } from './offer-body';
import type { ListingsDeps } from './publish';
import { inventoryListings, ownedInventory, productFacts, type ListingRow, type ProductFacts } from './repo';
import { sourceMaxAgeHours } from '../inventories';
import { FEED_FROM } from './feed-follow';
import { pushByFeed } from './feed-push';
import { sharedWithOlder } from './shared-offer';
import type { Change } from './record-push';
import { withoutDrift } from './drift';
import { inFlight } from './late-feeds';
import { afterZeros, patchEach, quantityFirst } from './push-changes';
import { heldParts, holdsRun } from './safety';
import { stillConnected } from './still-connected';
import { storeTarget } from './store-target';

/** Why a listing's quantity is what it is now. */
export type QuantityReason =
  'sold_out' | 'unprofitable' | 'restricted' | 'stale' | 'pack_unconfirmed' | 'restock' | 'quantity';

/**
 * Quantity reasons whose 0 goes even when a side Amazon did not answer: they come from our own facts
 * (the source's age, the seller's restrictions, a supplier pack not confirmed), not from a lookup.
 */
const OWN_ZERO: ReadonlySet<string> = new Set(['stale', 'restricted', 'pack_unconfirmed']);
export const zeroWithoutAnswer = (reason: string) => OWN_ZERO.has(reason);

/**
 * The quantity the listing should show and why: 0 when the seller may not list it, when a supplier's
 * pack that differs from Amazon's (or Amazon does not state) waits for the seller's confirmation, when its source has
 * not been refreshed for longer than `staleHours` (inventories' `sourceMaxAgeHours`), when the source sold out (its buying side has no new
 * offer), or when it is not available under the inventory's rules for any other reason (unprofitable);
 * otherwise the stock the pricing set.
 */
export function targetQuantity(
  p: ProductFacts,
  staleHours: number,
): { quantity: number; reason: QuantityReason } {
  if (p.restriction === 'cannot_list' || p.restriction === 'approval_required')
    return { quantity: 0, reason: 'restricted' };
  if (p.pack_unconfirmed) return { quantity: 0, reason: 'pack_unconfirmed' };
  if (p.age_hours > staleHours) return { quantity: 0, reason: 'stale' };
  if (p.cross_status === 'nostock') return { quantity: 0, reason: 'sold_out' };
  if (!p.available || (p.stock ?? 0) <= 0) return { quantity: 0, reason: 'unprofitable' };
  return { quantity: p.stock!, reason: 'restock' };
}

/**
 * The offer's new price, only from a product priced on both sides Amazon answered, clamped to the
 * seller's range; undefined when there is nothing to price from (the last pushed price stays), or the
 * price comes from a supplier pack the seller has not confirmed (a multipack priced as a single).
 */
export function targetOffer(p: ProductFacts) {
  if (p.pack_unconfirmed) return undefined;
  if (p.std_price === null || p.cross_status === 'noanswer' || p.to_status === 'noanswer') return undefined;
  if (!p.available) return undefined;
  return { price: clampPrice(p.std_price, p.min_price, p.max_price), min: p.min_price, max: p.max_price };
}

const differs = (a: number | null, b: number | null) =>
  (a === null) !== (b === null) || Math.abs((a ?? 0) - (b ?? 0)) >= 0.005;

export function changeOf(listing: ListingRow, p: ProductFacts, staleHours: number): Change | undefined {
  const q = targetQuantity(p, staleHours);
  const kept = new Set(listing.kept_from_amazon);
  // A price the seller chose to keep from Seller Central is theirs; so is a quantity, unless it must go
  // to 0 (sold out, restricted, stale, unprofitable): what the source cannot supply must stop selling.
  const offer = kept.has('price') ? undefined : targetOffer(p);
  const priceMoves =
    offer !== undefined &&
    (differs(offer.price, listing.pushed_price) ||
      differs(offer.min, listing.pushed_min_price) ||
      differs(offer.max, listing.pushed_max_price));
  // A side Amazon did not answer says nothing about stock: the listing keeps its quantity until an answer
  // comes or the source grows too old (then `stale` sends 0), so one failed lookup cannot empty a store.
  const unanswered = p.cross_status === 'noanswer' || p.to_status === 'noanswer';
  const quantityMoves =
    q.quantity !== listing.pushed_quantity &&
    !(unanswered && !zeroWithoutAnswer(q.reason)) &&
    !(kept.has('quantity') && q.quantity > 0);
  if (!priceMoves && !quantityMoves) return undefined;
  const reason = quantityMoves
    ? q.quantity > 0 && (listing.pushed_quantity ?? 0) > 0
      ? 'quantity'
      : q.reason
    : 'price';
  return {
    listing,
    ...(priceMoves ? { offer } : {}),
    ...(quantityMoves ? { quantity: q.quantity } : {}),
    reason,
  };
}

/**
 * The `sync-listings` job, after each inventory update (and "Update now") and when sync is turned on:
 * pushes only what changed (the offer's price, the quantity), each push logged with its reason, after
 * reading each listing back so a figure changed in Seller Central is not overwritten unasked. Nothing is
 * sent while sync is off or paused (here or account-wide). A run that would move too many prices too far,
 * or take too many quantities to 0 or back from 0 (safety.ts), holds those and asks the seller.
 *
 * A quantity 0 always gets through otherwise: it goes first and alone (`quantityFirst`), by
 * patchListingsItem even when the sync goes by feed or the listing still waits on an earlier feed, and to
 * a listing that needs attention (a refused price, an issue on read-back) as to a live one.
 */
export async function keepListingsInStep(deps: ListingsDeps, inventoryId: string): Promise<string> {
  const inventory = await ownedInventory(deps.db, null, inventoryId);
  if (!inventory?.enabled) return 'off';
  if (inventory.paused || inventory.account_paused) return 'paused';
  const target = await storeTarget(deps.store, deps.accounts, inventory.user_id, inventory.to_country);
  if (!target) return 'not-connected';
  const [rows, flying, shared, facts, staleHours] = await Promise.all([
    inventoryListings(deps.db, inventoryId),
    inFlight(deps.db, inventoryId),
    sharedWithOlder(deps.db, inventoryId),
    productFacts(deps.db, inventoryId, null),
    sourceMaxAgeHours(deps.db, deps.allowance, {
      id: inventoryId,
      from: inventory.from_country,
      to: inventory.to_country,
    }),
  ]);
  const byCode = new Map(facts.map((f) => [f.code, f]));
  // Every listing Amazon took and we did not remove: a refused later push (needs attention) leaves the
  // offer on Amazon, selling.
  const watched = rows.filter((r) => r.state !== 'removed' && r.pushed_at !== null);
  let changes = watched.flatMap((r) => {
    const p = byCode.get(r.code);
    const change = p && changeOf(r, p, staleHours);
    if (!change) return [];
    // Only a 0 reaches a listing that needs attention, one the seller changed in Seller Central (drift.ts:
    // the rest waits for their choice), or one whose last push still waits on its feed (late-feeds.ts: its
    // figures would read as the seller's edit, and what the feed carries may land after anything sent now),
    // or one whose offer an older listing of another inventory keeps (shared-offer.ts).
    const onlyZero =
      r.state === 'needs_attention' || r.drift !== null || flying.has(r.id) || shared.has(r.id);
    if (onlyZero) return change.quantity === 0 ? [{ ...change, offer: undefined }] : [];
    return [change];
  });

  const jump = inventory.parity_jump;
  const verdict = holdsRun(changes, watched.length, undefined, { everyPriceMove: jump !== null });
  const released =
    verdict && inventory.hold?.released === true && inventory.hold.fingerprint === verdict.fingerprint;
  const held = verdict && !released ? verdict : false;
  await settleParityJump(deps, inventoryId, jump, Boolean(released), Boolean(held));
  if (held) {
    const parity = jump && { from: jump.from, to: jump.to, source: jump.source, as_of: jump.as_of };
    await deps.db.execute(
      sql`update inventories set listing_hold = ${JSON.stringify({
        at: new Date().toISOString(),
        ...held,
        total: watched.length,
        ...(parity ? { parity } : {}),
      })}::jsonb where id = ${inventoryId}::uuid`,
    );
    changes = changes.flatMap((c) => {
      const part = heldParts(c, held.kinds);
      const rest = {
        ...c,
        offer: part.offer ? undefined : c.offer,
        quantity: part.quantity ? undefined : c.quantity,
        reason: part.quantity ? 'price' : c.reason,
      };
      return rest.offer === undefined && rest.quantity === undefined ? [] : [rest];
    });
  } else if (inventory.hold) {
    // Not held, or released for exactly these figures: the hold is spent with this run.
    await deps.db.execute(sql`update inventories set listing_hold = null where id = ${inventoryId}::uuid`);
  }

  // A listing in flight is not read back (Amazon has not applied our figures yet): its 0 goes as it is.
  const readBack = await withoutDrift(
    deps,
    target,
    changes.filter((c) => !flying.has(c.listing.id)),
  );
  changes = [...readBack.push, ...changes.filter((c) => flying.has(c.listing.id))];
  if (readBack.drifted || readBack.unread)
    deps.logger.info(
      { inventoryId, drifted: readBack.drifted, unread: readBack.unread },
      'listings not pushed',
    );

  const country = inventory.to_country;
  const { zeros, rest } = quantityFirst(changes);
  const first = await patchEach(deps, target, inventory.user_id, country, zeros);
  if (first.disconnected) return stopped(deps, inventoryId);
  const next = afterZeros(rest, first.accepted);
  if (deps.store.submitFeed && next.length >= (deps.feedFrom ?? FEED_FROM)) {
    if (!(await stillConnected(deps.accounts, inventory.user_id, target))) return stopped(deps, inventoryId);
    // Submitted and left to follow-listing-feeds: the inventory's claim is not held while Amazon works.
    const outcome = await pushByFeed(deps, target, country, next);
    deps.logger.info(
      { inventoryId, zeros: zeros.length, changes: next.length, outcome, held: Boolean(held) },
      'listings synced by feed',
    );
    return held ? 'held' : outcome;
  }
  const then = await patchEach(deps, target, inventory.user_id, country, next);
  if (then.disconnected) return stopped(deps, inventoryId);
  const pushed = first.accepted.length + then.accepted.length;
  deps.logger.info(
    { inventoryId, changes: zeros.length + next.length, pushed, held: Boolean(held) },
    'listings synced',
  );
  return held ? 'held' : 'done';
}

/**
 * An Auto parity's jump stands until the seller released a hold (their choice covers the new parity) or,
 * with nothing held, every product of the inventory has been re-priced since it: then no old price is
 * left to move far on its account.
 */
async function settleParityJump(
  deps: ListingsDeps,
  inventoryId: string,
  jump: { at: string } | null,
  released: boolean,
  held: boolean,
) {
  if (!jump || held) return;
  await deps.db.execute(sql`
    update inventories i set parity_jump = null
     where i.id = ${inventoryId}::uuid and i.parity_jump is not null
       and (${released} or not exists (
             select 1 from inventory_products p
              where p.inventory_id = i.id
                and (p.updated_at is null or p.updated_at < (i.parity_jump->>'at')::timestamptz)))`);
}

/** The seller disconnected Amazon, or connected another seller account, during the run: nothing more goes. */
function stopped(deps: ListingsDeps, inventoryId: string) {
  deps.logger.warn(
    { inventoryId },
    'listings sync stopped: the Amazon authorisation was removed or replaced',
  );
  return 'amazon_not_connected';
}
