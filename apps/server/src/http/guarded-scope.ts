import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from './app-type';
import type { Caller, Guard, GuardOptions } from '../features/auth/guard';
import type { HttpError } from './errors';
import type { Limit } from './rate-limit';
import { timingOf } from './server-timing';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by a guarded scope's onRequest hook; null elsewhere. */
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** A per-user limit the scope's guard counts each session request against (per-user-limits.ts). */
    countSession?: Limit;
  }
}

const uuid = z.uuid();

/** `:id` of a user's row. A malformed one never reaches this schema: the scope answers 404 first. */
export const idParams = z.object({ id: uuid });

/**
 * Registers `routes` in a scope of their own that guards every request once, before anything else:
 * - onRequest runs the guard before the body is parsed and validated, so a stranger gets 401 whatever
 *   they send, and sets `request.caller` (read it with `callerOf`);
 * - a malformed `:id` names no row of this user's, like an unknown one: `missing()` (a 404) rather than
 *   a params error, and before the body or query is validated.
 * `options` relax the gating for the whole scope (support stays open to locked-out and suspended users);
 * a scope decorated with `countSession` (per-user-limits.ts) has the guard count each session request.
 */
export function registerGuardedScope(
  app: App,
  guard: Guard,
  missing: () => HttpError,
  routes: (scope: App) => void,
  options?: GuardOptions,
): void {
  void app.register(async (plugin) => {
    // A plugin's instance starts with Fastify's default type provider; the zod one gives typed bodies.
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.decorateRequest('caller', null);
    // A function, not an arrow: `this` is the scope, whose `countSession` limitPerUser may set later.
    scope.addHook('onRequest', async function (request) {
      const counted = this.countSession ? { ...options, countSession: this.countSession } : options;
      request.caller = await timingOf(request).time('guard', () => guard(request, counted));
    });
    scope.addHook('preValidation', async (request) => {
      const { id } = request.params as { id?: string };
      if (id !== undefined && !uuid.safeParse(id).success) throw missing();
    });
    routes(scope);
  });
}

/** The account the scope's guard found; only routes registered through `registerGuardedScope` have one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.routeOptions.url} is registered outside a guarded scope`);
  return request.caller;
}
