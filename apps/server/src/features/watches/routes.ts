import {
  inventoryWatchCreateSchema,
  noContentSchema,
  notificationListSchema,
  watchCreateSchema,
  watchListSchema,
  watchSchema,
  watchSettingsSchema,
} from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { fieldError, notFound } from '../../http/errors';
import { callerOf, idParams as params, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { listNotifications, markRead } from './notifications';
import { getWatchSettings, saveWatchSettings } from './settings';
import { createInventoryWatch, createWatch, deleteWatch, listWatches } from './watches';

const missingWatch = () => notFound('This watch was not found.');
const missingNotification = () => notFound('This notification was not found.');

/**
 * `/api/watches` and `/api/notifications` (issue 49): the caller's own rows only; another's answer 404.
 * Listing, setting and removing a watch also take a personal token (the extension), hence their 429.
 */
export function registerWatchRoutes(app: App, { db, guard }: { db: Db; guard: Guard }) {
  registerGuardedScope(app, guard, missingWatch, (scope) => {
    scope.get(
      '/api/watches',
      { schema: { response: { 200: watchListSchema, ...guardedErrors(429) } } },
      (request) => listWatches(db, callerOf(request).userId),
    );
    scope.post(
      '/api/watches',
      {
        schema: { body: watchCreateSchema, response: { 201: watchSchema, ...guardedErrors(400, 409, 429) } },
        bodyLimit: 1024,
      },
      async (request, reply) =>
        reply.status(201).send(await createWatch(db, callerOf(request).userId, request.body)),
    );
    // A whole inventory: another seller's inventory is refused like an unknown one (400 on the field).
    scope.post(
      '/api/watches/inventory',
      {
        schema: {
          body: inventoryWatchCreateSchema,
          response: { 201: watchSchema, ...guardedErrors(400, 409) },
        },
        bodyLimit: 1024,
      },
      async (request, reply) => {
        const made = await createInventoryWatch(db, callerOf(request).userId, request.body.inventory_id);
        if (!made) throw fieldError('inventory_id', 'validation.watch.inventory');
        return reply.status(201).send(made);
      },
    );
    // The seller's e-mail setting for alerts (off, instant, daily): the caller's own row, no id to guess.
    scope.get(
      '/api/watches/settings',
      { schema: { response: { 200: watchSettingsSchema, ...guardedErrors() } } },
      (request) => getWatchSettings(db, callerOf(request).userId),
    );
    scope.put(
      '/api/watches/settings',
      {
        schema: { body: watchSettingsSchema, response: { 200: watchSettingsSchema, ...guardedErrors(400) } },
        bodyLimit: 1024,
      },
      (request) => saveWatchSettings(db, callerOf(request).userId, request.body),
    );
    scope.delete(
      '/api/watches/:id',
      { schema: { params, response: { 204: noContentSchema, ...guardedErrors(404, 429) } } },
      async (request, reply) => {
        if (!(await deleteWatch(db, callerOf(request).userId, request.params.id))) throw missingWatch();
        return reply.status(204).send();
      },
    );
  });
  registerGuardedScope(app, guard, missingNotification, (scope) => {
    scope.get(
      '/api/notifications',
      { schema: { response: { 200: notificationListSchema, ...guardedErrors() } } },
      (request) => listNotifications(db, callerOf(request).userId),
    );
    scope.post(
      '/api/notifications/:id/read',
      { schema: { params, response: { 204: noContentSchema, ...guardedErrors(404) } } },
      async (request, reply) => {
        if (!(await markRead(db, callerOf(request).userId, request.params.id))) throw missingNotification();
        return reply.status(204).send();
      },
    );
  });
}
