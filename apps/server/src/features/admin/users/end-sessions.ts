import type { AdminActionInput } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiKeys, session } from '../../../db/schema';
import type { Caller } from '../../auth';
import { recordAudit } from '../audit';
import type { Target } from './target';

/**
 * Signs the user out everywhere: every session row and every API token goes. An operator ends sessions
 * on an account they think compromised, and a token made with the stolen session would outlive it.
 */
export async function endSessions(db: Db, actor: Caller, target: Target, { reason }: AdminActionInput) {
  return db.transaction(async (tx) => {
    const ended = await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    const tokens = await tx
      .delete(apiKeys)
      .where(eq(apiKeys.referenceId, target.id))
      .returning({ id: apiKeys.id });
    return recordAudit(tx, actor, {
      action: 'user.end_sessions',
      target,
      reason,
      result: 'ok',
      details: { sessions: ended.length, api_tokens: tokens.length },
    });
  });
}
