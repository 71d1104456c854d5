import type { Offer, RegionCode } from '@crossmarket/domain';

export type Fulfilment = 'amazon' | 'merchant';

/** Days from the moment an offer ships until it is at the buyer's door: [fewest, most]. */
type Transit = readonly [number, number];

/**
 * Estimated domestic transit per marketplace and fulfilment (Amazon's published standard delivery
 * times, rounded): FBA leaves from a fulfilment centre near the buyer, a merchant sends it by post or
 * courier. Mexico is priced for zip 11000 (Mexico City). Estimates, not promises: Amazon's API gives only
 * the time until the offer ships (`ShippingTime`), never the delivery date.
 */
export const TRANSIT_DAYS: Record<RegionCode, Record<Fulfilment, Transit>> = {
  us: { amazon: [1, 2], merchant: [3, 5] },
  ca: { amazon: [1, 3], merchant: [3, 7] },
  mx: { amazon: [2, 4], merchant: [4, 8] },
  uk: { amazon: [1, 2], merchant: [2, 4] },
  ae: { amazon: [1, 3], merchant: [3, 6] },
  au: { amazon: [2, 5], merchant: [4, 9] },
  sg: { amazon: [1, 3], merchant: [3, 7] },
};

/**
 * Shipped from one marketplace to a buyer in another country (the buying side of a cross-border report):
 * international transit and customs replace the domestic leg (AmazonGlobal standard shipping's range).
 */
export const CROSS_BORDER_TRANSIT_DAYS: Record<Fulfilment, Transit> = {
  amazon: [5, 10],
  merchant: [7, 16],
};

export function transitDays(region: RegionCode, shipTo: RegionCode, fulfilment: Fulfilment): Transit {
  return region === shipTo ? TRANSIT_DAYS[region][fulfilment] : CROSS_BORDER_TRANSIT_DAYS[fulfilment];
}

/** Whole days until the offer ships, as its marketplace says (hours rounded up to days). */
export interface ShipDays {
  min: number;
  max: number;
}

/**
 * The delivery window both providers put on an offer: its shipping time plus the transit estimate for
 * where it goes. An FBA offer that ships within 0 hours still takes the transit days to arrive. Null when
 * the shipping time is unknown.
 */
export function deliveryWindow(
  ship: ShipDays | null,
  region: RegionCode,
  shipTo: RegionCode,
  fulfilment: Fulfilment,
): Offer['s_dates'] {
  if (!ship) return null;
  const [fewest, most] = transitDays(region, shipTo, fulfilment);
  return { min_days: ship.min + fewest, max_days: Math.max(ship.min, ship.max) + most };
}
