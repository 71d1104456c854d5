import {
  decodeFilters,
  filterSetLimitOf,
  filterSetCreateSchema,
  filterSetListSchema,
  filterSetSchema,
  filterSetUpdateSchema,
  noContentSchema,
} from '@crossmarket/domain';
import type { App } from '../../http/app-type';
import type { Db } from '../../db/client';
import { apiError, notFound } from '../../http/errors';
import { callerOf, idParams as params, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { deleteFilterSet, findFilterSet, insertFilterSet, listFilterSets, updateFilterSet } from './repo';

const missing = () => notFound('This filter set was not found.');
const BODY_LIMIT = 64 * 1024;

/** 409 when the plan's filter sets are all in use: its text names the limit (also as `limit`). */
const limitReached = (limit: number) =>
  apiError(409, 'filter_set_limit', 'validation.filterSet.limitReached', { params: { limit }, limit });

/** The count is always ours: the content has been validated by the body schema, so it decodes. */
const filtersCountOf = (content: string) => decodeFilters(content).length;

/** `/api/filter-sets`: the user's saved filter lists (the Filter Sets page, the report view's picker). */
export function registerFilterSetRoutes(app: App, { db, guard }: { db: Db; guard: Guard }) {
  // The guard runs once per request before the body is read; a malformed id answers 404.
  registerGuardedScope(app, guard, missing, (scope) => {
    scope.get(
      '/api/filter-sets',
      { schema: { response: { 200: filterSetListSchema, ...guardedErrors() } } },
      (request) => listFilterSets(db, callerOf(request).userId),
    );

    scope.post(
      '/api/filter-sets',
      {
        schema: {
          body: filterSetCreateSchema,
          response: { 201: filterSetSchema, ...guardedErrors(400, 409) },
        },
        bodyLimit: BODY_LIMIT,
      },
      async (request, reply) => {
        const { name, content } = request.body;
        const { userId, account } = callerOf(request);
        const limit = filterSetLimitOf(account.data.planCode);
        const created = await insertFilterSet(
          db,
          userId,
          { name, content, filtersCount: filtersCountOf(content) },
          limit,
        );
        if (created === 'limit') throw limitReached(limit);
        return reply.status(201).send(created);
      },
    );

    scope.get(
      '/api/filter-sets/:id',
      { schema: { params, response: { 200: filterSetSchema, ...guardedErrors(404) } } },
      async (request) => {
        const found = await findFilterSet(db, callerOf(request).userId, request.params.id);
        if (!found) throw missing();
        return found;
      },
    );

    scope.patch(
      '/api/filter-sets/:id',
      {
        schema: {
          params,
          body: filterSetUpdateSchema,
          response: { 200: filterSetSchema, ...guardedErrors(400, 404) },
        },
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

    const deleted = { 204: noContentSchema, ...guardedErrors(404, 409) };
    scope.delete(
      '/api/filter-sets/:id',
      { schema: { params, response: deleted } },
      async (request, reply) => {
        const outcome = await deleteFilterSet(db, callerOf(request).userId, request.params.id);
        if (outcome === 'not_found') throw missing();
        if (outcome === 'in_use') throw apiError(409, 'filter_set_in_use', 'validation.filterSet.inUse');
        return reply.status(204).send();
      },
    );
  });
}
