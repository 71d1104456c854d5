import type { App } from './app-type';
import { bearerToken } from './bearer';
import { sendError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth (cookies are SameSite=Lax already): a state-changing request that a browser
 * sends from another origin carries that Origin header, and is refused. Requests without Origin (curl,
 * server-to-server webhooks) are not browser-driven and pass. So does a request that authenticates with
 * a personal API token and no cookie: the browser never adds a token on its own, so another site cannot
 * borrow one. A cookie alongside a token is checked as a cookie request.
 */
export function registerOriginCheck(app: App, appUrl: string) {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method)) return;
    if (!request.headers.cookie && bearerToken(request.headers.authorization) !== null) return;
    const origin = request.headers.origin;
    if (!origin || origin === allowed) return;
    // Same host by another name (127.0.0.1 vs localhost on the same port) is the same server.
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    return sendError(reply, 403, 'bad_origin', `Requests from ${origin} are not allowed.`);
  });
}
