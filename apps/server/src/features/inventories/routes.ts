import {
  inventoryCreateSchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  inventoryProductPageSchema,
  inventoryProductsQuerySchema,
  inventorySchema,
  inventoryUpdateSchema,
} from '@crossmarket/domain';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../http/errors';
import { callerOf, idParams as params, registerGuardedScope } from '../../http/guarded-scope';
import type { Guard } from '../auth/guard';
import {
  deleteInventory,
  findInventory,
  insertInventory,
  listInventories,
  listInventoryProducts,
  type InventoryRefusal,
  updateInventory,
} from './repo';

const missing = () => notFound('This inventory was not found.');
// Settings hold at most 31 pricing rules: a few kB.
const BODY_LIMIT = 64 * 1024;

/** A refused write as its HTTP answer: the same shapes as a schema validation error or a 404. */
function refusal(outcome: InventoryRefusal) {
  if (outcome === 'not_found') return missing();
  if (outcome === 'bad_filter') return fieldError('filter_id', 'validation.inventory.filterId');
  return fieldError('to_country', 'validation.report.sameCountries');
}

/**
 * `/api/inventories`: the user's saved listing configurations (the Inventories page, the report view's
 * settings picker) and `/:id/products`. The plan's inventory quota is not enforced here: the
 * specification does not show its enforcement, and products are not added through these calls.
 */
export function registerInventoryRoutes(app: App, { db, guard }: { db: Db; guard: Guard }) {
  // The guard runs once per request before the body is read; a malformed id answers 404.
  registerGuardedScope(app, guard, missing, (scope) => {
    scope.get(
      '/api/inventories',
      { schema: { querystring: inventoryListQuerySchema, response: { 200: inventoryListSchema } } },
      (request) => listInventories(db, callerOf(request).userId, { toCountry: request.query.to_country }),
    );

    scope.post(
      '/api/inventories',
      { schema: { body: inventoryCreateSchema, response: { 201: inventorySchema } }, bodyLimit: BODY_LIMIT },
      async (request, reply) => {
        const created = await insertInventory(db, callerOf(request).userId, request.body);
        if (typeof created === 'string') throw refusal(created);
        return reply.status(201).send(created);
      },
    );

    scope.get(
      '/api/inventories/:id',
      { schema: { params, response: { 200: inventorySchema } } },
      async (request) => {
        const found = await findInventory(db, callerOf(request).userId, request.params.id);
        if (!found) throw missing();
        return found;
      },
    );

    scope.patch(
      '/api/inventories/:id',
      {
        schema: { params, body: inventoryUpdateSchema, response: { 200: inventorySchema } },
        bodyLimit: BODY_LIMIT,
      },
      async (request) => {
        const updated = await updateInventory(db, callerOf(request).userId, request.params.id, request.body);
        if (typeof updated === 'string') throw refusal(updated);
        return updated;
      },
    );

    scope.delete('/api/inventories/:id', { schema: { params } }, async (request, reply) => {
      if (!(await deleteInventory(db, callerOf(request).userId, request.params.id))) throw missing();
      return reply.status(204).send();
    });

    scope.get(
      '/api/inventories/:id/products',
      {
        schema: {
          params,
          querystring: inventoryProductsQuerySchema,
          response: { 200: inventoryProductPageSchema },
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
  });
}
