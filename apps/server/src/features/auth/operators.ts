import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user, userData } from '../../db/schema';

/**
 * ADMIN_EMAILS: a verified account with a listed address becomes an operator when it signs in. Only ever
 * grants: an operator withdrawn in the console stays withdrawn until the list is changed and they sign in
 * again, which is the deployment owner's say, not the console's.
 */
export async function promoteListedOperator(db: Db, userId: string, adminEmails: readonly string[]) {
  if (adminEmails.length === 0) return;
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!row?.verified || !adminEmails.includes(row.email.toLowerCase())) return;
  await db
    .update(userData)
    .set({ role: 'operator' })
    .where(and(eq(userData.userId, userId), eq(userData.role, 'seller')));
}
