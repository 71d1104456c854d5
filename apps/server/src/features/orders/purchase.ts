import { ORDER_ERRORS, regionByCode, type OrderPurchaseRequest, type OrderState } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { apiError, notFound } from '../../http/errors';
import { laneInForce } from '../lanes';
import type { OrdersDeps } from './deps';
import { orderItemsOf, ownedOrder } from './repo';
import { soldOutAtSource } from './sold-out';
import { sourceNow } from './source-check';
import { moveOrder } from './transition';

/** Where a purchase may be recorded: a paid order not yet shipped (a second item of a bought order too). */
const BUYABLE: readonly OrderState[] = ['new', 'to_buy', 'bought', 'problem'];

export const orderMissing = () => notFound('This order was not found.');

/**
 * Records what the seller bought at the source for one order item, once: a pending order (not paid) or a
 * cancelled one, or an item the buyer asked to cancel, is refused; a second purchase of the same item is
 * refused naming the first (the table's key decides, so two requests at once record one). A lane whose
 * source ships to the buyer cannot carry orders (drop-shipping policy). The source is looked up afresh: a
 * source sold out now has the listing's quantity set to 0. The order is bought once every item is.
 */
export async function recordPurchase(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
  body: OrderPurchaseRequest,
) {
  const order = await ownedOrder(deps.db, userId, orderId);
  if (!order) throw orderMissing();
  if (order.state === 'pending') throw apiError(409, 'order_pending', ORDER_ERRORS.pending);
  if (order.state === 'cancelled') throw apiError(409, 'order_cancelled', ORDER_ERRORS.cancelled);
  const items = await orderItemsOf(deps.db, orderId);
  if (items.some((i) => i.cancel_requested)) throw apiError(409, 'order_cancelled', ORDER_ERRORS.cancelled);
  if (!BUYABLE.includes(order.state))
    throw apiError(409, 'order_not_allowed', ORDER_ERRORS.notAllowed, {
      params: { from: order.state, to: 'bought' },
    });
  const item = items.find((i) => i.order_item_id === body.order_item_id);
  if (!item) throw apiError(400, 'unknown_item', ORDER_ERRORS.unknownItem, { field: 'order_item_id' });
  if (item.from_country && item.to_country) {
    const lane = await laneInForce(deps.db, userId, item.from_country, item.to_country);
    if (lane.route === 'source_ships') throw apiError(409, 'source_ships', ORDER_ERRORS.sourceShips);
  }
  const now = await sourceNow(deps, userId, item);
  const currency = item.from_country
    ? regionByCode(item.from_country).currency.code
    : (order.currency ?? 'USD');
  const inserted = await deps.db.execute<{ id: string }>(sql`
    insert into order_purchases (order_id, user_id, order_item_id, source_order_id, total, tax, shipping, currency,
                                 seen_price, bought_at)
    values (${orderId}::uuid, ${userId}, ${item.order_item_id}, ${body.source_order_id}, ${body.total},
            ${body.tax ?? null}, ${body.shipping ?? null}, ${currency}, ${now.price},
            ${body.bought_at ? new Date(body.bought_at) : new Date()})
    on conflict (order_id, order_item_id) do nothing
    returning id`);
  if (inserted.rows.length === 0) {
    const first = await deps.db.execute<{ source_order_id: string; recorded_at: Date }>(sql`
      select source_order_id, recorded_at from order_purchases
       where order_id = ${orderId}::uuid and order_item_id = ${item.order_item_id}`);
    const f = first.rows[0]!;
    throw apiError(409, 'purchase_exists', ORDER_ERRORS.purchaseExists, {
      params: { source_order_id: f.source_order_id, recorded_at: new Date(f.recorded_at).toISOString() },
      first: { source_order_id: f.source_order_id, recorded_at: new Date(f.recorded_at).toISOString() },
    });
  }
  if (now.in_stock === false && item.listing_id) await soldOutAtSource(deps, item.listing_id);
  const bought = await deps.db.execute<{ n: number }>(sql`
    select count(*)::int as n from order_items oi
     where oi.order_id = ${orderId}::uuid
       and not exists (select 1 from order_purchases p where p.order_id = oi.order_id and p.order_item_id = oi.order_item_id)`);
  if (bought.rows[0]!.n === 0 && order.state !== 'bought')
    await moveOrder(deps.db, orderId, order.state, { to: 'bought', actor: 'seller', actorUserId: userId });
  return { id: inserted.rows[0]!.id, source_sold_out: now.in_stock === false };
}
