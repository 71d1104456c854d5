import { canMoveOrder, ORDER_ERRORS, type OrderTransitionRequest } from '@crossmarket/domain';
import { apiError } from '../../http/errors';
import type { OrdersDeps } from './deps';
import { orderMissing } from './purchase';
import { ownedOrder } from './repo';
import { moveOrder } from './transition';

/**
 * `POST /api/orders/:id/transition`: a move the seller makes by hand — start buying, the parcel reached the
 * forwarder, delivered, or a problem flagged with a note. A pending order cannot be started (not paid).
 */
export async function sellerMove(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
  body: OrderTransitionRequest,
) {
  const order = await ownedOrder(deps.db, userId, orderId);
  if (!order) throw orderMissing();
  if (order.state === 'pending') throw apiError(409, 'order_pending', ORDER_ERRORS.pending);
  if (order.state === 'cancelled') throw apiError(409, 'order_cancelled', ORDER_ERRORS.cancelled);
  const refused = () =>
    apiError(409, 'order_not_allowed', ORDER_ERRORS.notAllowed, {
      params: { from: order.state, to: body.to },
    });
  if (!canMoveOrder(order.state, body.to)) throw refused();
  const moved = await moveOrder(deps.db, orderId, order.state, {
    to: body.to,
    actor: 'seller',
    actorUserId: userId,
    reason: body.to === 'problem' ? 'seller_flagged' : null,
    note: body.note ?? null,
  });
  if (!moved) throw refused();
}
