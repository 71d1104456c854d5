import { apiKey } from '@better-auth/api-key';
import {
  API_TOKEN_LIMIT,
  API_TOKEN_NAME_MAX,
  apiTokenCreateSchema,
  englishMessage,
} from '@crossmarket/domain';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import type { Limit } from '../../http/rate-limit';

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

/** Only what the form sends: a client may not choose its own prefix, quota, metadata or permissions. */
const createBody = z.strictObject(apiTokenCreateSchema.shape);

/**
 * Before `POST /api-key/create`: the body is the domain's (the Settings form's schema), and a user
 * holds at most API_TOKEN_LIMIT live tokens. Expired ones do not count (the plugin deletes them).
 * Two creations racing could both pass the count; the worst case is a token or two over the limit.
 */
export const apiTokenCreateHook = (db: Db) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/api-key/create') return;
    const parsed = createBody.safeParse(ctx.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message =
        issue?.code === 'unrecognized_keys' ? issue.message : englishMessage(issue?.message ?? '');
      throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message });
    }
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // the plugin answers 401
    const [held] = await db
      .select({ n: count() })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.referenceId, session.user.id),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date())),
        ),
      );
    if ((held?.n ?? 0) >= API_TOKEN_LIMIT) {
      throw new APIError('CONFLICT', {
        code: 'API_KEY_LIMIT_REACHED',
        message: `You can hold at most ${API_TOKEN_LIMIT} API tokens. Revoke one to create another.`,
      });
    }
  });
