import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app';
import type { Limit, Limiter } from '../../http/rate-limit';
import type { Auth } from './auth';

const minutes = (n: number) => n * 60;
export const MAIL_LIMITS = {
  perIp: { name: 'mail', max: 10, windowSeconds: minutes(15) },
  perEmail: { name: 'mail', max: 3, windowSeconds: minutes(15) },
} satisfies { perIp: Limit; perEmail: Limit };

/** Limits for better-auth's endpoints that sign in, sign up or send mail. */
const AUTH_LIMITS: Record<string, { perIp: Limit; perEmail?: Limit }> = {
  '/api/auth/sign-in/email': {
    perIp: { name: 'sign-in', max: 30, windowSeconds: minutes(15) },
    perEmail: { name: 'sign-in', max: 10, windowSeconds: minutes(15) },
  },
  '/api/auth/sign-up/email': {
    perIp: { name: 'sign-up', max: 10, windowSeconds: minutes(60) },
    perEmail: { name: 'sign-up', max: 3, windowSeconds: minutes(60) },
  },
  '/api/auth/sign-in/magic-link': MAIL_LIMITS,
  '/api/auth/send-verification-email': MAIL_LIMITS,
  '/api/auth/request-password-reset': MAIL_LIMITS,
};

/**
 * The path as better-auth's router sees it: the URL parser has resolved dot segments (also %2e) and
 * backslashes; empty segments and trailing slashes are dropped, so spellings it answers 404 today
 * still count, and still would if it began to accept them.
 */
function routedPath(url: URL): string {
  return url.pathname.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
}

/** Hands /api/auth/* to better-auth: Fastify's parsed request in, the Web Response's status, headers and body out. */
export function registerAuthRoutes(app: App, auth: Auth, limit: Limiter) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request: FastifyRequest, reply: FastifyReply) {
      // Parsed once: the limit is chosen on the very URL better-auth routes on, so another spelling of
      // a path (./, x/../, %2e, a trailing or doubled slash, a #fragment) cannot skip it.
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const limits = AUTH_LIMITS[routedPath(url)];
      if (limits && request.method === 'POST') {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        await limit(request, limits, typeof email === 'string' ? email : null);
      }
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body:
            request.body === undefined || request.method === 'GET' ? undefined : JSON.stringify(request.body),
        }),
      );
      reply.status(response.status);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
