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

/** Hands /api/auth/* to better-auth: Fastify's parsed request in, the Web Response's status, headers and body out. */
export function registerAuthRoutes(app: App, auth: Auth, limit: Limiter) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const path = request.url.split('?')[0]!;
      const limits = AUTH_LIMITS[path];
      if (limits && request.method === 'POST') {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        await limit(request, limits, typeof email === 'string' ? email : null);
      }
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
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
