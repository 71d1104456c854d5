import { apiKey } from '@better-auth/api-key';
import {
  API_TOKEN_ERRORS,
  API_TOKEN_LIMIT,
  API_TOKEN_NAME_MAX,
  API_TOKEN_PERMISSION_KEY,
  API_TOKEN_RECENT_SIGN_IN_MINUTES,
  apiTokenCreateSchema,
  DEFAULT_API_TOKEN_SCOPES,
  type ApiTokenScope,
  englishMessage,
} from '@crossmarket/domain';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import type { Limit } from '../../http/rate-limit';
import { raiseInAuth, releasePasswordAttempt, reservePasswordAttempt } from './password-attempts';
import { AUTH_TABLES } from './tables';
import { lockForUser } from '../../db/user-lock';

/** Every token starts with it: recognisable in a script, a log or a secret scanner's rules. */
export const API_TOKEN_PREFIX = 'cm_';
/** Requests one token may make, times RATE_LIMIT_SCALE. */
export const TOKEN_RATE_LIMIT: Limit = { name: 'api-token', max: 60, windowSeconds: 60 };

/**
 * better-auth's API-key plugin as Crossmarket uses it: user-owned keys stored as a SHA-256 hash (its
 * default), named, optionally expiring (a day to a year), `cm_` and 64 random letters. Its own per-key
 * rate limit is off (its window restarts only after a full window of silence, and it cannot follow
 * RATE_LIMIT_SCALE): the guard counts tokens in rate_limits like every other limit. A key never stands
 * in for a session inside better-auth (`enableSessionForAPIKeys` stays off), so tokens cannot call
 * /api/auth/* at all.
 */
export const apiTokenPlugin = () =>
  apiKey({
    defaultPrefix: API_TOKEN_PREFIX,
    requireName: true,
    maximumNameLength: API_TOKEN_NAME_MAX,
    // The prefix and four characters: enough to tell one's tokens apart, far too few to guess one.
    startingCharactersConfig: { charactersLength: API_TOKEN_PREFIX.length + 4 },
    keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 365 },
    rateLimit: { enabled: false },
    enableSessionForAPIKeys: false,
  });

/**
 * Only what the form sends: a client may not choose its own prefix, quota, metadata or permissions (its
 * scopes come as `scopes`, checked by the domain's schema).
 */
const createBody = z.strictObject(apiTokenCreateSchema.shape);

/** The user's live tokens (expired ones do not count: the plugin deletes them). */
async function tokensHeld(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [held] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(
      and(eq(apiKeys.referenceId, userId), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date()))),
    );
  return held?.n ?? 0;
}

const limitReached = () =>
  new APIError('CONFLICT', {
    code: API_TOKEN_ERRORS.limitReached,
    message: `You can hold at most ${API_TOKEN_LIMIT} API tokens. Revoke one to create another.`,
  });

type Adapter = { create: (args: never) => Promise<unknown> };
type CreateArgs = { model: string; data: Record<string, unknown> };

/**
 * The plugin's insert of the new key, in one transaction that first takes the user's advisory lock and
 * counts again: creations racing for the last place queue on the lock, and the ones that find the cap
 * reached get 409. Lock, count and insert share one connection, so waiting never needs a second one.
 * The key's scopes go in as the plugin's `permissions`, which a client may not send itself (the plugin
 * calls them server-only).
 */
function lockedCreate(
  db: Db,
  userId: string,
  options: Parameters<ReturnType<typeof drizzleAdapter>>[0],
  scopes: readonly ApiTokenScope[],
) {
  return async (args: never) =>
    db.transaction(async (tx) => {
      await lockForUser(tx, 'api-tokens', userId);
      if ((await tokensHeld(tx, userId)) >= API_TOKEN_LIMIT) throw limitReached();
      const adapter = drizzleAdapter(tx, { provider: 'pg', schema: AUTH_TABLES })(options) as Adapter;
      const { model, data } = args as CreateArgs;
      const permissions = JSON.stringify({ [API_TOKEN_PERMISSION_KEY]: [...new Set(scopes)] });
      return adapter.create({ ...(args as object), model, data: { ...data, permissions } } as never);
    });
}

const recentSignInMs = API_TOKEN_RECENT_SIGN_IN_MINUTES * 60_000;

/**
 * Before `POST /api-key/create`: the body is the domain's (the Settings form's schema); a session older
 * than API_TOKEN_RECENT_SIGN_IN_MINUTES must send the account's password (403 PASSWORD_REQUIRED without
 * it, INVALID_PASSWORD when wrong, counted with Change password's wrong ones); a user holds at most
 * API_TOKEN_LIMIT live tokens, counted again under a per-user lock when the key is stored.
 */
export const apiTokenCreateHook = (db: Db, scale = 1) =>
  createAuthMiddleware(async (ctx) => {
    const parsed = createBody.safeParse(ctx.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message =
        issue?.code === 'unrecognized_keys' ? issue.message : englishMessage(issue?.message ?? '');
      throw new APIError('BAD_REQUEST', {
        code: 'VALIDATION_ERROR',
        message,
        field: issue?.path.join('.') || undefined,
      });
    }
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // the plugin answers 401
    const userId = session.user.id;
    const { password } = parsed.data;
    if (Date.now() - new Date(session.session.createdAt).getTime() > recentSignInMs || password) {
      await verifyPassword(ctx, db, userId, password, scale);
    }
    if ((await tokensHeld(db, userId)) >= API_TOKEN_LIMIT) throw limitReached();
    // The plugin stores the key through this adapter (this request's only): under the lock.
    const scopes = parsed.data.scopes ?? DEFAULT_API_TOKEN_SCOPES;
    const adapter = {
      ...ctx.context.adapter,
      create: lockedCreate(db, userId, ctx.context.options, scopes),
    };
    return { context: { context: { adapter } } };
  });

type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

async function verifyPassword(
  ctx: HookCtx,
  db: Db,
  userId: string,
  password: string | undefined,
  scale: number,
) {
  const accounts = await ctx.context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((a) => a.providerId === 'credential' && a.password)?.password;
  if (!password || !hash) {
    throw new APIError('FORBIDDEN', {
      code: API_TOKEN_ERRORS.passwordRequired,
      message: `Creating an API token needs your password when you signed in more than ${API_TOKEN_RECENT_SIGN_IN_MINUTES} minutes ago. Enter it, or sign in again.`,
    });
  }
  await reservePasswordAttempt(db, userId, scale).catch((e: unknown) => raiseInAuth(ctx, e));
  if (!(await ctx.context.password.verify({ hash, password }))) {
    throw new APIError('FORBIDDEN', { code: API_TOKEN_ERRORS.wrongPassword, message: 'Invalid password' });
  }
  await releasePasswordAttempt(db, userId);
}
