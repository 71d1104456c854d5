import type { RegionCode } from '@crossmarket/domain';

export type SpapiRegion = 'na' | 'eu' | 'fe';

/**
 * Amazon's marketplace ids, selling-partner regions, and Amazon's own retail seller per marketplace. AE,
 * AU and SG have none: we found no citable source for Amazon's retail seller id there
 * (`RETAIL_SELLER_UNKNOWN`), so Amazon's offers there show by id, never marked Amazon / SBA.
 */
export const MARKETPLACES: Record<RegionCode, { id: string; region: SpapiRegion; amazonSellerId?: string }> =
  {
    us: { id: 'ATVPDKIKX0DER', region: 'na', amazonSellerId: 'ATVPDKIKX0DER' },
    ca: { id: 'A2EUQ1WTGCTBG2', region: 'na', amazonSellerId: 'A3DWYIK6Y9EEQB' },
    mx: { id: 'A1AM78C64UM0Y8', region: 'na', amazonSellerId: 'AVDBXBAVVSXLQ' },
    uk: { id: 'A1F83G8C2ARO7P', region: 'eu', amazonSellerId: 'A3P5ROKL5A1OLE' },
    ae: { id: 'A2VIGQ35RCS4UG', region: 'eu' },
    au: { id: 'A39IBJ37TRP1C6', region: 'fe' },
    sg: { id: 'A19VAU5U5O7RUS', region: 'fe' },
  };

export const SPAPI_ENDPOINTS: Record<SpapiRegion, string> = {
  na: 'https://sellingpartnerapi-na.amazon.com',
  eu: 'https://sellingpartnerapi-eu.amazon.com',
  fe: 'https://sellingpartnerapi-fe.amazon.com',
};

export const LWA_TOKEN_URL = 'https://api.amazon.com/auth/o2/token';
