import { timesQuantity } from '@crossmarket/domain';
import { recordEstimate } from '../finances';
import type { OrdersDeps } from './deps';
import { modelAtOrder } from './profit';
import { orderItemsOf } from './repo';

/**
 * Keeps what the money model said of each linked item at the price the buyer paid, on the day the order
 * came (issue 61): the estimate Amazon's money is later set against. Kept once; an item without a price
 * yet (a pending order) is estimated when Amazon's copy has one. Never stops the intake: an order with no
 * estimate still shows its money, without the comparison.
 */
export async function estimateOrder(
  deps: OrdersDeps,
  userId: string,
  order: { id: string; amazonOrderId: string; purchasedAt: string },
): Promise<number> {
  let kept = 0;
  try {
    for (const item of await orderItemsOf(deps.db, order.id)) {
      if (item.unit_price === null || !item.to_country) continue;
      const model = await modelAtOrder(deps, userId, item, null);
      if (!model) continue;
      const isNew = await recordEstimate(deps.db, userId, {
        amazonOrderId: order.amazonOrderId,
        orderItemId: item.order_item_id,
        laneFrom: item.from_country,
        laneTo: item.to_country,
        onDay: new Date(order.purchasedAt).toISOString().slice(0, 10),
        breakdown: timesQuantity(model.breakdown(item.unit_price), item.quantity),
      });
      if (isNew) kept += 1;
    }
  } catch (error) {
    deps.logger.warn({ err: error, orderId: order.id }, 'order estimate not kept');
  }
  return kept;
}
