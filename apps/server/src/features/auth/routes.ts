import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/app-type';
import { bearerToken } from '../../http/bearer';
import { HttpError } from '../../http/errors';
import type { Limit, Limiter, Limits } from '../../http/rate-limit';
import type { Auth } from './auth';
import { SIGN_IN_FAILURES_PER_EMAIL } from './sign-in-limits';

const minutes = (n: number) => n * 60;

/**
 * Limits of a kind of mail (sign-in links, activation, recovery each have their own, so a flood of one
 * never blocks another): per address, per e-mail from one address (a stranger uses up only their own
 * share), and a ceiling per e-mail from anywhere so that nobody's inbox is flooded.
 */
const mailLimits = (kind: string): Limits => ({
  perIp: { name: `mail-${kind}`, max: 10, windowSeconds: minutes(15) },
  perEmailAndIp: { name: `mail-${kind}`, max: 3, windowSeconds: minutes(15) },
  perEmail: { name: `mail-${kind}`, max: 10, windowSeconds: minutes(15) },
});
export const MAIL_LIMITS = {
  signIn: mailLimits('sign-in'),
  verify: mailLimits('verify'),
  recovery: mailLimits('recovery'),
};

/** Every sign-in attempt from one client (an address, an IPv6 /64: http/rate-limit.ts) counts. */
const SIGN_IN_PER_IP: Limit = { name: 'sign-in', max: 30, windowSeconds: minutes(15) };
const SIGN_IN_PATH = '/api/auth/sign-in/email';
export const AUTH_BODY_LIMIT = 64 * 1024;

/** Limits for better-auth's endpoints that sign up or send mail (sign-in is counted apart, above). */
const AUTH_LIMITS: Record<string, Limits> = {
  '/api/auth/sign-up/email': {
    perIp: { name: 'sign-up', max: 10, windowSeconds: minutes(60) },
    perEmailAndIp: { name: 'sign-up', max: 3, windowSeconds: minutes(60) },
    perEmail: { name: 'sign-up', max: 10, windowSeconds: minutes(60) },
  },
  '/api/auth/sign-in/magic-link': MAIL_LIMITS.signIn,
  '/api/auth/send-verification-email': MAIL_LIMITS.verify,
  '/api/auth/request-password-reset': MAIL_LIMITS.recovery,
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
    // What better-auth is sent is a few fields (sign-in, sign-up, a token's name); every byte here is
    // parsed, walked, serialised and parsed again by better-auth before any limit counts (issue 57).
    bodyLimit: AUTH_BODY_LIMIT,
    async handler(request: FastifyRequest, reply: FastifyReply) {
      // Parsed once: the limit is chosen on the very URL better-auth routes on, so another spelling of
      // a path (./, x/../, %2e, a trailing or doubled slash, a #fragment) cannot skip it.
      // Sign-in, the account and the tokens themselves are the session's: a leaked token mints no more.
      if (bearerToken(request.headers.authorization) !== null) {
        throw new HttpError(403, 'token_not_allowed', 'API tokens cannot call /api/auth; sign in instead.');
      }
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const path = routedPath(url);
      const limits = AUTH_LIMITS[path];
      const email = (request.body as { email?: unknown } | undefined)?.email;
      const named = typeof email === 'string' && email.trim() ? email : null;
      const signIn = path === SIGN_IN_PATH && request.method === 'POST';
      if (limits && request.method === 'POST') await limit(request, limits, named);
      if (signIn) {
        await limit(request, { perIp: SIGN_IN_PER_IP });
        if (named) await limit.checkFailures(SIGN_IN_FAILURES_PER_EMAIL, named);
      }
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body:
            request.body === undefined || request.method === 'GET' ? undefined : JSON.stringify(request.body),
        }),
      );
      // Only a wrong password counts against the e-mail; the right one is never refused for a stranger's.
      if (signIn && named && response.status === 401) {
        await limit.recordFailure(SIGN_IN_FAILURES_PER_EMAIL, named);
      }
      reply.status(response.status);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
