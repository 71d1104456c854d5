import { CARRIER_OTHER } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { nowOf, type OrdersDeps } from './deps';
import { orderById } from './repo';
import { shipmentOf } from './confirm-shipment';
import { ordersTarget } from './target';
import { moveOrder } from './transition';

/**
 * The `orders-read-back` job: getOrder with PACKAGES after a confirmation. The order is confirmed only when
 * Amazon holds our package with our tracking number and carrier (a code Amazon does not recognise is
 * recorded as "Other" and lowers the valid tracking rate). A read-back without it flags the order as a
 * problem: the seller corrects the carrier or tracking and confirms again (the same package reference id
 * edits the package at Amazon).
 */
export async function readBackShipment(deps: OrdersDeps, orderId: string) {
  const order = await orderById(deps.db, orderId);
  const shipment = order && (await shipmentOf(deps, orderId));
  if (!order || !shipment || shipment.confirmation !== 'sent') return 'nothing';
  const target = await ordersTarget(deps.orders, deps.accounts, order.user_id, order.region);
  if (!target) return 'not_connected';
  const amazon = await deps.orders.getOrder(target, order.amazon_order_id, ['PACKAGES', 'FULFILLMENT']);
  const pkg =
    amazon.packages?.find((p) => p.packageReferenceId === shipment.package_reference_id) ??
    amazon.packages?.find((p) => p.trackingNumber === shipment.tracking_number);
  const carrier = shipment.carrier_code === CARRIER_OTHER ? shipment.carrier_name : shipment.carrier_code;
  const kept = pkg?.trackingNumber === shipment.tracking_number && pkg?.carrier === carrier;
  const at = new Date(nowOf(deps));
  await deps.db.execute(sql`update order_shipments set confirmation = ${kept ? 'kept' : 'not_kept'},
      read_carrier = ${pkg?.carrier ?? null}, read_tracking = ${pkg?.trackingNumber ?? null}, read_at = ${at},
      read_attempts = read_attempts + 1,
      error = ${kept ? null : pkg ? `Amazon holds carrier ${pkg.carrier ?? '(none)'}, tracking ${pkg.trackingNumber ?? '(none)'}` : 'Amazon holds no package with this tracking number'}
    where order_id = ${orderId}::uuid`);
  if (kept) {
    await moveOrder(deps.db, orderId, 'shipped', { to: 'confirmed', actor: 'amazon' });
    return 'kept';
  }
  await moveOrder(deps.db, orderId, 'shipped', {
    to: 'problem',
    actor: 'system',
    reason: 'confirmation_not_kept',
  });
  return 'not_kept';
}
