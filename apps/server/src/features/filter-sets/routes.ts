import {
  decodeFilters,
  filterSetCreateSchema,
  filterSetListSchema,
  filterSetSchema,
  filterSetUpdateSchema,
} from '@crossmarket/domain';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import type { Caller, Guard } from '../auth/guard';
import { deleteFilterSet, findFilterSet, insertFilterSet, listFilterSets, updateFilterSet } from './repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by a guarded scope's onRequest hook; null elsewhere. */
    caller: Caller | null;
  }
}

const uuid = z.uuid();
const params = z.object({ id: uuid });
const missing = () => notFound('This filter set was not found.');
const BODY_LIMIT = 64 * 1024;

function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('filter-set route registered outside its guarded scope');
  return request.caller;
}

/** The count is always ours: the content has been validated by the body schema, so it decodes. */
const filtersCountOf = (content: string) => decodeFilters(content).length;

/** `/api/filter-sets`: the user's saved filter lists (the Filter Sets page, the report view's picker). */
export function registerFilterSetRoutes(app: App, { db, guard }: { db: Db; guard: Guard }) {
  void app.register(async (plugin) => {
    // A plugin's instance starts with Fastify's default type provider; the zod one gives typed bodies.
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.decorateRequest('caller', null);
    // onRequest runs before the body is parsed and validated: a stranger gets 401 whatever they send.
    scope.addHook('onRequest', async (request) => {
      request.caller = await guard(request);
    });
    // A malformed id names no set of this user's, like an unknown one: 404 rather than a params error,
    // and before the body is validated.
    scope.addHook('preValidation', async (request) => {
      const { id } = request.params as { id?: string };
      if (id !== undefined && !uuid.safeParse(id).success) throw missing();
    });

    scope.get('/api/filter-sets', { schema: { response: { 200: filterSetListSchema } } }, (request) =>
      listFilterSets(db, callerOf(request).userId),
    );

    scope.post(
      '/api/filter-sets',
      { schema: { body: filterSetCreateSchema, response: { 201: filterSetSchema } }, bodyLimit: BODY_LIMIT },
      async (request, reply) => {
        const { name, content } = request.body;
        const created = await insertFilterSet(db, callerOf(request).userId, {
          name,
          content,
          filtersCount: filtersCountOf(content),
        });
        return reply.status(201).send(created);
      },
    );

    scope.get(
      '/api/filter-sets/:id',
      { schema: { params, response: { 200: filterSetSchema } } },
      async (request) => {
        const found = await findFilterSet(db, callerOf(request).userId, request.params.id);
        if (!found) throw missing();
        return found;
      },
    );

    scope.patch(
      '/api/filter-sets/:id',
      {
        schema: { params, body: filterSetUpdateSchema, response: { 200: filterSetSchema } },
        bodyLimit: BODY_LIMIT,
      },
      async (request) => {
        const { name, content } = request.body;
        const changes = {
          ...(name !== undefined && { name }),
          ...(content !== undefined && { content, filtersCount: filtersCountOf(content) }),
        };
        const updated = await updateFilterSet(db, callerOf(request).userId, request.params.id, changes);
        if (!updated) throw missing();
        return updated;
      },
    );

    scope.delete('/api/filter-sets/:id', { schema: { params } }, async (request, reply) => {
      const outcome = await deleteFilterSet(db, callerOf(request).userId, request.params.id);
      if (outcome === 'not_found') throw missing();
      if (outcome === 'in_use')
        throw new HttpError(409, 'filter_set_in_use', 'This filter-set is already in use.');
      return reply.status(204).send();
    });
  });
}
