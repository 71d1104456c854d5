import { sql } from 'drizzle-orm';
import { SpapiError } from '../../providers/marketplace/spapi/client';
import { clampPrice, offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { inventoryListings, ownedInventory, productFacts, type ListingRow, type ProductFacts } from './repo';
import { sourceMaxAgeHours } from '../inventories';
import { AuthorisationChanged, FEED_FROM } from './feed-follow';
import { pushByFeed } from './feed-push';
import { recordPush, type Change } from './record-push';
import { withoutDrift } from './drift';
import { inFlight } from './late-feeds';
import { holdsRun } from './safety';
import { storeTarget } from './store-target';
import { sendOrReadBack, type Answered } from './unknown-answer';

/** Why a listing's quantity is what it is now. */
export type QuantityReason = 'sold_out' | 'unprofitable' | 'restricted' | 'stale' | 'restock' | 'quantity';

/**
 * The quantity the listing should show and why: 0 when the seller may not list it, when its source has
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
  if (p.age_hours > staleHours) return { quantity: 0, reason: 'stale' };
  if (p.cross_status === 'nostock') return { quantity: 0, reason: 'sold_out' };
  if (!p.available || (p.stock ?? 0) <= 0) return { quantity: 0, reason: 'unprofitable' };
  return { quantity: p.stock!, reason: 'restock' };
}

/**
 * The offer's new price, only from a product priced on both sides Amazon answered, clamped to the
 * seller's range; undefined when there is nothing to price from (the last pushed price stays).
 */
export function targetOffer(p: ProductFacts) {
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
    !(unanswered && q.reason !== 'stale' && q.reason !== 'restricted') &&
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
 * sent while sync is off or paused (here or account-wide). A run that would move too many prices too far
 * (safety.ts) holds its price changes and asks the seller; quantities still go, so a sold-out source still
 * stops selling.
 */
export async function keepListingsInStep(deps: ListingsDeps, inventoryId: string): Promise<string> {
  const inventory = await ownedInventory(deps.db, null, inventoryId);
  if (!inventory?.enabled) return 'off';
  if (inventory.paused || inventory.account_paused) return 'paused';
  const target = await storeTarget(deps.store, deps.accounts, inventory.user_id, inventory.to_country);
  if (!target) return 'not-connected';
  const [rows, flying, facts, staleHours] = await Promise.all([
    inventoryListings(deps.db, inventoryId),
    inFlight(deps.db, inventoryId),
    productFacts(deps.db, inventoryId, null),
    sourceMaxAgeHours(deps.db, deps.allowance, {
      id: inventoryId,
      from: inventory.from_country,
      to: inventory.to_country,
    }),
  ]);
  const byCode = new Map(facts.map((f) => [f.code, f]));
  // A listing whose last push still waits on its feed is in flight: Amazon has not applied it yet, so its
  // figures would read as the seller's edit (drift), and what it carries may still land after anything sent
  // now. It is left until the feed ends (late-feeds.ts applies the outcome), sold-out quantities included.
  const live = rows.filter(
    (r) => (r.state === 'live' || r.state === 'pending') && r.pushed_at !== null && !flying.has(r.id),
  );
  let changes = live.flatMap((r) => {
    const p = byCode.get(r.code);
    const change = p && changeOf(r, p, staleHours);
    if (!change) return [];
    // A listing the seller changed in Seller Central waits for their choice (drift.ts), but a quantity
    // going to 0 still goes: a sold-out source must stop selling, whatever was edited by hand.
    if (r.drift !== null) return change.quantity === 0 ? [{ ...change, offer: undefined }] : [];
    return [change];
  });

  const released = inventory.hold?.released === true;
  const held = !released && holdsRun(changes, live.length);
  if (held) {
    await deps.db.execute(
      sql`update inventories set listing_hold = ${JSON.stringify({
        at: new Date().toISOString(),
        changed: held.changed,
        total: live.length,
      })}::jsonb where id = ${inventoryId}::uuid`,
    );
    changes = changes.flatMap((c) => (c.quantity === undefined ? [] : [{ ...c, offer: undefined }]));
  } else if (inventory.hold) {
    await deps.db.execute(sql`update inventories set listing_hold = null where id = ${inventoryId}::uuid`);
  }

  const readBack = await withoutDrift(deps, target, changes);
  changes = readBack.push;
  if (readBack.drifted || readBack.unread)
    deps.logger.info(
      { inventoryId, drifted: readBack.drifted, unread: readBack.unread },
      'listings not pushed',
    );

  if (deps.store.submitFeed && changes.length >= (deps.feedFrom ?? FEED_FROM)) {
    const outcome = await pushByFeed(deps, target, inventory.to_country, changes).catch((error: unknown) => {
      if (error instanceof AuthorisationChanged) return 'not-connected' as const;
      throw error;
    });
    deps.logger.info(
      { inventoryId, changes: changes.length, outcome, held: Boolean(held) },
      'listings synced by feed',
    );
    return held ? 'held' : outcome;
  }
  let pushed = 0;
  for (let i = 0; i < changes.length; i += 50) {
    await Promise.all(
      changes.slice(i, i + 50).map(async (c) => {
        let answer: Answered | undefined;
        try {
          // No answer: read back before sending again or recording (unknown-answer.ts).
          answer = await sendOrReadBack(
            deps,
            target,
            c.listing.sku,
            { price: c.offer?.price ?? null, quantity: c.quantity ?? null },
            () =>
              deps.store.patch(
                target,
                c.listing.sku,
                offerPatchBody(inventory.to_country, { offer: c.offer, quantity: c.quantity }),
              ),
          );
        } catch (error) {
          if (!(error instanceof SpapiError)) throw error;
        }
        if (answer?.status === 'ACCEPTED') pushed += 1;
        await recordPush(deps.db, c, {
          status: answer?.status ?? 'failed',
          issues: answer?.issues ?? [],
          submissionId: answer?.submissionId ?? null,
        });
      }),
    );
  }
  deps.logger.info({ inventoryId, changes: changes.length, pushed, held: Boolean(held) }, 'listings synced');
  return held ? 'held' : 'done';
}
