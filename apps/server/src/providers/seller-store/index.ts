import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createSpapiClient } from '../marketplace/spapi/client';
import { createSpapiSellerStore } from '../marketplace/spapi/listings-items';
import { postgresCallCounter } from '../marketplace/spapi/call-counter';
import { postgresPacing } from '../marketplace/spapi/shared-pacing';
import type { Logger } from '../../logger';
import { createSandboxSellerStore } from './sandbox';
import type { SellerStore } from './types';

export type * from './types';
export { FeedSubmissionUnknown, SEARCH_SKUS } from './types';
export { createSandboxSellerStore, sandboxShippingTemplates, sandboxStoreListings } from './sandbox';

/**
 * The sellers' Amazon stores `MARKETPLACE_PROVIDER` names: SP-API's Listings Items API (paced through the
 * same PostgreSQL buckets as every other call, so the allowance is shared across workers), or the
 * sandbox's offline store kept in PostgreSQL.
 */
export function createSellerStore(config: Config, deps: { db: Db; logger?: Logger }): SellerStore {
  if (config.MARKETPLACE_PROVIDER !== 'spapi') return createSandboxSellerStore(deps.db);
  const base = config.SPAPI_ENDPOINT;
  return createSpapiSellerStore(
    createSpapiClient({
      // Sellers' own authorisations only: no shared refresh token is ever given to the store.
      credentials: {
        clientId: config.SPAPI_CLIENT_ID!,
        clientSecret: config.SPAPI_CLIENT_SECRET!,
        refreshTokens: {},
      },
      endpoints: base ? { na: base, eu: base, fe: base } : undefined,
      lwaUrl: config.LWA_TOKEN_URL,
      pacing: postgresPacing(deps.db),
      countCall: postgresCallCounter(deps.db, deps.logger),
    }),
  );
}
