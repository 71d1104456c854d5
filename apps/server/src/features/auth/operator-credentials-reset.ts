import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, adminAudit, apiKeys, session, upgradeSteps, user, userData } from '../../db/schema';

/** The `upgrade_steps` row of this step (migration 0042). */
export const OPERATOR_CREDENTIALS_RESET = 'issue-57-operator-credentials';

/** Who the audit rows name as the actor: the program itself, at its upgrade. */
const ACTOR = { actorId: 'system', actorEmail: 'crossmarket upgrade' };

export interface CredentialsReset {
  /** False when an earlier start (or another process) did it already. */
  ran: boolean;
  accounts: number;
}

/**
 * Once per database (issue 57, item 3): before issue 43, sign-up stored a password nobody had proven the
 * address for, and an account promoted through ADMIN_EMAILS or by an operator kept it. Every operator and
 * every account whose address is in ADMIN_EMAILS loses its password (better-auth's credential account),
 * its sessions and its API tokens, and signs in again by a link to its own mailbox (and may then choose a
 * password). Nothing tells which passwords predate issue 43's fix, so all of theirs go. One audit row per
 * account; the step's row is written first in the same transaction, so it runs once.
 */
export async function resetOperatorCredentials(
  db: Db,
  adminEmails: readonly string[],
): Promise<CredentialsReset> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(upgradeSteps)
      .values({ name: OPERATOR_CREDENTIALS_RESET })
      .onConflictDoNothing()
      .returning({ name: upgradeSteps.name });
    if (claimed.length === 0) return { ran: false, accounts: 0 };
    const listed = adminEmails.map((e) => e.toLowerCase());
    const targets = await tx
      .select({ id: user.id, email: user.email, role: userData.role })
      .from(user)
      .leftJoin(userData, eq(userData.userId, user.id))
      .where(
        or(
          eq(userData.role, 'operator'),
          listed.length > 0 ? inArray(sql`lower(${user.email})`, listed) : sql`false`,
        ),
      );
    for (const target of targets) {
      const passwords = await tx
        .delete(account)
        .where(and(eq(account.userId, target.id), eq(account.providerId, 'credential')))
        .returning({ id: account.id });
      const sessions = await tx
        .delete(session)
        .where(eq(session.userId, target.id))
        .returning({ id: session.id });
      const tokens = await tx
        .delete(apiKeys)
        .where(eq(apiKeys.referenceId, target.id))
        .returning({ id: apiKeys.id });
      await tx.insert(adminAudit).values({
        ...ACTOR,
        action: 'user.credentials_reset',
        targetId: target.id,
        targetEmail: target.email,
        reason: 'Issue 57: passwords and sessions of operators and ADMIN_EMAILS accounts set before issue 43',
        result: 'ok',
        details: {
          operator: target.role === 'operator',
          admin_emails: listed.includes(target.email.toLowerCase()),
          password: passwords.length > 0,
          sessions: sessions.length,
          api_tokens: tokens.length,
        },
      });
    }
    await tx
      .update(upgradeSteps)
      .set({ details: { accounts: targets.length } })
      .where(eq(upgradeSteps.name, OPERATOR_CREDENTIALS_RESET));
    return { ran: true, accounts: targets.length };
  });
}
