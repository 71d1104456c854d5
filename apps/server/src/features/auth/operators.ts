import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit, user, userData } from '../../db/schema';

/**
 * The sign-ins that prove the mailbox themselves: the activation link and a sign-in (or recovery) link.
 * A password proves only that someone once chose it, so a password sign-in never promotes.
 */
export const MAILBOX_PROVING_PATHS: ReadonlySet<string> = new Set(['/verify-email', '/magic-link/verify']);

/**
 * ADMIN_EMAILS: a verified account with a listed address becomes an operator when it signs in through a
 * link sent to that address (MAILBOX_PROVING_PATHS). Only ever grants, never to an account whose role an
 * operator withdrew in the console (`operator_withdrawn_at`: only granting it there again clears it), and
 * every grant leaves an audit row (the user as its own actor, ADMIN_EMAILS as the reason).
 */
export async function promoteListedOperator(db: Db, userId: string, adminEmails: readonly string[]) {
  if (adminEmails.length === 0) return;
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!row?.verified || !adminEmails.includes(row.email.toLowerCase())) return;
  await db.transaction(async (tx) => {
    const promoted = await tx
      .update(userData)
      .set({ role: 'operator' })
      .where(
        and(eq(userData.userId, userId), eq(userData.role, 'seller'), isNull(userData.operatorWithdrawnAt)),
      )
      .returning({ id: userData.userId });
    if (promoted.length === 0) return;
    await tx.insert(adminAudit).values({
      actorId: userId,
      actorEmail: row.email,
      action: 'user.role',
      targetId: userId,
      targetEmail: row.email,
      reason: 'ADMIN_EMAILS',
      result: 'ok',
      details: { from: 'seller', to: 'operator', by: 'ADMIN_EMAILS' },
    });
  });
}
