import { eq, sql } from 'drizzle-orm';
import { withTx, type Db } from '../../../db/client';
import { billingSubscriptions, userData } from '../../../db/schema';
import { noSubscription } from '../refusals';
import { findLiveSubscription } from './subscriptions';

/**
 * Moves the renewal `days` later. The anchor moves with it: every later period end is counted from the
 * anchor (renewal days never drift), so the gift is kept by all the renewals after this one too.
 */
export async function extendSubscription(db: Db, userId: string, days: number) {
  return withTx(db, async (t) => {
    const sub = await findLiveSubscription(t, userId);
    if (!sub?.currentPeriodEnd || !sub.anchor) throw noSubscription();
    const shift = sql`${days} * interval '1 day'`;
    const [moved] = await t
      .update(billingSubscriptions)
      .set({
        anchor: sql`${billingSubscriptions.anchor} + ${shift}`,
        currentPeriodEnd: sql`${billingSubscriptions.currentPeriodEnd} + ${shift}`,
      })
      .where(eq(billingSubscriptions.id, sub.id))
      .returning({ end: billingSubscriptions.currentPeriodEnd });
    await t.update(userData).set({ subscriptionEnd: moved!.end }).where(eq(userData.userId, userId));
    return { subscriptionEnd: moved!.end! };
  });
}
