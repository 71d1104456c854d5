import { historyParamsSchema, historyQuerySchema, historyResponseSchema } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { registerGuardedScope } from '../../http/guarded-scope';
import { analysisBusy, InFlightLimit, limitPerUser, QUEUED_PER_USER } from '../../http/per-user-limits';
import { guardedErrors } from '../../http/responses';
import type { MarketplaceProvider } from '../../providers/marketplace/types';
import type { Guard } from '../auth';
import { productHistory } from './read-history';

/** History reads one user may have running at once (a drawer asks both sides, an extension one). */
const READS_IN_FLIGHT = 4;

/**
 * `GET /v1/products/:marketplace/:asin/history` (session or personal API token, as every /v1 call): a
 * product's price, offer and rank history. It is public marketplace data, the same for every seller, so
 * there is no owner to check; the caller only has to be signed in.
 */
export function registerHistoryRoutes(
  app: App,
  deps: { db: Db; guard: Guard; marketplace: Pick<MarketplaceProvider, 'history'>; rateLimitScale?: number },
) {
  const limit = new InFlightLimit(READS_IN_FLIGHT, analysisBusy, QUEUED_PER_USER);
  registerGuardedScope(
    app,
    deps.guard,
    () => notFound('This product was not found.'),
    (scope) => {
      limitPerUser(scope, { db: deps.db, scale: deps.rateLimitScale ?? 1, limit });
      scope.get(
        '/v1/products/:marketplace/:asin/history',
        {
          schema: {
            params: historyParamsSchema,
            querystring: historyQuerySchema,
            response: { 200: historyResponseSchema, ...guardedErrors(400, 429) },
          },
        },
        (request) =>
          productHistory(deps.db, deps.marketplace, { ...request.params, days: request.query.days }),
      );
    },
  );
}
