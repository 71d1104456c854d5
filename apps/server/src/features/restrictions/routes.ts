import {
  PRODUCT_ID,
  productRestrictionResponseSchema,
  restrictionsStartRequestSchema,
  restrictionsStartResponseSchema,
} from '@crossmarket/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import { enforceLimit, type Limit } from '../../http/rate-limit';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { checkProductAgain, startRestrictionPhase, type RestrictionDeps } from './check-again';

/** "Check again" asks Amazon at once, on the seller's own allowance: a few a minute, times the scale. */
export const CHECK_AGAIN_LIMIT: Limit = { name: 'restriction-check', max: 30, windowSeconds: 60 };

const missingReport = () => notFound('This report was not found.');
const productParams = z.object({ id: z.uuid(), productId: z.string().regex(PRODUCT_ID) });

/** A malformed product ID names no product of the report, like an unknown one: 404 before the body. */
async function knownProductShape(request: FastifyRequest) {
  const { productId } = request.params as { productId?: string };
  if (!PRODUCT_ID.test(productId ?? '')) throw notFound('This product was not found in the report.');
}

/** The listing restriction calls over a report (`/v1/*`, session or token). */
export function registerRestrictionRoutes(
  app: App,
  deps: RestrictionDeps & { guard: Guard; rateLimitScale?: number },
) {
  registerGuardedScope(app, deps.guard, missingReport, (scope) => {
    scope.post(
      '/v1/reports/:id/products/:productId/restriction',
      {
        schema: {
          params: productParams,
          // Nothing to send; a body, if any, must be empty.
          body: restrictionsStartRequestSchema.nullish(),
          response: { 200: productRestrictionResponseSchema, ...guardedErrors(400, 404, 409, 429, 503) },
        },
        bodyLimit: 1024,
        preValidation: knownProductShape,
        onRequest: async (request) => {
          const key = `${CHECK_AGAIN_LIMIT.name}:${callerOf(request).userId}`;
          await enforceLimit(deps.db, key, CHECK_AGAIN_LIMIT, deps.rateLimitScale ?? 1);
        },
      },
      (request) => {
        const { id, productId } = request.params;
        return checkProductAgain(deps, callerOf(request).userId, id, productId);
      },
    );

    scope.post(
      '/v1/reports/:id/restrictions',
      {
        schema: {
          params: z.object({ id: z.uuid() }),
          body: restrictionsStartRequestSchema,
          response: { 200: restrictionsStartResponseSchema, ...guardedErrors(400, 404, 409, 429) },
        },
        bodyLimit: 1024,
      },
      (request) => startRestrictionPhase(deps, callerOf(request).userId, request.params.id),
    );
  });
}
