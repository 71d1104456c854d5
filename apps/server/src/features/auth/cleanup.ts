import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session, verification } from '../../db/schema';
import { pruneRateLimits } from '../../http/rate-limit';

/** Deletes expired sessions, verification tokens (sign-up, magic and recovery links) and old rate-limit windows. */
export async function cleanupExpiredAuthRows(db: Db, now: Date = new Date()) {
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  const verifications = await db
    .delete(verification)
    .where(lt(verification.expiresAt, now))
    .returning({ id: verification.id });
  const rateLimits = await pruneRateLimits(db);
  return { sessions: sessions.length, verifications: verifications.length, rateLimits };
}
