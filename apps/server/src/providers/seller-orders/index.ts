import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { postgresCallCounter } from '../marketplace/spapi/call-counter';
import { createSpapiClient } from '../marketplace/spapi/client';
import { createSpapiSellerOrders } from '../marketplace/spapi/orders';
import { postgresPacing } from '../marketplace/spapi/shared-pacing';
import { createSandboxSellerOrders } from './sandbox';
import type { SellerOrders } from './types';

export type * from './types';
export { INCLUDED_DATA } from './types';
export {
  createSandboxSellerOrders,
  placeSandboxOrder,
  SANDBOX_ORDER_KINDS,
  type SandboxOrderKind,
} from './sandbox';

/**
 * The sellers' orders `MARKETPLACE_PROVIDER` names: SP-API (the seller's own authorisation only, paced
 * through the shared PostgreSQL buckets at Amazon's limits) or the sandbox's offline orders.
 */
export function createSellerOrders(config: Config, deps: { db: Db; logger?: Logger }): SellerOrders {
  if (config.MARKETPLACE_PROVIDER !== 'spapi') return createSandboxSellerOrders(deps.db);
  const base = config.SPAPI_ENDPOINT;
  return createSpapiSellerOrders(
    createSpapiClient({
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
