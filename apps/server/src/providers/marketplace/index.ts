import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { createSandboxMarketplace } from './sandbox';
import { createSpapiClient } from './spapi/client';
import { createSpapiMarketplace, SPAPI_ALLOWANCE } from './spapi/provider';
import { postgresLookupCache } from './spapi/lookup-cache';
import { postgresPacing } from './spapi/shared-pacing';
import { postgresCallCounter } from './spapi/call-counter';
import type { Allowance, MarketplaceProvider } from './types';

export { registerSandboxImages, sandboxImagePath } from './sandbox-images';
export { SANDBOX_BASELINE_DAY } from './sandbox-market';

/** The allowance of the provider `MARKETPLACE_PROVIDER` names, for plans made outside the worker. */
export const marketplaceAllowance = (config: Config): Allowance | undefined =>
  config.MARKETPLACE_PROVIDER === 'spapi' ? SPAPI_ALLOWANCE : undefined;

/**
 * The provider `MARKETPLACE_PROVIDER` names. With SP-API and a database, pacing is shared through
 * PostgreSQL, so every worker process using the same seller authorisation stays within one allowance,
 * and recent answers are shared between users (`LOOKUP_CACHE_SECONDS`).
 */
export function createMarketplace(
  config: Config,
  deps: { db?: Db; logger?: Logger } = {},
): MarketplaceProvider {
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
        pacing: deps.db ? postgresPacing(deps.db) : undefined,
        countCall: deps.db ? postgresCallCounter(deps.db, deps.logger) : undefined,
      }),
      {
        cache: deps.db ? postgresLookupCache(deps.db, config.LOOKUP_CACHE_SECONDS) : undefined,
        logger: deps.logger,
      },
    );
  }
  return createSandboxMarketplace({
    delayMs: config.SANDBOX_LOOKUP_DELAY_MS,
    day: config.SANDBOX_DAY ? Date.parse(`${config.SANDBOX_DAY}T00:00:00Z`) : undefined,
  });
}

export { purgeLookupCache } from './spapi/lookup-cache';
