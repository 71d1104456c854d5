import type { Config } from '../../config';
import { createSandboxMarketplace } from './sandbox';
import { createSpapiClient } from './spapi/client';
import { createSpapiMarketplace } from './spapi/provider';
import type { MarketplaceProvider } from './types';

export function createMarketplace(config: Config): MarketplaceProvider {
  if (config.MARKETPLACE_PROVIDER === 'spapi') {
    const base = config.SPAPI_ENDPOINT;
    return createSpapiMarketplace(
      createSpapiClient({
        credentials: {
          clientId: config.SPAPI_CLIENT_ID!,
          clientSecret: config.SPAPI_CLIENT_SECRET!,
          refreshTokens: {
            na: config.SPAPI_REFRESH_TOKEN_NA,
            eu: config.SPAPI_REFRESH_TOKEN_EU,
            fe: config.SPAPI_REFRESH_TOKEN_FE,
          },
        },
        endpoints: base ? { na: base, eu: base, fe: base } : undefined,
        lwaUrl: config.LWA_TOKEN_URL,
      }),
    );
  }
  return createSandboxMarketplace({ delayMs: config.SANDBOX_LOOKUP_DELAY_MS });
}
