import { CARRIER_OTHER, JOB_NAMES } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { SpapiError } from '../../providers/marketplace/spapi/client';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import type { ConfirmShipmentRequest } from '../../providers/seller-orders';
import { nowOf, type OrdersDeps } from './deps';
import { followConfirmationElsewhere } from './confirmed-elsewhere';
import { orderById } from './repo';
import { ordersTarget } from './target';
import { moveOrder } from './transition';

/** Amazon's list shows most changes about two minutes late: the package is read back after this. */
export const READ_BACK_AFTER_SECONDS = 5 * 60;

export type ShipmentRow = {
  package_reference_id: string;
  carrier_code: string;
  carrier_name: string | null;
  shipping_method: string | null;
  tracking_number: string;
  ship_date: Date;
  confirmation: string;
};

export async function shipmentOf(deps: OrdersDeps, orderId: string): Promise<ShipmentRow | null> {
  const found = await deps.db.execute<ShipmentRow>(sql`
    select package_reference_id, carrier_code, carrier_name, shipping_method, tracking_number, ship_date, confirmation
      from order_shipments where order_id = ${orderId}::uuid`);
  return found.rows[0] ?? null;
}

/** confirmShipment's body: one package with every item of the order, the carrier code exactly as recorded. */
export function confirmationBody(
  marketplaceId: string,
  s: ShipmentRow,
  items: { order_item_id: string; quantity: number }[],
): ConfirmShipmentRequest {
  return {
    marketplaceId,
    packageDetail: {
      packageReferenceId: s.package_reference_id,
      carrierCode: s.carrier_code,
      ...(s.carrier_code === CARRIER_OTHER && s.carrier_name ? { carrierName: s.carrier_name } : {}),
      ...(s.shipping_method ? { shippingMethod: s.shipping_method } : {}),
      trackingNumber: s.tracking_number,
      shipDate: new Date(s.ship_date).toISOString(),
      orderItems: items.map((i) => ({ orderItemId: i.order_item_id, quantity: i.quantity })),
    },
  };
}

/**
 * The `orders-confirm-shipment` job: confirmShipment (Orders v0) for the order's one package, unless
 * Amazon's order already shows it confirmed elsewhere (then never: confirmed-elsewhere.ts). A 204 is not
 * success yet: the read-back job looks for the package on the order minutes later. Amazon's refusal (a
 * Ship+ order, a field it does not take) makes the order a problem with Amazon's words; no answer at all
 * is read back before anything is sent again (the call may have reached Amazon).
 */
export async function confirmShipment(deps: OrdersDeps, orderId: string) {
  const order = await orderById(deps.db, orderId);
  const shipment = order && (await shipmentOf(deps, orderId));
  if (!order || !shipment || shipment.confirmation !== 'pending' || order.state !== 'shipped')
    return 'nothing';
  const target = await ordersTarget(deps.orders, deps.accounts, order.user_id, order.region);
  if (!target) return 'not_connected';
  const items = await deps.db.execute<{ order_item_id: string; quantity: number }>(
    sql`select order_item_id, quantity from order_items where order_id = ${orderId}::uuid order by order_item_id`,
  );
  const body = confirmationBody(MARKETPLACES[order.marketplace].id, shipment, items.rows);
  // The seller may have confirmed it in Seller Central since our last read (intake reads every five
  // minutes): Amazon takes a second confirmation as a second package, so its order is read first. No
  // answer throws, and the job tries again: nothing is sent on a side Amazon did not answer.
  const now = await deps.orders.getOrder(target, order.amazon_order_id, ['FULFILLMENT', 'PACKAGES']);
  if (await followConfirmationElsewhere(deps, order, now)) return 'elsewhere';
  try {
    await deps.orders.confirmShipment(target, order.amazon_order_id, body);
  } catch (error) {
    if (!(error instanceof SpapiError) || (error.status !== 400 && error.status !== 0)) throw error;
    if (error.status === 400) {
      const why = error.errors.map((e) => e.message).join(' ') || error.message;
      await deps.db.execute(sql`update order_shipments set confirmation = 'refused', error = ${why}
                                 where order_id = ${orderId}::uuid`);
      await moveOrder(deps.db, orderId, 'shipped', {
        to: 'problem',
        actor: 'amazon',
        reason: 'confirmation_refused',
        note: why.slice(0, 500),
      });
      return 'refused';
    }
    // No answer: Amazon may hold it. Read back before sending again.
  }
  await deps.db
    .execute(sql`update order_shipments set confirmation = 'sent', sent_at = ${new Date(nowOf(deps))}
                             where order_id = ${orderId}::uuid`);
  await deps.queue?.send(
    JOB_NAMES.ordersReadBack,
    { order_id: orderId },
    { startAfter: deps.orders.readBackAfterSeconds ?? READ_BACK_AFTER_SECONDS },
  );
  return 'sent';
}
