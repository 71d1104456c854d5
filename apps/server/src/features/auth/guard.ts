import { apiTokenScopesOf, isLockedOut, type ApiTokenScope } from '@crossmarket/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { BAD_TOKENS_PER_CLIENT, badTokenKey, bearerToken } from '../../http/bearer';
import { HttpError } from '../../http/errors';
import {
  checkFailuresAt,
  enforceLimit,
  recordFailureAt,
  tooMany,
  type Count,
  type Limit,
} from '../../http/rate-limit';
import { loadAccount, type AccountRow } from '../account';
import { TOKEN_RATE_LIMIT } from './api-tokens';
import type { Auth } from './auth';
import { createSessionReader } from './session-read';
import { tokenScopeFor } from './token-scope';

export interface GuardOptions {
  /** Settings, welcome and support stay usable after the 6-hour grace (the specification's lockout). */
  allowLocked?: boolean;
  /** Only /api/me: the web app needs it to know where to send a suspended or inactive user. */
  allowBlocked?: boolean;
  /** Support: the suspended page sends its user there (an inactive account still gets 403). */
  allowSuspended?: boolean;
  /**
   * A per-user limit every session request of the scope counts against (`limit.name:userId`, times the
   * guard's scale): counted by the session read itself, one round trip for both (`Caller.counted`).
   */
  countSession?: Limit;
}

export interface Caller {
  userId: string;
  /** The session the request came with (a recovery grant belongs to one session); null with a token. */
  sessionId: string | null;
  /** The personal API token the request came with; null with the session cookie. */
  tokenId: string | null;
  /** The token's scopes; null with the session cookie. */
  scopes: ApiTokenScope[] | null;
  email: string;
  account: AccountRow;
  /** The guard counted this request against `countSession` already (the usual session read). */
  counted?: boolean;
}

/** The caller's session, for what only a signed-in browser may do; a token caller gets 403. */
export function sessionIdOf(caller: Caller): string {
  if (caller.sessionId === null) throw tokenNotAllowed();
  return caller.sessionId;
}

const tokenNotAllowed = () =>
  new HttpError(
    403,
    'token_not_allowed',
    'API tokens cannot call this endpoint: it needs a signed-in session.',
  );
const scopeMissing = (scope: ApiTokenScope) =>
  new HttpError(403, 'token_scope', `This API token lacks the "${scope}" scope needed here.`, { scope });
const unauthenticated = () => new HttpError(401, 'unauthenticated', 'Please sign in.');

/** Who an `Authorization: Bearer` request is: the key's owner, once the plugin has checked the key. */
async function tokenOwner(auth: Auth, token: string) {
  if (!token) throw invalidToken();
  // The plugin hashes the token, finds the key, refuses a revoked or expired one and records its use.
  const verified = await auth.api.verifyApiKey({ body: { key: token } });
  if (!verified.valid || !verified.key) throw invalidToken();
  return {
    userId: verified.key.referenceId,
    tokenId: verified.key.id,
    scopes: apiTokenScopesOf(verified.key.permissions),
  };
}
const invalidToken = () =>
  new HttpError(
    401,
    'invalid_token',
    'This API token is not valid: it may have been revoked or have expired.',
  );

export type Guard = (request: FastifyRequest, options?: GuardOptions) => Promise<Caller>;

/**
 * The API's half of account gating: the same rules the web guard applies, answered with error codes the
 * web app understands. Identity comes from the session cookie or, on the routes token-scope.ts names, a
 * personal API token (`Authorization: Bearer`), never from the body. A request that names a token is a
 * token request even if it also carries a cookie: it gets the token's scope, its owner and its limit.
 * Wrong tokens count per client (http/bearer.ts); past their limit a bearer request gets 429 unchecked.
 * `scale` multiplies the per-token and wrong-token limits (RATE_LIMIT_SCALE).
 */
export function createGuard(auth: Auth, db: Db, scale = 1): Guard {
  const readSession = createSessionReader(auth, db);
  const identify = async (
    request: FastifyRequest,
    counted?: Limit,
  ): Promise<{
    userId: string;
    sessionId: string | null;
    tokenId: string | null;
    scopes: ApiTokenScope[] | null;
    account?: AccountRow;
    rate?: Count;
  }> => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) {
      // The usual case in one query; better-auth itself for the rest (see session-read.ts).
      const read = await readSession(request.headers.cookie, counted);
      if (read === null) throw unauthenticated();
      if (read) return { ...read, tokenId: null, scopes: null };
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!found) throw unauthenticated();
      return { userId: found.user.id, sessionId: found.session.id, tokenId: null, scopes: null };
    }
    const scope = tokenScopeFor(request.method, request.routeOptions.url);
    if (scope === null) throw tokenNotAllowed();
    // A client that keeps sending wrong tokens is stopped before the hash and the lookup.
    const badTokens = badTokenKey(request.ip);
    await checkFailuresAt(db, badTokens, BAD_TOKENS_PER_CLIENT, scale);
    const owner = await tokenOwner(auth, token).catch(async (error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 401) {
        await recordFailureAt(db, badTokens, BAD_TOKENS_PER_CLIENT);
      }
      throw error;
    });
    // After the key is known good: a wrong key learns nothing about scopes.
    if (!owner.scopes.includes(scope)) throw scopeMissing(scope);
    await enforceLimit(db, `${TOKEN_RATE_LIMIT.name}:${owner.tokenId}`, TOKEN_RATE_LIMIT, scale);
    return { ...owner, sessionId: null };
  };
  return async (request, options = {}) => {
    const { account: read, rate, ...found } = await identify(request, options.countSession);
    const account = read ?? (await loadAccount(db, found.userId));
    if (!account) throw unauthenticated();
    if (!options.allowBlocked) {
      if (!account.data.isActive) throw new HttpError(403, 'account_inactive', 'This account is not active.');
      if (account.data.suspended && !options.allowSuspended)
        throw new HttpError(403, 'account_suspended', 'Your account has been suspended.');
      if (!options.allowLocked && isLockedOut(account.data.subscriptionEnd)) {
        throw new HttpError(
          403,
          'subscription_expired',
          'Your subscription has ended. Renew it in Settings → Billing.',
        );
      }
    }
    // After the account's own refusals, as a count of its own would come (per-user-limits.ts).
    if (rate && rate.count > options.countSession!.max * scale) throw tooMany(rate.retryAfterSeconds);
    return { ...found, email: account.user.email, account, ...(rate ? { counted: true } : {}) };
  };
}
