import type { MoneyBreakdown, RegionCode } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import { orderMoneyEstimates } from '../../db/schema';
import { refreshOrderMoney } from './refresh-order-money';

export interface OrderEstimate {
  amazonOrderId: string;
  orderItemId: string;
  laneFrom: RegionCode | null;
  laneTo: RegionCode;
  /** The day of the sale (YYYY-MM-DD): the rules in force then. */
  onDay: string;
  /** The landed model's breakdown at the item's price that day. */
  breakdown: MoneyBreakdown;
}

/**
 * Keeps what the landed model said when the order came, once: a later rule or lane change never rewrites
 * what the seller was told, so the difference shows what the rule got wrong. Answers whether it was new.
 */
export async function recordEstimate(db: Db, userId: string, e: OrderEstimate): Promise<boolean> {
  const written = await db
    .insert(orderMoneyEstimates)
    .values({
      userId,
      amazonOrderId: e.amazonOrderId,
      orderItemId: e.orderItemId,
      laneFrom: e.laneFrom,
      laneTo: e.laneTo,
      onDay: e.onDay,
      breakdown: e.breakdown,
    })
    .onConflictDoNothing()
    .returning({ id: orderMoneyEstimates.amazonOrderId });
  if (written.length > 0) await refreshOrderMoney(db, userId, [e.amazonOrderId]);
  return written.length > 0;
}
