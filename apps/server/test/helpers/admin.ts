import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { TEST_APP_URL } from './app';
import { activeUser, jsonHeaders } from './auth';

/** The operator every console test signs in as: ADMIN_EMAILS names them (buildTestApp's overrides). */
export const OPERATOR_EMAIL = 'operator@example.com';
export const ADMIN_CONFIG = { ADMIN_EMAILS: [OPERATOR_EMAIL] };

export interface ConsoleCallers {
  operator: string;
  seller: string;
  sellerId: string;
}

/** An operator (by ADMIN_EMAILS, at activation's sign-in) and a seller, as session cookies. */
export async function consoleCallers(
  app: App,
  db: Db,
  seller = 'seller@example.com',
): Promise<ConsoleCallers> {
  const operator = await activeUser(app, db, OPERATOR_EMAIL);
  const sellerCookie = await activeUser(app, db, seller);
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sellerCookie } });
  return { operator, seller: sellerCookie, sellerId: me.json().user.id };
}

/** A personal API token of the cookie's owner. */
export async function tokenOf(app: App, cookie: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/api-key/create',
    // better-auth wants the app's Origin on a cookie POST, as the browser sends it.
    headers: jsonHeaders(cookie, { origin: TEST_APP_URL }),
    payload: { name: 'Sweep' },
  });
  if (res.statusCode !== 200) throw new Error(`token not created: ${res.body}`);
  return res.json().key;
}

/** An operator's call with a JSON body. */
export const adminPost = (app: App, cookie: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload });
