import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { billingSubscriptions } from '../../../db/schema';

export type Subscription = typeof billingSubscriptions.$inferSelect;

/** The user's subscription that is still running (active, or past due awaiting payment), if any. */
export async function findLiveSubscription(db: Db, userId: string): Promise<Subscription | undefined> {
  const [sub] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, userId),
        inArray(billingSubscriptions.status, ['active', 'past_due']),
      ),
    );
  return sub;
}
