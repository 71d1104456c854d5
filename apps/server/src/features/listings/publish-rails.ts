import type { Db } from '../../db/client';
import { inFlight } from './late-feeds';
import { clampPrice, type OfferFigures } from './offer-body';
import { inventoryListings, type ListingRow, type OwnedInventory, type ProductFacts } from './repo';
import { heldParts, type HoldKind } from './safety';

/** Why a publish or a preview does not put a product that the rails stop (beside `leftOutReason`). */
export type RailReason = 'listed' | 'held' | 'drift' | 'in_flight';

/** What the rails read once per run: the inventory's listings, those in flight, and a standing hold. */
export interface Rails {
  byCode: Map<string, ListingRow>;
  flying: Set<string>;
  /** The kinds a standing (not released) hold holds back; null: no hold stands. */
  hold: HoldKind[] | null;
}

/** A hold the seller has not released; an older hold without kinds held prices only. */
export const standingHold = (inventory: Pick<OwnedInventory, 'hold'>): HoldKind[] | null =>
  inventory.hold && !inventory.hold.released ? (inventory.hold.kinds ?? ['price']) : null;

export async function railsOf(db: Db, inventory: Pick<OwnedInventory, 'id' | 'hold'>): Promise<Rails> {
  const [rows, flying] = await Promise.all([inventoryListings(db, inventory.id), inFlight(db, inventory.id)]);
  return { byCode: new Map(rows.map((r) => [r.code, r])), flying, hold: standingHold(inventory) };
}

/** An offer Amazon took and we did not remove since: live, pending, or taken and needing attention. */
export const onAmazon = (l: ListingRow | undefined): l is ListingRow =>
  l !== undefined && l.state !== 'removed' && l.pushed_at !== null;

/**
 * What a put of the product carries: our figures, except those the seller chose to keep as Amazon has
 * them (`keep_amazon` made them the listing's pushed figures), as a sync would leave them.
 */
function withKept(listing: ListingRow | undefined, ours: OfferFigures): OfferFigures {
  const kept = new Set(onAmazon(listing) ? listing.kept_from_amazon : []);
  return {
    ...ours,
    price: kept.has('price') && listing!.pushed_price !== null ? listing!.pushed_price : ours.price,
    quantity:
      kept.has('quantity') && listing!.pushed_quantity !== null ? listing!.pushed_quantity : ours.quantity,
  };
}

/**
 * The rails of a publish (and its preview, so the dry run shows what the publish will do) for a product
 * that can be listed: by default only products with no offer on Amazon are put; a re-publish, asked per
 * product, still leaves out a listing whose last push waits on a feed, one the seller changed in Seller
 * Central and has not decided on, and one whose figures a standing hold holds back. Otherwise the figures
 * to put, the seller's kept ones included.
 */
export function railed(
  rails: Rails,
  p: ProductFacts,
  republish: boolean,
): { reason: RailReason } | { figures: OfferFigures } {
  const listing = rails.byCode.get(p.code);
  const figures = withKept(listing, {
    price: p.std_price!,
    min: p.min_price,
    max: p.max_price,
    quantity: p.stock!,
  });
  if (!onAmazon(listing)) return { figures };
  if (!republish) return { reason: 'listed' };
  if (rails.flying.has(listing.id)) return { reason: 'in_flight' };
  if (listing.drift !== null) return { reason: 'drift' };
  if (rails.hold) {
    const offer = { price: clampPrice(figures.price, figures.min, figures.max) };
    const held = heldParts({ listing, offer, quantity: figures.quantity }, rails.hold);
    if (held.offer || held.quantity) return { reason: 'held' };
  }
  return { figures };
}
