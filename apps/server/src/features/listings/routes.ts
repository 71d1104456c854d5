import {
  type RegionCode,
  JOB_NAMES,
  listingDriftChoiceSchema,
  listingHistorySchema,
  listingShippingTemplateChoiceSchema,
  listingShippingTemplatesSchema,
  listingsAccountPauseSchema,
  listingParamsSchema,
  listingRetrySchema,
  listingRunSchema,
  listingsPublishSchema,
  listingsSyncSchema,
  listingsViewQuerySchema,
  listingsViewSchema,
} from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { apiError, fieldError, notFound } from '../../http/errors';
import { callerOf, idParams as params, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { JobQueue } from '../../jobs/queue';
import { queueOwedZeros } from './owed-zeros';
import { sessionIdOf, type Guard } from '../auth';
import type { LookupAccounts } from '../../providers/marketplace/types';
import type { SellerStore } from '../../providers/seller-store';
import { authoriseLookups, type AuthorisationPolicy } from '../amazon';
import { resolveDrift } from './drift';
import { dryRunRequired, productsWithoutDryRun } from './dry-run-first';
import { listingsView } from './listings-view';
import {
  insertRun,
  listingHistory,
  listingsPaused,
  ownedInventory,
  setAccountListingsPaused,
  setSync,
} from './repo';
import { requestRetry } from './retry-listing';
import { chooseShippingTemplate, shippingTemplates } from './shipping-template';

const missing = () => notFound('This inventory was not found.');

/**
 * `/api/inventories/:id/listings`: the inventory's offers on Amazon (state, last push, Amazon's issues),
 * a dry run or a publish (202 with the run; the `publish-listings` job does it), the sync switch, a
 * listing's retry and history, and the seller's choice on a listing changed in Seller Central (drift).
 * Owner only: anyone else's inventory is 404.
 */
export function registerListingRoutes(
  app: App,
  {
    db,
    guard,
    queue,
    authorisation,
    store,
    accounts,
  }: {
    db: Db;
    guard: Guard;
    queue: JobQueue;
    authorisation?: AuthorisationPolicy;
    store: SellerStore;
    accounts?: LookupAccounts;
  },
) {
  // Listings are the seller's own: the shared authorisation never reads or writes a store.
  const ownStore = async (userId: string, country: RegionCode) => {
    if (!authorisation?.needed) return;
    await authoriseLookups(
      db,
      { needed: true, shared: new Set() },
      userId,
      { from: country, to: country },
      'apiErrors.amazonNotConnectedListings',
    );
  };
  registerGuardedScope(app, guard, missing, (scope) => {
    scope.get(
      '/api/inventories/:id/listings',
      {
        schema: {
          params,
          querystring: listingsViewQuerySchema,
          response: { 200: listingsViewSchema, ...guardedErrors(400, 404) },
        },
      },
      async (request) => {
        const view = await listingsView(db, callerOf(request).userId, request.params.id, request.query);
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
        const publish = request.body.mode === 'publish';
        if (publish && inventory.account_paused) throw listingsPaused();
        await ownStore(userId, inventory.to_country);
        const republish = request.body.republish ?? false;
        if (publish) {
          const ids = request.body.product_ids ?? null;
          const unchecked = await productsWithoutDryRun(db, inventory, ids, republish);
          if (unchecked > 0) throw dryRunRequired(unchecked);
        }
        const run = await insertRun(
          db,
          userId,
          inventory.id,
          request.body.mode,
          request.body.product_ids ?? null,
          republish,
        );
        // One queued or running run per inventory: a second request meanwhile is 409 (insertRun).
        await queue.send(JOB_NAMES.publishListings, { run_id: run.id });
        return reply.status(202).send(run);
      },
    );

    scope.get(
      '/api/inventories/:id/listings/shipping-templates',
      {
        schema: { params, response: { 200: listingShippingTemplatesSchema, ...guardedErrors(404, 409) } },
      },
      async (request) => {
        const { userId } = callerOf(request);
        const inventory = await ownedInventory(db, userId, request.params.id);
        if (!inventory) throw missing();
        await ownStore(userId, inventory.to_country);
        const found = await shippingTemplates({ db, store, accounts }, userId, inventory.id);
        if (found === 'missing' || found === 'not-connected') throw missing();
        return found;
      },
    );

    scope.put(
      '/api/inventories/:id/listings/shipping-template',
      {
        schema: {
          params,
          body: listingShippingTemplateChoiceSchema,
          response: { 200: listingShippingTemplatesSchema, ...guardedErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const { userId } = callerOf(request);
        const inventory = await ownedInventory(db, userId, request.params.id);
        if (!inventory) throw missing();
        await ownStore(userId, inventory.to_country);
        const { template_id: templateId } = request.body;
        const chosen = await chooseShippingTemplate(
          { db, store, accounts },
          userId,
          inventory.id,
          templateId,
        );
        if (chosen === 'unknown') throw fieldError('template_id', 'validation.listings.shippingTemplate');
        if (chosen === 'missing' || chosen === 'not-connected') throw missing();
        return chosen;
      },
    );

    scope.put(
      '/api/listings/pause',
      {
        schema: {
          body: listingsAccountPauseSchema,
          response: { 200: listingsAccountPauseSchema, ...guardedErrors(400) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // A token may stop writes to Amazon but never start them again: resuming needs the session.
        if (!request.body.paused) sessionIdOf(caller);
        const answer = await setAccountListingsPaused(db, caller.userId, request.body.paused);
        if (!answer.paused) await queueOwedZeros(db, queue, caller.userId);
        return answer;
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
        const caller = callerOf(request);
        const { userId } = caller;
        // Releasing a hold lets prices the seller has not seen go to Amazon: only a signed-in seller may.
        if (request.body.release_hold) sessionIdOf(caller);
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
        if (retry === 'paused') throw listingsPaused();
        if (retry === 'drifted') throw apiError(409, 'listing_drifted', 'apiErrors.listingDrifted');
        if (retry === 'in_flight') throw apiError(409, 'listing_in_flight', 'apiErrors.listingInFlight');
        if ('unchecked' in retry) throw dryRunRequired(retry.unchecked);
        return reply.status(202).send(retry);
      },
    );

    scope.post(
      '/api/inventories/:id/listings/:product_id/drift',
      {
        schema: {
          params: listingParamsSchema,
          body: listingDriftChoiceSchema,
          response: { 200: listingsViewSchema, ...guardedErrors(400, 404) },
        },
      },
      async (request) => {
        const { userId } = callerOf(request);
        const { id, product_id: code } = request.params;
        if (!(await resolveDrift(db, userId, id, code, request.body.choice))) throw missing();
        // Overwrite: send ours now rather than after the next update (the job does nothing while sync is off).
        if (request.body.choice === 'overwrite')
          await queue.send(JOB_NAMES.syncListings, { inventory_id: id });
        return (await listingsView(db, userId, id))!;
      },
    );

    scope.get(
      '/api/inventories/:id/listings/:product_id/history',
      {
        schema: {
          params: listingParamsSchema,
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
