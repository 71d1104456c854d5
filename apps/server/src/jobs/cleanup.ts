import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { session, verification } from '../db/schema';

/** Deletes expired sessions and verification tokens (sign-up, magic link and reset links). */
export async function cleanupExpiredAuthRows(db: Db, now: Date = new Date()) {
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  const verifications = await db
    .delete(verification)
    .where(lt(verification.expiresAt, now))
    .returning({ id: verification.id });
  return { sessions: sessions.length, verifications: verifications.length };
}
