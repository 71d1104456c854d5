import type { RegionCode } from '../regions';
import type { RateCard } from '../schemas/lanes';

/**
 * A rate card a new seller may start a lane with (issue 59), so their first report is not all "Intl.
 * shipping not set". Always assumed: the seller's own courier quote replaces it on the Lanes page.
 *
 * We found no courier's published rate card we could cite for these lanes, so the figures are the
 * international legs the cross-border reference's worked examples assume (§8, "placeholders, not quotes"),
 * for the three lanes it works; every other lane has none and keeps its warning until the seller sets one.
 * Per parcel only: the examples price one single-item parcel, so a heavy parcel is under-costed.
 */
export interface StartingRateCard {
  from: RegionCode;
  to: RegionCode;
  card: RateCard;
  /** The day the figures were written down (the reference's compilation date). */
  as_of: string;
  /** Where the figures come from, for the seller and the auditor. */
  source: string;
}

const REFERENCE = 'Cross-border reference §8 (worked examples), compiled 2026-11-26';

export const STARTING_RATE_CARDS: readonly StartingRateCard[] = [
  {
    from: 'us',
    to: 'ca',
    // Lane A: "Forwarder + courier US→CA US$18.00 (assumption)".
    card: { per_parcel: 18, per_kg: 0, divisor: 5000, currency: 'USD' },
    as_of: '2026-11-26',
    source: `${REFERENCE}, lane A: forwarder + courier US→CA`,
  },
  {
    from: 'us',
    to: 'uk',
    // Lane B: "courier US→UK US$14.00".
    card: { per_parcel: 14, per_kg: 0, divisor: 5000, currency: 'USD' },
    as_of: '2026-11-26',
    source: `${REFERENCE}, lane B: courier US→UK`,
  },
  {
    from: 'uk',
    to: 'au',
    // Lane C: "International post/courier UK→AU £13.50 (assumption)".
    card: { per_parcel: 13.5, per_kg: 0, divisor: 5000, currency: 'GBP' },
    as_of: '2026-11-26',
    source: `${REFERENCE}, lane C: post/courier UK→AU`,
  },
];

/** The starting rate card of a lane, if it has one. */
export const startingRateCard = (from: RegionCode, to: RegionCode): StartingRateCard | undefined =>
  STARTING_RATE_CARDS.find((s) => s.from === from && s.to === to);

/** The lane's rate card is its starting one, unchanged: shown as assumed. */
export const isStartingRateCard = (from: RegionCode, to: RegionCode, card: RateCard | null): boolean => {
  const start = startingRateCard(from, to)?.card;
  return (
    !!start &&
    !!card &&
    start.per_parcel === card.per_parcel &&
    start.per_kg === card.per_kg &&
    start.divisor === card.divisor &&
    start.currency === card.currency
  );
};
