import {
  inventoryAddCheckedSchema,
  inventoryAddProductsResultSchema,
  lookupRequestSchema,
  lookupResponseSchema,
} from '@crossmarket/domain';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { callerOf, idParams, registerGuardedScope } from '../../http/guarded-scope';
import { analysisBusy, InFlightLimit, limitPerUser, QUEUED_PER_USER } from '../../http/per-user-limits';
import { enforceLimit, type Limit } from '../../http/rate-limit';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { addCheckedProduct, addRefusalError } from '../inventories';
import { quickLookup, type QuickLookupDeps } from './quick-lookup';

/**
 * Quick checks one user may make in a minute, times RATE_LIMIT_SCALE, on top of the /v1 per-user limit:
 * each one asks Amazon twice, so a script (or a page reloading in a loop) must not drain the allowance
 * every seller's reports share, even with quota left.
 */
export const LOOKUP_RATE_LIMIT: Limit = { name: 'lookup', max: 20, windowSeconds: 60 };

/** Quick checks one user may have running at once (a panel asks one at a time; two tabs, two). */
const LOOKUPS_IN_FLIGHT = 2;

const missingInventory = () => notFound('This inventory was not found.');

/**
 * The browser extension's calls (session or personal API token, token-scope.ts): `POST /v1/lookup`, the
 * quick check, and `POST /v1/inventories/:id/products`, its "Add to inventory".
 */
export function registerLookupRoutes(
  app: App,
  deps: QuickLookupDeps & { guard: Guard; rateLimitScale?: number },
) {
  const scale = deps.rateLimitScale ?? 1;
  const limit = new InFlightLimit(LOOKUPS_IN_FLIGHT, analysisBusy, QUEUED_PER_USER);
  registerGuardedScope(app, deps.guard, missingInventory, (scope) => {
    limitPerUser(scope, { db: deps.db, scale, limit });
    scope.post(
      '/v1/lookup',
      {
        schema: {
          body: lookupRequestSchema,
          response: { 200: lookupResponseSchema, ...guardedErrors(400, 404, 409, 429, 503) },
        },
        bodyLimit: 4 * 1024,
        // After the guard (the scope's hook), before the body is read.
        onRequest: async (request) => {
          const key = `${LOOKUP_RATE_LIMIT.name}:${callerOf(request).userId}`;
          await enforceLimit(deps.db, key, LOOKUP_RATE_LIMIT, scale);
        },
      },
      (request) => quickLookup(deps, callerOf(request).userId, request.body),
    );

    // "Add to inventory" from the panel: the checked product, as the check saw it.
    scope.post(
      '/v1/inventories/:id/products',
      {
        schema: {
          params: idParams,
          body: inventoryAddCheckedSchema,
          response: { 200: inventoryAddProductsResultSchema, ...guardedErrors(400, 404, 409, 429) },
        },
        bodyLimit: 1024,
      },
      async (request) => {
        const { userId } = callerOf(request);
        const added = await addCheckedProduct(deps.db, userId, request.params.id, request.body.lookup_id);
        if ('refusal' in added) throw addRefusalError(added);
        return added;
      },
    );
  });
}
