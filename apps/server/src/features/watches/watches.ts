import { WATCH_LIMIT, type Watch, type WatchCreate } from '@crossmarket/domain';
import { and, desc, eq } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { watches } from '../../db/schema';
import { lockForUser } from '../../db/user-lock';
import { apiError } from '../../http/errors';

const view = (w: typeof watches.$inferSelect): Watch => ({
  id: w.id,
  marketplace: w.marketplace as Watch['marketplace'],
  asin: w.asin,
  condition: w.condition,
  threshold: w.thresholdCents == null ? null : w.thresholdCents / 100,
  created_at: w.createdAt.toISOString(),
});

/** The user's watches, newest first. */
export async function listWatches(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(watches)
    .where(eq(watches.userId, userId))
    .orderBy(desc(watches.createdAt));
  return { watches: rows.map(view), limit: WATCH_LIMIT };
}

/** A new watch, within the limit (checked and written under the user's lock, so two tabs cannot pass it). */
export async function createWatch(db: Db, userId: string, body: WatchCreate): Promise<Watch> {
  return withTx(db, async (t) => {
    await lockForUser(t, 'watches', userId);
    const count = await t.$count(watches, eq(watches.userId, userId));
    if (count >= WATCH_LIMIT)
      throw apiError(409, 'watch_limit', 'validation.watch.limit', {
        params: { limit: WATCH_LIMIT },
        limit: WATCH_LIMIT,
      });
    const [row] = await t
      .insert(watches)
      .values({
        userId,
        marketplace: body.marketplace,
        asin: body.asin,
        condition: body.condition,
        thresholdCents: body.threshold == null ? null : Math.round(body.threshold * 100),
      })
      .returning();
    return view(row!);
  });
}

/** Deletes one of the user's watches; false when it is not theirs (or gone). */
export async function deleteWatch(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(watches)
    .where(and(eq(watches.id, id), eq(watches.userId, userId)))
    .returning({ id: watches.id });
  return gone.length > 0;
}
