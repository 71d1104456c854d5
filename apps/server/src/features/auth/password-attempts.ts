import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { enforceLimit, releaseAttempt, type Limit } from '../../http/rate-limit';

/**
 * Wrong passwords a signed-in user may type (the current password of Change password, the password the
 * create-token dialog asks for), times RATE_LIMIT_SCALE. A stolen session cookie gets five guesses.
 */
export const PASSWORD_FAILURES_PER_USER: Limit = {
  name: 'password-failures',
  max: 5,
  windowSeconds: 15 * 60,
};
const failureKey = (userId: string) => `${PASSWORD_FAILURES_PER_USER.name}:user:${userId}`;

/**
 * Counts a password attempt before the password is checked, and answers 429 (http/rate-limit.ts's) once
 * the user's attempts have used the limit up. Counted first, so that parallel guesses cannot all pass a
 * check made before any of them failed; a right password gives its attempt back.
 */
export const reservePasswordAttempt = (db: Db, userId: string, scale: number) =>
  enforceLimit(db, failureKey(userId), PASSWORD_FAILURES_PER_USER, scale);

export const releasePasswordAttempt = (db: Db, userId: string) => releaseAttempt(db, failureKey(userId));

/** Ends every API token of the user (a new password ends every credential the old one let be made). */
export async function revokeApiTokens(db: Db, userId: string): Promise<number> {
  const gone = await db.delete(apiKeys).where(eq(apiKeys.referenceId, userId)).returning({ id: apiKeys.id });
  return gone.length;
}

interface HookCtx {
  request?: Request;
}

/**
 * An app error raised inside better-auth. Through /api/auth/* (a Request) better-auth answers it, so it
 * becomes its APIError (`{ code, message, key }`, Retry-After kept). Called from our own routes
 * (`auth.api.*`, no Request) it stays the app's HttpError: their `catch` turns only better-auth's errors
 * into a 400, so a 429 reaches the client as the app's 429.
 */
export function raiseInAuth(ctx: HookCtx, error: unknown): never {
  if (!ctx.request || !(error instanceof HttpError)) throw error;
  const retryAfter = error.details?.retryAfterSeconds;
  throw new APIError(
    error.statusCode as ConstructorParameters<typeof APIError>[0],
    { code: error.code, message: error.message, ...(error.details?.key ? { key: error.details.key } : {}) },
    retryAfter ? { 'retry-after': String(retryAfter) } : undefined,
  );
}

/** Whether better-auth answered 429 (the attempt was refused before any password was checked). */
const tooMany = (returned: unknown) => isAPIError(returned) && returned.statusCode === 429;

/** better-auth's endpoints that give a signed-in user a new password. */
export const PASSWORD_PATHS = new Set(['/change-password', '/set-password']);

/** Before Change password: the attempt is counted; none is checked once the user's are used up. */
export const passwordChangeBefore = (db: Db, scale: number) =>
  createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // better-auth answers 401
    await reservePasswordAttempt(db, session.user.id, scale).catch((e: unknown) => raiseInAuth(ctx, e));
  });

/**
 * After better-auth changed or set a password: a wrong current password keeps its counted attempt, any
 * other outcome of Change password gives it back; a new password revokes every API token (our own
 * /api/set-password does the same itself).
 */
export const passwordChangeAfter = (db: Db) =>
  createAuthMiddleware(async (ctx) => {
    const userId = ctx.context.session?.user.id;
    if (!userId) return;
    const returned = ctx.context.returned;
    const wrongPassword = isAPIError(returned) && returned.body?.code === 'INVALID_PASSWORD';
    if (ctx.path === '/change-password' && !wrongPassword && !tooMany(returned)) {
      await releasePasswordAttempt(db, userId);
    }
    if (!isAPIError(returned)) await revokeApiTokens(db, userId);
  });
