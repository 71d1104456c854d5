import type { AdminRoleInput } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userData } from '../../../db/schema';
import { apiError } from '../../../http/errors';
import type { Caller } from '../../auth';
import { recordAudit } from '../audit';
import type { Target } from './target';

/**
 * Grants or withdraws the operator role. An operator cannot withdraw their own (a deployment could be
 * left with nobody to run it); the refusal is logged like any other attempt.
 */
export async function setRole(db: Db, actor: Caller, target: Target, { role, reason }: AdminRoleInput) {
  if (target.id === actor.userId && role !== 'operator') {
    await recordAudit(db, actor, {
      action: 'user.role',
      target,
      reason,
      result: 'refused',
      details: { role, why: 'own_role' },
    });
    throw apiError(409, 'own_role', 'apiErrors.admin.ownRole');
  }
  return db.transaction(async (tx) => {
    // A withdrawal is remembered, so that ADMIN_EMAILS does not grant the role again at the next sign-in.
    const withdrawnAt = role === 'operator' ? null : new Date();
    await tx
      .update(userData)
      .set({ role, operatorWithdrawnAt: withdrawnAt })
      .where(eq(userData.userId, target.id));
    return recordAudit(tx, actor, {
      action: 'user.role',
      target,
      reason,
      result: 'ok',
      details: { from: target.role, to: role },
    });
  });
}
