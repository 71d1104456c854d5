import type { AdminActionInput } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { session } from '../../../db/schema';
import type { Caller } from '../../auth';
import { recordAudit } from '../audit';
import type { Target } from './target';

/** Signs the user out everywhere: every session row goes (API tokens are the user's own to revoke). */
export async function endSessions(db: Db, actor: Caller, target: Target, { reason }: AdminActionInput) {
  return db.transaction(async (tx) => {
    const ended = await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    return recordAudit(tx, actor, {
      action: 'user.end_sessions',
      target,
      reason,
      result: 'ok',
      details: { sessions: ended.length },
    });
  });
}
