import { lookupRequestSchema, lookupResponseSchema } from '@crossmarket/domain';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import { analysisBusy, InFlightLimit, limitPerUser, QUEUED_PER_USER } from '../../http/per-user-limits';
import { enforceLimit, type Limit } from '../../http/rate-limit';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { quickLookup, type QuickLookupDeps } from './quick-lookup';

/**
 * Quick checks one user may make in a minute, times RATE_LIMIT_SCALE, on top of the /v1 per-user limit:
 * each one asks Amazon twice, so a script (or a page reloading in a loop) must not drain the allowance
 * every seller's reports share, even with quota left.
 */
export const LOOKUP_RATE_LIMIT: Limit = { name: 'lookup', max: 20, windowSeconds: 60 };

/** Quick checks one user may have running at once (a panel asks one at a time; two tabs, two). */
const LOOKUPS_IN_FLIGHT = 2;

/** `POST /v1/lookup`: the browser extension's quick check, session or personal API token (token-scope.ts). */
export function registerLookupRoutes(
  app: App,
  deps: QuickLookupDeps & { guard: Guard; rateLimitScale?: number },
) {
  const scale = deps.rateLimitScale ?? 1;
  registerGuardedScope(
    app,
    deps.guard,
    () => notFound(),
    (scope) => {
      limitPerUser(scope, {
        db: deps.db,
        scale,
        limit: new InFlightLimit(LOOKUPS_IN_FLIGHT, analysisBusy, QUEUED_PER_USER),
      });
      scope.addHook('onRequest', async (request) => {
        await enforceLimit(
          deps.db,
          `${LOOKUP_RATE_LIMIT.name}:${callerOf(request).userId}`,
          LOOKUP_RATE_LIMIT,
          scale,
        );
      });
      scope.post(
        '/v1/lookup',
        {
          schema: {
            body: lookupRequestSchema,
            response: { 200: lookupResponseSchema, ...guardedErrors(400, 404, 409, 429, 503) },
          },
          bodyLimit: 4 * 1024,
        },
        (request) => quickLookup(deps, callerOf(request).userId, request.body),
      );
    },
  );
}
