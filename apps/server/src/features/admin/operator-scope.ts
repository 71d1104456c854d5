import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/app-type';
import { bearerToken } from '../../http/bearer';
import { notFound } from '../../http/errors';
import { registerGuardedScope } from '../../http/guarded-scope';
import type { Caller, Guard } from '../auth';

/** The console does not exist for anyone but an operator: the same answer as an unknown path. */
export const consoleNotFound = () => notFound('Not found');

/**
 * The operator's guard: a signed-in browser session whose account has the operator role. Everything
 * else (no session, a seller, a suspended or inactive operator, an API token of anyone) is 404, so the
 * console's routes cannot even be told apart from paths that do not exist. An operator's own
 * subscription does not matter (allowLocked).
 */
export function operatorGuard(guard: Guard) {
  return async (request: FastifyRequest): Promise<Caller> => {
    // A token never reaches the console, whoever owns it; it is not even checked.
    if (bearerToken(request.headers.authorization) !== null) throw consoleNotFound();
    const caller = await guard(request, { allowLocked: true }).catch(() => {
      throw consoleNotFound();
    });
    if (caller.sessionId === null || caller.account.data.role !== 'operator') throw consoleNotFound();
    return caller;
  };
}

/**
 * `/api/admin/*` routes in one scope whose onRequest hook is the operator guard: it runs once per request,
 * before the body is read or validated (http/guarded-scope.ts), so a stranger's bad body is still a 404.
 */
export function registerOperatorScope(app: App, guard: Guard, routes: (scope: App) => void) {
  const operator = operatorGuard(guard);
  registerGuardedScope(app, (request) => operator(request), consoleNotFound, routes);
}

/** For the web app's /admin pages: whether this browser is an operator's (never throws). */
export function isOperatorRequest(guard: Guard) {
  const operator = operatorGuard(guard);
  return (request: FastifyRequest) =>
    operator(request).then(
      () => true,
      () => false,
    );
}
