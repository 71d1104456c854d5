import {
  chartsRequestSchema,
  chartsResponseSchema,
  exportsRequestSchema,
  exportsResponseSchema,
  type ExportsResponse,
  filterResultsSchema,
  filtersRequestSchema,
  type FilterResults,
  latestProductRowSchema,
  PRODUCT_ID,
  productRatesRequestSchema,
  productRatesResponseSchema,
  productSellersSchema,
  settingsErrorSchema,
  settingsRequestSchema,
  settingsSavedSchema,
} from '@crossmarket/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../http/app-type';
import type { Db } from '../../db/client';
import { apiError, HttpError, notFound, zodFieldErrors } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import { oneAtATime } from '../../http/one-at-a-time';
import {
  analysisBusy,
  InFlightLimit,
  IN_FLIGHT_PER_USER,
  limitPerUser,
  QUEUED_PER_USER,
  QUEUED_SCANS_PER_USER,
  SCANS_PER_USER,
} from '../../http/per-user-limits';
import { guardedErrors } from '../../http/responses';
import { timingOf } from '../../http/server-timing';
import type { Guard } from '../auth';
import { chartReport } from './chart-report';
import { exportJsonText } from './export-json';
import { exportReport } from './export-report';
import { FilterCache } from './filter-cache';
import { ColumnStores } from './column-store';
import { filterReport } from './filter-report';
import { latestProductRow } from './latest-row';
import { productOffers } from './offers';
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

/** How long a refused second call is told to wait before it tries again. */
const BUSY_RETRY_SECONDS = 5;

/** `/v1/*` calls that read or rewrite every row of a report: one of each kind in flight per user. */
const heavy = (db: Db, kind: 'settings' | 'exports', key: string) => {
  const busy = () => apiError(429, `${kind}_busy`, key, { retryAfterSeconds: BUSY_RETRY_SECONDS });
  return <T>(userId: string, work: () => Promise<T>) =>
    oneAtATime(db.$client, `analysis-${kind}:${userId}`, busy, work);
};

/** The kept views' budget (filter-cache.ts): about 800,000 product IDs, or a few thousand empty views. */
const FILTER_CACHE_BYTES = 48 * 1024 * 1024;

/**
 * The analysis calls over a report's stored rows (`/v1/*`, session-authenticated). One user may have
 * {@link IN_FLIGHT_PER_USER} of them running at once and a session a limited number a minute
 * (per-user-limits.ts), so that one seller cannot hold the connection pool every other seller needs.
 */
export function registerAnalysisRoutes(
  app: App,
  {
    db,
    guard,
    rateLimitScale = 1,
    columnsBytes = 0,
  }: {
    db: Db;
    guard: Guard;
    rateLimitScale?: number;
    /** The budget of the reports' columns held for new views (column-store.ts, ANALYSIS_COLUMNS_MB); 0: none. */
    columnsBytes?: number;
  },
) {
  const settingsOnce = heavy(db, 'settings', 'apiErrors.settingsBusy');
  const exportsOnce = heavy(db, 'exports', 'apiErrors.exportBusy');
  // Filters and charts scans: one running per user, a few queued (in this process, holding no connection),
  // so that the few connections of the scan pool (db/client.ts) serve several sellers at once.
  const scans = new InFlightLimit(SCANS_PER_USER, analysisBusy, QUEUED_SCANS_PER_USER);
  const filterCache = new FilterCache(FILTER_CACHE_BYTES);
  const columns =
    columnsBytes > 0
      ? new ColumnStores(columnsBytes, (err) =>
          app.log.warn({ err }, "loading a report's columns failed; its new views scan"),
        )
      : undefined;
  // One count of running calls for both scopes below: every /v1 call of a user.
  const perUser = {
    db,
    scale: rateLimitScale,
    limit: new InFlightLimit(IN_FLIGHT_PER_USER, analysisBusy, QUEUED_PER_USER),
  };

  // The specification's settings call answers `{ error: false }` or `{ error: true, message }`; a refusal
  // (the guard's 401 included) keeps its status and carries the usual code and field list beside the flag.
  registerGuardedScope(app, guard, missingReport, (scope) => {
    limitPerUser(scope, perUser);
    scope.setErrorHandler((error, request, reply) => {
      if (!(error instanceof HttpError)) throw error;
      if (error.statusCode === 429) {
        reply.header('retry-after', String(error.details?.retryAfterSeconds ?? BUSY_RETRY_SECONDS));
      }
      return reply
        .status(error.statusCode)
        .send({ error: true, code: error.code, message: error.message, ...error.details });
    });
    const refused = { 400: settingsErrorSchema, 401: settingsErrorSchema, 403: settingsErrorSchema };
    const saved = {
      200: settingsSavedSchema,
      ...refused,
      404: settingsErrorSchema,
      409: settingsErrorSchema,
      429: settingsErrorSchema,
    };
    scope.post('/v1/settings', { schema: { response: saved }, bodyLimit: 256 * 1024 }, async (request) => {
      const { userId } = callerOf(request);
      const parsed = settingsRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw zodFieldErrors(parsed.error);
      await settingsOnce(userId, () => saveSettings(db, userId, parsed.data));
      void columns?.refresh(db, userId, parsed.data.report_id);
      return { error: false as const };
    });
  });

  // Everything else over a report. The guard runs once for the group, before the body is read; another
  // user's report, a malformed id or an unknown product answers 404.
  registerGuardedScope(app, guard, missingReport, (scope) => {
    limitPerUser(scope, perUser);
    scope.post(
      '/v1/filters',
      {
        // The answer is JSON text built by filterReport, which Fastify sends as it is: the schema
        // documents it (the filters tests check the text against it).
        schema: {
          body: filtersRequestSchema,
          response: { 200: filterResultsSchema, ...guardedErrors(400, 404, 429, 503) },
        },
        bodyLimit: 64 * 1024,
      },
      async (request, reply) => {
        const { userId } = callerOf(request);
        const timing = timingOf(request);
        const json = await scans.run(
          userId,
          () => filterReport(db, userId, request.body, { cache: filterCache, columns }, timing),
          timing,
        );
        return reply.type('application/json; charset=utf-8').send(json as unknown as FilterResults);
      },
    );

    scope.post(
      '/v1/exports',
      {
        schema: {
          body: exportsRequestSchema,
          response: { 200: exportsResponseSchema, ...guardedErrors(400, 404, 409, 429) },
        },
        bodyLimit: 2 * 1024 * 1024,
      },
      // The answer is JSON text written by exportJsonText, the bytes the schema's serializer would send
      // (export-json.test.ts), in a third of its time; the schema documents it.
      async (request, reply) => {
        const { userId } = callerOf(request);
        const timing = timingOf(request);
        timing.kind('exports');
        const { data } = await exportsOnce(userId, () => exportReport(db, userId, request.body));
        const built = performance.now();
        const json = exportJsonText(data);
        timing.add('build', performance.now() - built);
        return reply.type('application/json; charset=utf-8').send(json as unknown as ExportsResponse);
      },
    );

    // The charts over every filtered row: the same report and filters as /v1/filters.
    scope.post(
      '/v1/charts',
      {
        schema: {
          body: chartsRequestSchema,
          response: { 200: chartsResponseSchema, ...guardedErrors(400, 404, 429, 503) },
        },
        bodyLimit: 64 * 1024,
      },
      (request) => {
        const { userId } = callerOf(request);
        const timing = timingOf(request);
        return scans.run(userId, () => chartReport(db, userId, request.body, timing), timing);
      },
    );

    // A product's own profit rates: set (PUT) or cleared (DELETE), the row re-priced at once.
    const url = '/v1/reports/:id/products/:productId/rates';
    const response = { 200: productRatesResponseSchema, ...guardedErrors(400, 404, 409, 429) };
    scope.put(
      url,
      {
        schema: { params: productParams, body: productRatesRequestSchema, response },
        preValidation: knownProductShape,
        bodyLimit: 4 * 1024,
      },
      async (request) => {
        const { id, productId } = request.params;
        const { userId } = callerOf(request);
        const answer = await setProductRates(db, userId, id, productId, request.body);
        return answer;
      },
    );
    scope.delete(
      url,
      { schema: { params: productParams, response }, preValidation: knownProductShape },
      async (request) => {
        const { id, productId } = request.params;
        const { userId } = callerOf(request);
        const answer = await setProductRates(db, userId, id, productId, null);
        return answer;
      },
    );

    // The extension's "In your reports": the product in the newest of the user's reports that has it.
    scope.get(
      '/v1/products/:productId/latest',
      {
        schema: {
          params: z.object({ productId: z.string().regex(PRODUCT_ID) }),
          response: { 200: latestProductRowSchema, ...guardedErrors(404, 429) },
        },
        preValidation: knownProductShape,
      },
      (request) => latestProductRow(db, callerOf(request).userId, request.params.productId),
    );

    // Sellers & Prices of one product.
    scope.get(
      '/v1/reports/:id/products/:productId/offers',
      {
        schema: { params: offersParams, response: { 200: productSellersSchema, ...guardedErrors(404, 429) } },
      },
      async (request) => {
        const { id, productId } = request.params;
        const sellers = await productOffers(db, callerOf(request).userId, id, productId);
        if (!sellers) throw missingProduct();
        return sellers;
      },
    );
  });
}
