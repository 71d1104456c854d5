import type { LookupOptions, ProductSnapshot, RegionCode } from '@crossmarket/domain';

/**
 * Looks products up in one marketplace. Answers one snapshot per requested ID, in the same order; a
 * product the marketplace does not know comes back with status `dog`, never as a missing entry.
 */
export interface MarketplaceProvider {
  readonly name: 'sandbox' | 'spapi';
  /** How many IDs one call should carry (the provider's natural batch). */
  readonly batchSize: number;
  lookup(productIds: string[], region: RegionCode, options: LookupOptions): Promise<ProductSnapshot[]>;
}
