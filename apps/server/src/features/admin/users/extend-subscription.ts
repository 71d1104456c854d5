import type { AdminExtendInput } from '@crossmarket/domain';
import type { Db } from '../../../db/client';
import { HttpError } from '../../../http/errors';
import type { PaymentsProvider } from '../../../providers/payments/types';
import type { Caller } from '../../auth';
import { recordAudit } from '../audit';
import type { Target } from './target';

/**
 * Extends the subscription by `days` through the payments provider (the sandbox engine or Stripe), so the
 * provider's renewal date moves, not only ours. The provider's call cannot join our transaction: the row
 * is written after it answers, `refused` with its reason when it says no.
 */
export async function extendSubscription(
  { db, payments }: { db: Db; payments: PaymentsProvider },
  actor: Caller,
  target: Target,
  { days, reason }: AdminExtendInput,
) {
  try {
    const { subscriptionEnd } = await payments.extendSubscription(target.id, days);
    return await recordAudit(db, actor, {
      action: 'user.extend',
      target,
      reason,
      result: 'ok',
      details: { days, provider: payments.name, subscription_end: subscriptionEnd.toISOString() },
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      await recordAudit(db, actor, {
        action: 'user.extend',
        target,
        reason,
        result: 'refused',
        details: { days, provider: payments.name, why: error.code },
      });
    }
    throw error;
  }
}
