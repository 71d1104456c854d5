import { desc, eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema';
import { TEST_APP_URL } from './app';

export const PASSWORD = 'secret-123';

/** Cookies from a response's set-cookie headers, as a Cookie request header. */
export function cookiesFrom(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

/** Waits for the worker to put a mail for `to` in the outbox (newest first). */
export async function waitForMail(db: Db, to: string, subject?: RegExp) {
  for (let i = 0; i < 200; i++) {
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id));
    const found = mails.find((m) => !subject || subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail for ${to}`);
}

/** The first link to our app in a mail, as a path for app.inject. */
export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in mail');
  const url = new URL(match[0]);
  expectSameOrigin(url);
  return url.pathname + url.search;
}

function expectSameOrigin(url: URL) {
  if (url.origin !== TEST_APP_URL) throw new Error(`link points at ${url.origin}`);
}

/**
 * A request as the web client sends it: a JSON content type only when there is a body (Fastify refuses an
 * empty JSON body), the session cookie when given.
 */
export const injectJson = (
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: payload ? jsonHeaders(cookie) : cookie ? { cookie } : {},
    ...(payload && { payload }),
  });

export const jsonHeaders = (cookie?: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
  ...extra,
});

/**
 * An address of the benchmarking range (198.18.0.0/15) of the e-mail's own, so that the users a test file
 * signs up do not share one address's sign-up limit (10 an hour).
 */
export function addressOf(email: string): string {
  let h = 0;
  for (const c of email) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `198.${18 + (h & 1)}.${(h >>> 1) & 255}.${((h >>> 9) % 254) + 1}`;
}

export async function signUp(app: App, email: string, password = PASSWORD, lang = 'en') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: addressOf(email),
    headers: jsonHeaders(undefined, { 'x-crossmarket-language': lang }),
    payload: { email, password, name: email, callbackURL: '/welcome' },
  });
}

export async function signIn(app: App, email: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders(),
    payload: { email, password },
  });
}

/**
 * Signs up, follows the activation link in the same browser (the sign-up's cookie goes with it, so the
 * password is kept), and returns the session cookie.
 */
export async function activeUser(app: App, db: Db, email: string): Promise<string> {
  const res = await signUp(app, email);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  const mail = await waitForMail(db, email, /Activate/);
  const verified = await app.inject({
    method: 'GET',
    url: linkIn(mail.text),
    headers: { cookie: cookiesFrom(res.headers) },
  });
  const cookie = cookiesFrom(verified.headers);
  if (!cookie.includes('session_token'))
    throw new Error(`no session after verification: ${verified.statusCode}`);
  return cookie;
}
