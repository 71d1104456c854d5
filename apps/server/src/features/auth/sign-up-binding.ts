import { createHash, randomBytes } from 'node:crypto';
import { createAuthMiddleware } from 'better-auth/api';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, session, user, verification } from '../../db/schema';
import { revokeApiTokens } from './password-attempts';

/**
 * Sign-up sets a password before anyone has proven the address. The activation link adopts that password
 * only when it is followed in the browser that signed up (this cookie, whose SHA-256 waits in
 * `verification`); followed anywhere else, the account is verified without it (see decisions, issue 43).
 */
export const SIGN_UP_COOKIE = 'crossmarket.sign_up';
const identifierOf = (userId: string) => `sign-up-browser:${userId}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * After `POST /sign-up/email`: a new account's browser gets the cookie, sent back only to
 * /api/auth/verify-email. A sign-up with a taken address answers a made-up user that is not in the
 * database, so it binds nothing (and a stranger cannot bind a browser to someone else's account).
 */
export const bindSignUpBrowser = (db: Db, lifetimeSeconds: number) =>
  createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
    const userId = returned?.user?.id;
    if (typeof userId !== 'string') return;
    const [created] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
      .limit(1);
    if (!created) return;
    const token = randomBytes(32).toString('base64url');
    await db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: identifierOf(userId),
      value: sha256(token),
      expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
    });
    ctx.setCookie(SIGN_UP_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.context.baseURL.startsWith('https:'),
      path: `${new URL(ctx.context.baseURL).pathname}/verify-email`,
      maxAge: lifetimeSeconds,
    });
  });

function cookieValue(request: Request | undefined, name: string): string | null {
  for (const part of request?.headers.get('cookie')?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** Whether the request carries the cookie the account's sign-up set (a binding is used once). */
async function signedUpHere(db: Db, userId: string, request: Request | undefined): Promise<boolean> {
  const token = cookieValue(request, SIGN_UP_COOKIE);
  const bindings = await db
    .delete(verification)
    .where(and(eq(verification.identifier, identifierOf(userId)), gt(verification.expiresAt, sql`now()`)))
    .returning({ value: verification.value });
  return token !== null && bindings.some((b) => b.value === sha256(token));
}

/**
 * better-auth's `beforeEmailVerification`: runs once, as an unverified account is verified through its
 * activation link. Every session and API token it may hold ends; its password stays only when the link
 * is followed where the account signed up. Otherwise whoever chose the password is not known to own the
 * mailbox: the password goes (as better-auth's magic link does for its own first verification), and the
 * owner, signed in by the link, sets one of their own.
 */
export async function proveMailbox(db: Db, userId: string, request: Request | undefined) {
  const keepPassword = await signedUpHere(db, userId, request);
  await db.delete(session).where(eq(session.userId, userId));
  await revokeApiTokens(db, userId);
  if (!keepPassword) {
    await db.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  }
}
