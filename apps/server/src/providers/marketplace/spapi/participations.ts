import { REGION_CODES, type RegionCode } from '@crossmarket/domain';
import type { LookupAccount, SellerAuthorisation } from '../types';
import { SpapiError, type SpapiClient } from './client';
import { MARKETPLACES } from './regions';

// The parts of getMarketplaceParticipations' answer we read (sellers.json: MarketplaceParticipation).
interface MarketplaceParticipation {
  marketplace: { id: string; countryCode?: string };
  participation: { isParticipating: boolean; hasSuspendedListings?: boolean };
}

/**
 * Which of our marketplaces in the authorisation's region its seller may sell in: those Amazon lists
 * with `isParticipating`, matched by marketplace id. Null when Amazon did not answer (unknown, not "none").
 */
export function createParticipations(client: SpapiClient) {
  return async function sellingCountries(
    region: RegionCode,
    account: LookupAccount & { own: SellerAuthorisation },
  ): Promise<RegionCode[] | null> {
    const spapiRegion = MARKETPLACES[region].region;
    try {
      const answer = await client.call<{ payload?: MarketplaceParticipation[] }>(
        spapiRegion,
        'getMarketplaceParticipations',
        '/sellers/v1/marketplaceParticipations',
        { method: 'GET', account },
      );
      const participating = new Set(
        (answer.payload ?? []).filter((p) => p.participation?.isParticipating).map((p) => p.marketplace?.id),
      );
      return REGION_CODES.filter(
        (c) => MARKETPLACES[c].region === spapiRegion && participating.has(MARKETPLACES[c].id),
      );
    } catch (error) {
      if (error instanceof SpapiError) return null;
      throw error;
    }
  };
}
