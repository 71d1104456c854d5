import { englishMessage, planByCode, type Watch, type WatchCreate } from '@crossmarket/domain';
import { and, desc, eq } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { inventories, userData, watches } from '../../db/schema';
import { lockForUser } from '../../db/user-lock';
import { apiError } from '../../http/errors';

const view = (w: typeof watches.$inferSelect): Watch => ({
  id: w.id,
  marketplace: w.marketplace as Watch['marketplace'],
  asin: w.asin,
  inventory_id: w.inventoryId,
  condition: w.condition,
  threshold: w.thresholdCents == null ? null : w.thresholdCents / 100,
  created_at: w.createdAt.toISOString(),
});

/** How many watches the user's plan allows (none without a plan). */
export async function watchLimitOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ plan: userData.planCode })
    .from(userData)
    .where(eq(userData.userId, userId));
  return planByCode(row?.plan ?? 'F')?.watchLimit ?? 0;
}

/** The user's watches, newest first, and their plan's limit. */
export async function listWatches(db: Db, userId: string) {
  const [rows, limit] = await Promise.all([
    db.select().from(watches).where(eq(watches.userId, userId)).orderBy(desc(watches.createdAt)),
    watchLimitOf(db, userId),
  ]);
  return { watches: rows.map(view), limit };
}

/**
 * A new watch within the plan's limit (checked and written under the user's lock, so two tabs cannot pass
 * it). Past it: 409 naming `limit`, in the shape of a field error so the form can show it.
 */
export async function createWatch(
  db: Db,
  userId: string,
  body: WatchCreate | { inventoryId: string; marketplace: string },
): Promise<Watch> {
  return withTx(db, async (t) => {
    await lockForUser(t, 'watches', userId);
    const count = await t.$count(watches, eq(watches.userId, userId));
    const limit = await watchLimitOf(t, userId);
    if (count >= limit) {
      const key = 'validation.watch.limit';
      throw apiError(409, 'watch_limit', key, {
        params: { limit },
        limit,
        fields: [{ field: 'limit', key, message: englishMessage(key, { limit }), params: { limit } }],
      });
    }
    const [row] = await t
      .insert(watches)
      .values(
        'inventoryId' in body
          ? {
              userId,
              marketplace: body.marketplace,
              inventoryId: body.inventoryId,
              condition: 'out_of_stock',
            }
          : {
              userId,
              marketplace: body.marketplace,
              asin: body.asin,
              condition: body.condition,
              thresholdCents: body.threshold == null ? null : Math.round(body.threshold * 100),
            },
      )
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

/**
 * A whole-inventory watch (products sold out at its buying country), for one of the user's inventories;
 * null when the inventory is not theirs. Counts against the same plan limit as product watches.
 */
export async function createInventoryWatch(db: Db, userId: string, inventoryId: string) {
  const [inventory] = await db
    .select({ from: inventories.fromCountry })
    .from(inventories)
    .where(and(eq(inventories.id, inventoryId), eq(inventories.userId, userId)));
  if (!inventory) return null;
  return createWatch(db, userId, { inventoryId, marketplace: inventory.from });
}
