import {
  CARRIER_OTHER,
  isListedCarrier,
  JOB_NAMES,
  ORDER_ERRORS,
  ORDER_PII_RETENTION_DAYS,
  type OrderShipmentRequest,
  type OrderState,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { apiError } from '../../http/errors';
import { nowOf, type OrdersDeps } from './deps';
import { orderMissing } from './purchase';
import { ownedOrder } from './repo';
import { moveOrder } from './transition';

/** The one package of an order (a UK order is one shipment; we never split one). */
export const PACKAGE_REFERENCE_ID = '1';
const SHIPPABLE: readonly OrderState[] = ['bought', 'at_forwarder', 'problem'];

/**
 * Records the forwarder's final leg (carrier exactly as Amazon lists it for the marketplace, or Other with
 * its name; the tracking number; the ship date) and queues the confirmation to Amazon. Every item must be
 * bought first. A shipment Amazon refused or did not keep may be recorded again (the same package reference
 * id edits it at Amazon); one under way or kept may not. The buyer's address is due for erasure 30 days on.
 */
export async function recordShipment(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
  body: OrderShipmentRequest,
) {
  const order = await ownedOrder(deps.db, userId, orderId);
  if (!order) throw orderMissing();
  if (order.state === 'pending') throw apiError(409, 'order_pending', ORDER_ERRORS.pending);
  if (order.state === 'cancelled') throw apiError(409, 'order_cancelled', ORDER_ERRORS.cancelled);
  // Ours would send every item in one package: Amazon would hold the confirmed items twice.
  if (order.reason === 'partly_confirmed_elsewhere')
    throw apiError(409, 'partly_confirmed_elsewhere', ORDER_ERRORS.partlyConfirmedElsewhere);
  if (!isListedCarrier(order.marketplace, body.carrier_code))
    throw apiError(400, 'carrier_not_listed', ORDER_ERRORS.carrierNotListed, {
      params: { carrier: body.carrier_code },
      field: 'carrier_code',
    });
  const existing = await deps.db.execute<{ confirmation: string }>(
    sql`select confirmation from order_shipments where order_id = ${orderId}::uuid`,
  );
  const was = existing.rows[0]?.confirmation;
  if (was && was !== 'refused' && was !== 'not_kept')
    throw apiError(409, 'already_shipped', ORDER_ERRORS.alreadyShipped);
  if (!SHIPPABLE.includes(order.state))
    throw apiError(409, 'order_not_allowed', ORDER_ERRORS.notAllowed, {
      params: { from: order.state, to: 'shipped' },
    });
  const unbought = await deps.db.execute<{ n: number }>(sql`
    select count(*)::int as n from order_items oi where oi.order_id = ${orderId}::uuid
       and not exists (select 1 from order_purchases p where p.order_id = oi.order_id and p.order_item_id = oi.order_item_id)`);
  if (unbought.rows[0]!.n > 0) throw apiError(409, 'not_bought', ORDER_ERRORS.notBought);
  const now = nowOf(deps);
  await deps.db.execute(sql`
    insert into order_shipments (order_id, user_id, package_reference_id, carrier_code, carrier_name,
                                 shipping_method, tracking_number, ship_date)
    values (${orderId}::uuid, ${userId}, ${PACKAGE_REFERENCE_ID}, ${body.carrier_code},
            ${body.carrier_code === CARRIER_OTHER ? (body.carrier_name ?? null) : null},
            ${body.shipping_method ?? null}, ${body.tracking_number}, ${new Date(body.ship_date)})
    on conflict (order_id) do update set carrier_code = excluded.carrier_code, carrier_name = excluded.carrier_name,
      shipping_method = excluded.shipping_method, tracking_number = excluded.tracking_number,
      ship_date = excluded.ship_date, confirmation = 'pending', error = null, read_carrier = null,
      read_tracking = null, read_at = null, read_attempts = 0, sent_at = null, recorded_at = now()`);
  await deps.db.execute(sql`update orders set shipped_at = coalesce(shipped_at, ${new Date(now)}),
      address_erase_at = coalesce(address_erase_at, ${new Date(now + ORDER_PII_RETENTION_DAYS * 86_400_000)})
    where id = ${orderId}::uuid`);
  await moveOrder(deps.db, orderId, order.state, { to: 'shipped', actor: 'seller', actorUserId: userId });
  await deps.queue?.send(JOB_NAMES.ordersConfirm, { order_id: orderId });
}
