import {
  laneListSchema,
  laneParamsSchema,
  laneResponseSchema,
  laneSettingsRequestSchema,
} from '@crossmarket/domain';
import type { App } from '../../http/app-type';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { listUserLanes } from './list-lanes';
import { readLane } from './read-lane';
import { saveLane } from './save-lane';

const missing = () => notFound('This lane was not found.');

/** `/api/lanes`: the seller's settings per lane (issue 45, docs/lanes.md). Every row is the caller's own. */
export function registerLaneRoutes(app: App, { db, guard }: { db: Db; guard: Guard }) {
  registerGuardedScope(
    app,
    guard,
    missing,
    (scope) => {
      scope.get(
        '/api/lanes',
        { schema: { response: { 200: laneListSchema, ...guardedErrors() } } },
        (request) => listUserLanes(db, callerOf(request).userId),
      );

      scope.get(
        '/api/lanes/:from/:to',
        {
          schema: { params: laneParamsSchema, response: { 200: laneResponseSchema, ...guardedErrors(400) } },
        },
        (request) => readLane(db, callerOf(request).userId, request.params.from, request.params.to),
      );

      scope.put(
        '/api/lanes/:from/:to',
        {
          schema: {
            params: laneParamsSchema,
            body: laneSettingsRequestSchema,
            response: { 200: laneResponseSchema, ...guardedErrors(400) },
          },
          bodyLimit: 16 * 1024,
        },
        (request) =>
          saveLane(db, callerOf(request).userId, request.params.from, request.params.to, request.body),
      );
      // Settings, like the profile: the onboarding wizard asks for the lane before the plan is bought
      // (issue 46), and a lapsed seller may still look at and change them.
    },
    { allowLocked: true },
  );
}
