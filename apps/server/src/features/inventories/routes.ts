import {
  APP_TIMEZONE,
  inventoryAddProductsResultSchema,
  inventoryAddProductsSchema,
  inventoryCreateSchema,
  inventoryDeleteQuerySchema,
  inventoryDeletingSchema,
  inventoryLimitOf,
  INVENTORY_UPDATES_PER_HOUR,
  inventoryRemoveProductsResultSchema,
  inventoryRemoveProductsSchema,
  inventoryUpdateStateSchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  inventoryProductPageSchema,
  inventoryProductsQuerySchema,
  inventorySchema,
  inventoryUpdateSchema,
  inventoryConfirmPackResultSchema,
  inventoryConfirmPackSchema,
  JOB_NAMES,
  listingParamsSchema,
  noContentSchema,
  rawBodySchema,
} from '@crossmarket/domain';
import type { App } from '../../http/app-type';
import type { Db } from '../../db/client';
import { apiError, fieldError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Allowance } from '../../providers/marketplace/types';
import { callerOf, idParams as params, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { authoriseLookups, type AuthorisationPolicy } from '../amazon';
import { accountListingsPaused, listedAmong, listingsPaused, queueListingRemoval } from '../listings';
import { requestInventoryDeletion } from './delete-inventory';
import {
  findInventory,
  insertInventory,
  listInventories,
  listInventoryProducts,
  type InventoryRefusal,
  updateInventory,
} from './repo';
import { inventoryFile } from './inventory-file';
import { confirmPack } from './confirm-pack';
import { addInventoryProducts, addRefusalError, removeInventoryProducts } from './products';
import { requestInventoryUpdate } from './request-update';
import { newerSupplierList } from './supplier-reprice';

const missing = () => notFound('This inventory was not found.');
// Settings hold at most 31 pricing rules: a few kB.
const BODY_LIMIT = 64 * 1024;

/** A refused write as its HTTP answer: the same shapes as a schema validation error or a 404. */
function refusal(outcome: InventoryRefusal) {
  if (outcome === 'not_found') return missing();
  if (outcome === 'bad_filter') return fieldError('filter_id', 'validation.inventory.filterId');
  return fieldError('to_country', 'validation.report.sameCountries');
}

/** 409 naming the products whose offers on Amazon must be taken down before the countries change. */
const countriesInUse = (listed: string[]) =>
  apiError(409, 'inventory_has_listings', 'apiErrors.inventoryHasListings', {
    params: {
      codes: listed.slice(0, 10).join(', ') + (listed.length > 10 ? ` (+${listed.length - 10})` : ''),
    },
    listings: listed,
  });

/** 409 when the plan's inventories are all in use: its text names the limit (also as `limit`). */
const limitReached = (limit: number) =>
  apiError(409, 'inventory_limit', 'validation.inventory.limitReached', { params: { limit }, limit });

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: APP_TIMEZONE,
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * `/api/inventories`: the user's saved listing configurations (the Inventories page, the report view's
 * settings picker), their products (added from reports within the plan's inventory quota, removed,
 * listed), "Update now" and the current inventory file.
 */
export function registerInventoryRoutes(
  app: App,
  {
    db,
    guard,
    queue,
    allowance,
    authorisation,
  }: {
    db: Db;
    guard: Guard;
    queue: JobQueue;
    allowance?: Allowance;
    /** Which regions need the seller's own Amazon authorisation (`authorisationPolicy(config)`). */
    authorisation?: AuthorisationPolicy;
  },
) {
  // The guard runs once per request before the body is read; a malformed id answers 404.
  registerGuardedScope(app, guard, missing, (scope) => {
    scope.get(
      '/api/inventories',
      {
        schema: {
          querystring: inventoryListQuerySchema,
          response: { 200: inventoryListSchema, ...guardedErrors(400) },
        },
      },
      (request) =>
        listInventories(db, callerOf(request).userId, { toCountry: request.query.to_country }, allowance),
    );

    scope.post(
      '/api/inventories',
      {
        schema: {
          body: inventoryCreateSchema,
          response: { 201: inventorySchema, ...guardedErrors(400, 409) },
        },
        bodyLimit: BODY_LIMIT,
      },
      async (request, reply) => {
        const { userId, account } = callerOf(request);
        const limit = inventoryLimitOf(account.data.planCode);
        const created = await insertInventory(db, userId, request.body, limit, allowance);
        if (created === 'limit') throw limitReached(limit);
        if (typeof created === 'string') throw refusal(created);
        return reply.status(201).send(created);
      },
    );

    scope.get(
      '/api/inventories/:id',
      { schema: { params, response: { 200: inventorySchema, ...guardedErrors(404) } } },
      async (request) => {
        const found = await findInventory(db, callerOf(request).userId, request.params.id, allowance);
        if (!found) throw missing();
        return found;
      },
    );

    scope.patch(
      '/api/inventories/:id',
      {
        schema: {
          params,
          body: inventoryUpdateSchema,
          response: { 200: inventorySchema, ...guardedErrors(400, 404, 409) },
        },
        bodyLimit: BODY_LIMIT,
      },
      async (request) => {
        const updated = await updateInventory(
          db,
          callerOf(request).userId,
          request.params.id,
          request.body,
          allowance,
        );
        if (typeof updated === 'string') throw refusal(updated);
        if ('listed' in updated) throw countriesInUse(updated.listed);
        return updated;
      },
    );

    const deleted = {
      202: inventoryDeletingSchema,
      204: noContentSchema,
      ...guardedErrors(400, 404, 409),
    };
    // An inventory with offers on Amazon goes only after they are taken down (delete-inventory.ts): 202.
    scope.delete(
      '/api/inventories/:id',
      { schema: { params, querystring: inventoryDeleteQuerySchema, response: deleted } },
      async (request, reply) => {
        const { userId } = callerOf(request);
        const asked = await requestInventoryDeletion(
          db,
          queue,
          userId,
          request.params.id,
          request.query.on_amazon,
        );
        if (asked.outcome === 'not_found') throw missing();
        if (asked.outcome === 'choose') throw fieldError('on_amazon', 'validation.listings.onAmazon');
        if (asked.outcome === 'paused') throw listingsPaused();
        if (asked.outcome === 'running')
          throw apiError(409, 'listings_run_running', 'apiErrors.inventoryRunRunning');
        if (asked.outcome === 'deleted') return reply.status(204).send();
        return reply.status(202).send({ on_amazon: asked.on_amazon, listings: asked.listings });
      },
    );

    scope.get(
      '/api/inventories/:id/products',
      {
        schema: {
          params,
          querystring: inventoryProductsQuerySchema,
          response: { 200: inventoryProductPageSchema, ...guardedErrors(400, 404) },
        },
      },
      async (request) => {
        const { page, per_page: perPage } = request.query;
        const found = await listInventoryProducts(db, callerOf(request).userId, request.params.id, {
          page,
          perPage,
        });
        if (!found) throw missing();
        return found;
      },
    );

    // Up to 50,000 product IDs of 10 characters, as JSON.
    scope.post(
      '/api/inventories/:id/products',
      {
        schema: {
          params,
          body: inventoryAddProductsSchema,
          response: { 200: inventoryAddProductsResultSchema, ...guardedErrors(400, 404, 409) },
        },
        bodyLimit: 1024 * 1024,
      },
      async (request) => {
        const { userId } = callerOf(request);
        const added = await addInventoryProducts(db, userId, request.params.id, request.body);
        if ('refusal' in added) throw addRefusalError(added);
        // From a supplier report whose list has a newer version since: the new products take its costs.
        const newer = added.added > 0 ? await newerSupplierList(db, userId, request.body.report_id) : null;
        if (newer) await queue.send(JOB_NAMES.repriceFromSupplierList, { user_id: userId, list_id: newer });
        return added;
      },
    );

    // The seller confirms a supplier pack that differs from Amazon's or is unknown (issue 62).
    scope.post(
      '/api/inventories/:id/products/:product_id/confirm-pack',
      {
        schema: {
          params: listingParamsSchema,
          body: inventoryConfirmPackSchema,
          response: { 200: inventoryConfirmPackResultSchema, ...guardedErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const { id, product_id: code } = request.params;
        const done = await confirmPack(
          { db, queue },
          callerOf(request).userId,
          id,
          code,
          request.body.amazon_quantity,
        );
        if (done.outcome === 'not_found') throw missing();
        if (done.outcome === 'not_to_confirm')
          throw apiError(409, 'pack_not_to_confirm', 'apiErrors.packNotToConfirm');
        if (done.outcome === 'changed') throw apiError(409, 'pack_changed', 'apiErrors.packChanged');
        return done.result;
      },
    );

    scope.delete(
      '/api/inventories/:id/products',
      {
        schema: {
          params,
          body: inventoryRemoveProductsSchema,
          response: { 200: inventoryRemoveProductsResultSchema, ...guardedErrors(400, 404, 409) },
        },
        bodyLimit: 1024 * 1024,
      },
      async (request) => {
        const { userId } = callerOf(request);
        const { product_ids: codes, on_amazon: choice } = request.body;
        // A product with an offer on Amazon keeps selling unless the seller says what becomes of it.
        const listed = await listedAmong(db, userId, request.params.id, codes);
        if (listed.length > 0 && !choice) throw fieldError('on_amazon', 'validation.listings.onAmazon');
        if (listed.length > 0 && (await accountListingsPaused(db, userId))) throw listingsPaused();
        const removed = await removeInventoryProducts(db, userId, request.params.id, codes);
        if (!removed) throw missing();
        if (listed.length > 0) await queueListingRemoval(queue, request.params.id, listed, choice!);
        return removed;
      },
    );

    scope.post(
      '/api/inventories/:id/update',
      { schema: { params, response: { 202: inventoryUpdateStateSchema, ...guardedErrors(404, 409, 429) } } },
      async (request, reply) => {
        const { userId } = callerOf(request);
        if (authorisation) {
          // Before the hourly allowance is counted: an update nobody may look up costs nothing.
          const inventory = await findInventory(db, userId, request.params.id, allowance);
          if (!inventory) throw missing();
          await authoriseLookups(
            db,
            authorisation,
            userId,
            { from: inventory.from_country, to: inventory.to_country },
            'apiErrors.amazonNotConnectedUpdate',
          );
        }
        const asked = await requestInventoryUpdate(db, queue, userId, request.params.id);
        if (asked.outcome === 'not_found') throw missing();
        if (asked.outcome === 'running') {
          throw apiError(409, 'update_running', 'validation.inventory.updateRunning');
        }
        if (asked.outcome === 'user_limit') {
          const retryAt = new Date(Date.now() + asked.retryAfterSeconds * 1000);
          const max = INVENTORY_UPDATES_PER_HOUR;
          const when = `after ${clock.format(retryAt)} (${APP_TIMEZONE})`;
          throw apiError(429, 'update_limit', 'validation.inventory.updateLimit', {
            params: { max, when },
            max,
            retry_at: retryAt.toISOString(),
            retryAfterSeconds: asked.retryAfterSeconds,
          });
        }
        if (asked.outcome === 'too_soon') {
          const when = `after ${clock.format(asked.next)} (${APP_TIMEZONE})`;
          throw apiError(429, 'update_too_soon', 'validation.inventory.updateTooSoon', {
            params: { when },
            next_manual_at: asked.next.toISOString(),
            retryAfterSeconds: Math.ceil((asked.next.getTime() - Date.now()) / 1000),
          });
        }
        const found = await findInventory(db, userId, request.params.id, allowance);
        return reply.status(202).send(found!.update);
      },
    );

    const file = {
      200: rawBodySchema('The inventory file (text/plain, tab-separated).'),
      ...guardedErrors(404),
    };
    scope.get('/api/inventories/:id/file', { schema: { params, response: file } }, async (request, reply) => {
      const file = await inventoryFile(db, callerOf(request).userId, request.params.id);
      if (!file) throw missing();
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.text);
    });
  });
}
