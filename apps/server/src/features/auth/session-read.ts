import { parseCookies } from 'better-call';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Count, Limit } from '../../http/rate-limit';
import { loadAccountBySessionToken, type AccountRow } from '../account';
import type { Auth } from './auth';

export interface SessionRead {
  userId: string;
  sessionId: string;
  account: AccountRow;
  /** The request's count under the limit the read was asked to count it against (same round trip). */
  rate?: Count;
}

/**
 * The session token of a cookie signed as better-call signs it (`token.base64(HMAC-SHA256)`), or null.
 * Checked with node:crypto in one synchronous call: WebCrypto's async HMAC cost more than the query.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * Reads the caller's session and account in one query. Every signed-in request goes through here, so the
 * usual case must be cheap: a valid, fresh session. Anything else — no row, an expired session, one due
 * for better-auth's sliding refresh, missing account rows — answers undefined, and the guard asks
 * better-auth itself, which deletes, refreshes or repairs as it always does. `counted`: the same query
 * counts the request against that per-user limit (a session due for refresh is then counted again by
 * whoever counts the fallback's requests: once a day at most).
 */
export function createSessionReader(auth: Auth, db: Db) {
  let settings: Promise<{ cookie: string; secret: string; expiresIn: number; updateAge: number }> | undefined;
  const load = async () => {
    const ctx = await auth.$context;
    return {
      cookie: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresIn: ctx.sessionConfig.expiresIn,
      updateAge: ctx.sessionConfig.updateAge,
    };
  };
  return async (
    cookieHeader: string | undefined,
    counted?: Limit,
  ): Promise<SessionRead | null | undefined> => {
    if (!cookieHeader) return null;
    const { cookie, secret, expiresIn, updateAge } = await (settings ??= load());
    const value = parseCookies(cookieHeader).get(cookie);
    if (!value) return null;
    const token = verifySignedToken(value, secret);
    if (!token) return null;
    const found = await loadAccountBySessionToken(db, token, counted);
    if (!found) return undefined;
    const now = Date.now();
    const expires = found.expiresAt.getTime();
    if (expires <= now || expires - expiresIn * 1000 + updateAge * 1000 <= now) return undefined;
    return {
      userId: found.account.user.id,
      sessionId: found.sessionId,
      account: found.account,
      ...(found.rate ? { rate: found.rate } : {}),
    };
  };
}
