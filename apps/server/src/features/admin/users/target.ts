import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { user, userData, userProfiles } from '../../../db/schema';

export interface Target {
  id: string;
  email: string;
  emailVerified: boolean;
  suspended: boolean;
  role: 'seller' | 'operator';
  lang: 'en' | 'tr';
}

/** The account an action is about; undefined for an unknown id. */
export async function findTarget(db: Db, userId: string): Promise<Target | undefined> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      suspended: userData.suspended,
      role: userData.role,
      lang: userProfiles.commLang,
    })
    .from(user)
    .innerJoin(userData, eq(userData.userId, user.id))
    .leftJoin(userProfiles, eq(userProfiles.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return undefined;
  return { ...row, lang: row.lang === 'tr' ? 'tr' : 'en' };
}
