import type { App } from './app-type';
import { bearerToken } from './bearer';
import { sendError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `scheme://host[:port]` of an Origin header; null when it is no such thing (`null`, garbage). */
function originOf(header: string): URL | null {
  try {
    const url = new URL(header);
    return url.origin === 'null' ? null : url;
  } catch {
    return null;
  }
}

/**
 * CSRF defence in depth (cookies are SameSite=Lax already): a state-changing request that a browser
 * sends from another origin carries that Origin header, and is refused. Requests without Origin (curl,
 * server-to-server webhooks) are not browser-driven and pass. So does a request that authenticates with
 * a personal API token and no cookie: the browser never adds a token on its own, so another site cannot
 * borrow one. A cookie alongside a token is checked as a cookie request.
 *
 * Allowed: APP_URL's origin (scheme, host and port), and the origin the browser itself names as this
 * server — its Host header — in APP_URL's scheme only (127.0.0.1 vs localhost on the same port, the
 * Vite dev server's proxy, a mapped port). A page on `http://` never passes for an `https://` APP_URL:
 * plain HTTP is where a network attacker writes pages.
 */
export function registerOriginCheck(app: App, appUrl: string) {
  const allowed = new URL(appUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method)) return;
    if (!request.headers.cookie && bearerToken(request.headers.authorization) !== null) return;
    const header = request.headers.origin;
    if (!header) return;
    const origin = originOf(header);
    if (origin && origin.origin === allowed.origin) return;
    const host = request.headers.host?.toLowerCase();
    if (origin && origin.protocol === allowed.protocol && host && origin.host === host) return;
    return sendError(reply, 403, 'bad_origin', `Requests from ${header} are not allowed.`);
  });
}
