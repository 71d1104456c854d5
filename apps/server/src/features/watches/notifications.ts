import type { AppNotification } from '@crossmarket/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, orders } from '../../db/schema';

/** How many notifications the list answers: the newest; older ones stay until their watch goes. */
const LIST_SIZE = 100;

/** The user's newest notifications and how many are unread. */
export async function listNotifications(db: Db, userId: string) {
  const [rows, unread] = await Promise.all([
    db
      .select({
        n: notifications,
        amazonOrderId: orders.amazonOrderId,
        shipBy: orders.shipBy,
      })
      .from(notifications)
      // An order's notice (issue 60) names its order; the join stays within the user's own orders.
      .leftJoin(orders, and(eq(orders.id, notifications.orderId), eq(orders.userId, notifications.userId)))
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(LIST_SIZE),
    db.$count(notifications, and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    unread,
    notifications: rows.map(({ n, amazonOrderId, shipBy }): AppNotification => ({
      id: n.id,
      watch_id: n.watchId,
      order:
        n.orderId && amazonOrderId
          ? {
              id: n.orderId,
              amazon_order_id: amazonOrderId,
              notice: n.notice as NonNullable<AppNotification['order']>['notice'],
              ship_by: shipBy?.toISOString() ?? null,
            }
          : null,
      marketplace: n.marketplace as AppNotification['marketplace'],
      asin: n.asin,
      inventory_id: n.inventoryId,
      product_count: n.productCount,
      condition: n.orderId ? null : (n.condition as AppNotification['condition']),
      price: n.priceCents == null ? null : n.priceCents / 100,
      currency: n.currency,
      profit_percent: n.profitPercent,
      restriction: n.restriction as AppNotification['restriction'],
      created_at: n.createdAt.toISOString(),
      read: n.readAt !== null,
    })),
  };
}

/** Marks one of the user's notifications read; false when it is not theirs. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const done = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return done.length > 0;
}
