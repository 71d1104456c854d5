import {
  chartsRequestSchema,
  chartsResponseSchema,
  exportsRequestSchema,
  filtersRequestSchema,
  PRODUCT_ID,
  productRatesRequestSchema,
  productRatesResponseSchema,
  settingsRequestSchema,
} from '@crossmarket/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { HttpError, notFound, zodFieldErrors } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import type { Guard } from '../auth/guard';
import { chartReport } from './chart-report';
import { exportReport } from './export-report';
import { filterReport } from './filter-report';
import { productSellers } from './offers';
import { setProductRates } from './product-rates';
import { saveSettings } from './save-settings';

const offersParams = z.object({
  id: z.uuid({ error: 'This report was not found.' }),
  productId: z.string().regex(PRODUCT_ID, 'This product was not found.'),
});

const missingReport = () => notFound('This report was not found.');
const missingProduct = () => notFound('This product was not found in the report.');

/** `:id` and `:productId` of a product in one of the user's reports (malformed ones answer 404 first). */
const productParams = z.object({ id: z.uuid(), productId: z.string().regex(PRODUCT_ID) });

/** A malformed product ID names no product of the report, like an unknown one: 404 before the body. */
async function knownProductShape(request: FastifyRequest) {
  const { productId } = request.params as { productId?: string };
  if (!PRODUCT_ID.test(productId ?? '')) throw missingProduct();
}

/** The analysis calls over a report's stored rows (`/v1/*`, session-authenticated). */
export function registerAnalysisRoutes(app: App, { db, guard }: { db: Db; guard: Guard }) {
  // The specification's settings call answers `{ error: false }` or `{ error: true, message }`; a refusal
  // keeps its status and carries the usual code and field list beside the flag.
  app.post('/v1/settings', { bodyLimit: 256 * 1024 }, async (request, reply) => {
    try {
      const { userId } = await guard(request);
      const parsed = settingsRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw zodFieldErrors(parsed.error);
      await saveSettings(db, userId, parsed.data);
      return { error: false };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return reply
        .status(error.statusCode)
        .send({ error: true, code: error.code, message: error.message, ...error.details });
    }
  });

  app.post(
    '/v1/filters',
    { schema: { body: filtersRequestSchema }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const { userId } = await guard(request);
      const json = await filterReport(db, userId, request.body);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.post(
    '/v1/exports',
    { schema: { body: exportsRequestSchema }, bodyLimit: 2 * 1024 * 1024 },
    async (request) => {
      const { userId } = await guard(request);
      return exportReport(db, userId, request.body);
    },
  );

  // The charts, and a product's own profit rates: set (PUT) or cleared (DELETE), the row re-priced at once.
  // The guard runs once for the group, before the body is read; another user's report or an unknown
  // product answers 404.
  registerGuardedScope(app, guard, missingReport, (scope) => {
    // The charts over every filtered row: the same report and filters as /v1/filters.
    scope.post(
      '/v1/charts',
      {
        schema: { body: chartsRequestSchema, response: { 200: chartsResponseSchema } },
        bodyLimit: 64 * 1024,
      },
      (request) => chartReport(db, callerOf(request).userId, request.body),
    );
    const url = '/v1/reports/:id/products/:productId/rates';
    const response = { 200: productRatesResponseSchema };
    scope.put(
      url,
      {
        schema: { params: productParams, body: productRatesRequestSchema, response },
        preValidation: knownProductShape,
        bodyLimit: 4 * 1024,
      },
      (request) => {
        const { id, productId } = request.params;
        return setProductRates(db, callerOf(request).userId, id, productId, request.body);
      },
    );
    scope.delete(
      url,
      { schema: { params: productParams, response }, preValidation: knownProductShape },
      (request) => {
        const { id, productId } = request.params;
        return setProductRates(db, callerOf(request).userId, id, productId, null);
      },
    );
  });

  app.get(
    '/v1/reports/:id/products/:productId/offers',
    { schema: { params: offersParams } },
    async (request) => {
      const { userId } = await guard(request);
      const sellers = await productSellers(db, userId, request.params.id, request.params.productId);
      if (!sellers) throw notFound('This product was not found in the report.');
      return sellers;
    },
  );
}
