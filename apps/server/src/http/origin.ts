import type { App } from '../app';
import { sendError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth (cookies are SameSite=Lax already): a state-changing request that a browser
 * sends from another origin carries that Origin header, and is refused. Requests without Origin (curl,
 * server-to-server webhooks) are not browser-driven and pass.
 */
export function registerOriginCheck(app: App, appUrl: string) {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin || origin === allowed) return;
    // Same host by another name (127.0.0.1 vs localhost on the same port) is the same server.
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    return sendError(reply, 403, 'bad_origin', `Requests from ${origin} are not allowed.`);
  });
}
