import type { AdminExtendInput } from '@crossmarket/domain';
import type { Db } from '../../../db/client';
import { HttpError } from '../../../http/errors';
import type { PaymentsProvider } from '../../../providers/payments/types';
import type { Caller } from '../../auth';
import { recordAudit, whyFailed } from '../audit';
import type { Target } from './target';

/**
 * Extends the subscription by `days` through the payments provider (the sandbox engine or Stripe), so the
 * provider's renewal date moves, not only ours. The provider's call cannot join our transaction: an
 * `attempt` row is written before it, and after it `ok`, `refused` (the provider said no, with its
 * reason) or `failed` (an error: the provider unreachable or broken), so every call leaves its rows.
 */
export async function extendSubscription(
  { db, payments }: { db: Db; payments: PaymentsProvider },
  actor: Caller,
  target: Target,
  { days, reason }: AdminExtendInput,
) {
  const base = { action: 'user.extend' as const, target, reason };
  const attemptId = await recordAudit(db, actor, {
    ...base,
    result: 'attempt',
    details: { days, provider: payments.name },
  });
  let subscriptionEnd: Date;
  try {
    ({ subscriptionEnd } = await payments.extendSubscription(target.id, days));
  } catch (error) {
    const refused = error instanceof HttpError && error.statusCode < 500;
    await recordAudit(db, actor, {
      ...base,
      result: refused ? 'refused' : 'failed',
      details: { days, provider: payments.name, attempt_id: attemptId, why: whyFailed(error) },
    });
    throw error;
  }
  return recordAudit(db, actor, {
    ...base,
    result: 'ok',
    details: {
      days,
      provider: payments.name,
      attempt_id: attemptId,
      subscription_end: subscriptionEnd.toISOString(),
    },
  });
}
