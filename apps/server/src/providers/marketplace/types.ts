import type { LookupOptions, Offer, ProductSnapshot, RegionCode } from '@crossmarket/domain';

/**
 * Whose calls these are. Reports and inventory updates draw on one allowance per seller authorisation;
 * an `update`'s full lookups stay within the updates' share of it (`UPDATE_SHARE_OF_OFFERS`), so a
 * report always finds the rest.
 */
export type LookupLane = 'report' | 'update';

/**
 * A light price check of one product in one marketplace: what an inventory update needs to re-price a
 * product it already knows, from the cheapest call that carries it. Counts and the buy box are of
 * new-condition offers only, as in a full lookup.
 */
export interface PriceCheck {
  product_id: string;
  /**
   * `ok`: new offers exist; `nostock`: none; `unknown`: the marketplace did not say (an unknown product
   * or a failed item), so only a full lookup can tell.
   */
  status: 'ok' | 'nostock' | 'unknown';
  /** The new buy box (null when no offer holds it); the import fee computed as a full lookup does. */
  buybox: (Pick<Offer, 'buy_price' | 'shipping_fee' | 'import_fee'> & { seller_id: string | null }) | null;
  /** How many new offers there are; null when unknown. */
  new_offers: number | null;
}

/**
 * How many products per second one seller authorisation may look up: light checks (`refreshPrices`)
 * and full lookups (`lookup`). `account` names the authorisation a marketplace draws on.
 */
export interface Allowance {
  account(region: RegionCode): string;
  lightPerSecond: number;
  fullPerSecond: number;
}

/**
 * Looks products up in one marketplace. Answers one snapshot per requested ID, in the same order; a
 * product the marketplace does not know comes back with status `dog`, never as a missing entry.
 */
export interface MarketplaceProvider {
  readonly name: 'sandbox' | 'spapi';
  /** How many IDs one call should carry (the provider's natural batch). */
  readonly batchSize: number;
  /** Amazon's limits the provider lives within; undefined when it has none (the sandbox). */
  readonly allowance?: Allowance;
  lookup(
    productIds: string[],
    region: RegionCode,
    options: LookupOptions & { lane?: LookupLane },
  ): Promise<ProductSnapshot[]>;
  /** Light checks, one per requested ID in the same order; without it an update looks everything up. */
  refreshPrices?(productIds: string[], region: RegionCode, options: LookupOptions): Promise<PriceCheck[]>;
}
