import {
  JOB_NAMES,
  listingHistorySchema,
  listingParamsSchema,
  listingRetrySchema,
  listingRunSchema,
  listingsPublishSchema,
  listingsSyncSchema,
  listingsViewSchema,
} from '@crossmarket/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { apiError, notFound } from '../../http/errors';
import { callerOf, idParams as params, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { JobQueue } from '../../jobs/queue';
import type { Guard } from '../auth';
import { authoriseLookups, type AuthorisationPolicy } from '../amazon';
import { insertRun, listingHistory, listingsView, ownedInventory, setSync } from './repo';
import { requestRetry } from './retry-listing';

const missing = () => notFound('This inventory was not found.');

const historyParams = z.object({ id: z.uuid(), product_id: z.string().regex(/^[A-Z0-9]{10}$/) });

/**
 * `/api/inventories/:id/listings`: the inventory's offers on Amazon (state, last push, Amazon's issues),
 * a dry run or a publish (202 with the run; the `publish-listings` job does it), the sync switch, and a
 * listing's retry and history.
 * Owner only: anyone else's inventory is 404.
 */
export function registerListingRoutes(
  app: App,
  {
    db,
    guard,
    queue,
    authorisation,
  }: { db: Db; guard: Guard; queue: JobQueue; authorisation?: AuthorisationPolicy },
) {
  registerGuardedScope(app, guard, missing, (scope) => {
    scope.get(
      '/api/inventories/:id/listings',
      { schema: { params, response: { 200: listingsViewSchema, ...guardedErrors(404) } } },
      async (request) => {
        const view = await listingsView(db, callerOf(request).userId, request.params.id);
        if (!view) throw missing();
        return view;
      },
    );

    scope.post(
      '/api/inventories/:id/listings',
      {
        schema: {
          params,
          body: listingsPublishSchema,
          response: { 202: listingRunSchema, ...guardedErrors(400, 404, 409) },
        },
        bodyLimit: 1024 * 1024,
      },
      async (request, reply) => {
        const { userId } = callerOf(request);
        const inventory = await ownedInventory(db, userId, request.params.id);
        if (!inventory) throw missing();
        if (authorisation?.needed) {
          // Listings are the seller's own: the shared authorisation never writes to a store.
          await authoriseLookups(
            db,
            { needed: true, shared: new Set() },
            userId,
            { from: inventory.to_country, to: inventory.to_country },
            'apiErrors.amazonNotConnectedListings',
          );
        }
        const run = await insertRun(
          db,
          userId,
          inventory.id,
          request.body.mode,
          request.body.product_ids ?? null,
        );
        await queue.send(JOB_NAMES.publishListings, { run_id: run.id });
        return reply.status(202).send(run);
      },
    );

    scope.put(
      '/api/inventories/:id/listings/sync',
      {
        schema: {
          params,
          body: listingsSyncSchema,
          response: { 200: listingsViewSchema, ...guardedErrors(400, 404) },
        },
      },
      async (request) => {
        const { userId } = callerOf(request);
        if (!(await setSync(db, userId, request.params.id, request.body))) throw missing();
        // A released hold, or sync just turned on: push what is due now rather than after the next update.
        if (request.body.enabled)
          await queue.send(JOB_NAMES.syncListings, { inventory_id: request.params.id });
        return (await listingsView(db, userId, request.params.id))!;
      },
    );

    scope.post(
      '/api/inventories/:id/listings/:product_id/retry',
      {
        schema: {
          params: listingParamsSchema,
          response: { 202: listingRetrySchema, ...guardedErrors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        const { id, product_id: code } = request.params;
        const retry = await requestRetry(db, queue, callerOf(request).userId, id, code);
        if (retry === 'missing') throw missing();
        if (retry === 'removed') throw apiError(409, 'listing_removed', 'apiErrors.listingRemoved');
        return reply.status(202).send(retry);
      },
    );

    scope.get(
      '/api/inventories/:id/listings/:product_id/history',
      {
        schema: {
          params: historyParams,
          response: { 200: listingHistorySchema, ...guardedErrors(400, 404) },
        },
      },
      async (request) => {
        const { id, product_id: code } = request.params;
        const history = await listingHistory(db, callerOf(request).userId, id, code);
        if (!history) throw missing();
        return history;
      },
    );
  });
}
