import { createHash } from 'node:crypto';

/**
 * The safety rail's defaults: a run that would move more than `share` of the listings' prices by more
 * than `move` (a fraction of the last pushed price) holds and asks the seller. So does one that would take
 * more than `zeroShare` of the listings to quantity 0 at once, or bring more than `restockShare` of them
 * from 0 back to stock, when that is at least `atLeast` listings. A wrong exchange rate or a data fault
 * (every source read as sold out, or as back in stock) moves many figures at once; a market rarely does.
 * A small store's few sell-outs are never held: below `atLeast` a 0 always goes; so does a stale or
 * restricted one (`ALWAYS_ZERO`). While an inventory's Auto parity has jumped (`everyPriceMove`), every far
 * price move holds, whatever the share.
 */
export const SAFETY_DEFAULTS = {
  share: 0.2,
  move: 0.25,
  zeroShare: 0.3,
  restockShare: 0.3,
  atLeast: 5,
} as const;
export type SafetyLimits = typeof SAFETY_DEFAULTS;

/** What a hold holds back: price moves, quantities going to 0, quantities coming back from 0. */
export type HoldKind = 'price' | 'zero' | 'restock';

type Candidate = {
  listing: { id: string; pushed_price: number | null; pushed_quantity: number | null };
  offer?: { price: number };
  quantity?: number;
  /** Why the quantity moves (keep-in-step's `QuantityReason`, or `price`, `retry`). */
  reason?: string;
};

/**
 * Zeros the hold never holds: a source we no longer refresh (`stale`), a product the seller may not list
 * (`restricted`), one no longer in the inventory (`gone`, a retry's), or a supplier pack the seller has
 * not confirmed (`pack_unconfirmed`: a new list version can change many packs at once, each a loss).
 * Many at once means we stopped watching (updates failing, a lapsed plan), Amazon closed a category or
 * a supplier repacked: exactly when offers must stop selling, not wait for the seller.
 */
const ALWAYS_ZERO = new Set(['stale', 'restricted', 'gone', 'pack_unconfirmed']);

const movesFar = (c: Candidate, move: number) => {
  const old = c.listing.pushed_price;
  return c.offer !== undefined && old !== null && old > 0 && Math.abs(c.offer.price - old) / old > move;
};
const zeroes = (c: Candidate) =>
  c.quantity === 0 && (c.listing.pushed_quantity ?? 0) > 0 && !ALWAYS_ZERO.has(c.reason ?? '');
const restocks = (c: Candidate) =>
  c.quantity !== undefined && c.quantity > 0 && c.listing.pushed_quantity === 0;

/** Which of a change's parts a hold of these kinds holds back. */
export function heldParts(c: Candidate, kinds: readonly HoldKind[], limits: SafetyLimits = SAFETY_DEFAULTS) {
  return {
    offer: kinds.includes('price') && movesFar(c, limits.move),
    quantity: (kinds.includes('zero') && zeroes(c)) || (kinds.includes('restock') && restocks(c)),
  };
}

/**
 * Whether a run holds, and of what: the listings whose price would move too far, go to 0 or come back
 * from 0, when they are too many of the `total` listings. `fingerprint` names exactly what would be held
 * (listing and target figure), so a release approves that run and no later one with other figures.
 */
export function holdsRun(
  changes: readonly Candidate[],
  total: number,
  limits: SafetyLimits = SAFETY_DEFAULTS,
  options: { everyPriceMove?: boolean } = {},
): { changed: number; zeroed: number; restocked: number; kinds: HoldKind[]; fingerprint: string } | false {
  if (total === 0) return false;
  const changed = changes.filter((c) => movesFar(c, limits.move)).length;
  const zeroed = changes.filter(zeroes).length;
  const restocked = changes.filter(restocks).length;
  const kinds: HoldKind[] = [];
  // The inventory's Auto parity jumped (its rates changed): a run re-prices only its share of a large
  // inventory, so any far move is the jump's and waits for the seller however few there are.
  if (changed / total > limits.share || (options.everyPriceMove && changed > 0)) kinds.push('price');
  if (zeroed >= limits.atLeast && zeroed / total > limits.zeroShare) kinds.push('zero');
  if (restocked >= limits.atLeast && restocked / total > limits.restockShare) kinds.push('restock');
  if (kinds.length === 0) return false;
  const held = changes
    .map((c) => {
      const part = heldParts(c, kinds, limits);
      return `${c.listing.id}:${part.offer ? c.offer!.price.toFixed(2) : ''}:${part.quantity ? c.quantity : ''}`;
    })
    .filter((line) => !line.endsWith('::'))
    .sort();
  const fingerprint = createHash('sha256').update(held.join('\n')).digest('hex');
  return { changed, zeroed, restocked, kinds, fingerprint };
}
