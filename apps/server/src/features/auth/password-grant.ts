import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verification } from '../../db/schema';

/**
 * The server-side grant a recovery link gives: for a while after signing in through it, that session may
 * set a new password without the current one. Kept in better-auth's `verification` table (the cleanup job
 * drops expired rows), keyed by the session, so a cookie alone (stolen, or another session) never has it.
 */
const identifierOf = (sessionId: string) => `password-grant:${sessionId}`;

export async function grantPasswordReset(db: Db, sessionId: string, userId: string, seconds: number) {
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: identifierOf(sessionId),
    value: userId,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
}

/** Uses the session's grant up: true when one was still valid for this user. */
export async function consumePasswordGrant(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const used = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(sessionId)),
        eq(verification.value, userId),
        gt(verification.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: verification.id });
  return used.length > 0;
}

/** Whether the session holds a valid grant, without using it. */
export async function hasPasswordGrant(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(sessionId)),
        eq(verification.value, userId),
        gt(verification.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
