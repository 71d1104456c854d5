/**
 * The safety rail's defaults: a run that would move more than `share` of the listings' prices by more
 * than `move` (a fraction of the last pushed price) holds and asks the seller. A wrong exchange rate or a
 * data fault moves many prices at once; a market rarely does.
 */
export const SAFETY_DEFAULTS = { share: 0.2, move: 0.25 } as const;

/** Whether a run holds: the listings whose price would move too far, when they are too many. */
export function holdsRun(
  changes: readonly { listing: { pushed_price: number | null }; offer?: { price: number } }[],
  total: number,
  limits: { share: number; move: number } = SAFETY_DEFAULTS,
): { changed: number } | false {
  if (total === 0) return false;
  const changed = changes.filter((c) => {
    const old = c.listing.pushed_price;
    return (
      c.offer !== undefined && old !== null && old > 0 && Math.abs(c.offer.price - old) / old > limits.move
    );
  }).length;
  return changed / total > limits.share ? { changed } : false;
}
