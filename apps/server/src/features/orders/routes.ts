import {
  noContentSchema,
  orderDetailQuerySchema,
  orderDetailSchema,
  orderListSchema,
  orderPurchaseRequestSchema,
  orderShipmentRequestSchema,
  ordersQuerySchema,
  orderTransitionRequestSchema,
} from '@crossmarket/domain';
import { z } from 'zod';
import type { App } from '../../http/app-type';
import { callerOf, idParams as params, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import type { OrdersDeps } from './deps';
import { listOrders } from './list-orders';
import { orderDetail } from './order-detail';
import { orderMissing, recordPurchase } from './purchase';
import { ownedOrder } from './repo';
import { sellerMove } from './seller-move';
import { recordShipment } from './shipment';

const purchased = z.object({ id: z.uuid(), source_sold_out: z.boolean() });

/**
 * `/api/orders` (issue 60): the seller's Amazon orders, one order's detail and steps, recording a purchase at
 * the source, the shipment (then confirmed to Amazon by a job and read back) and the moves made by hand.
 * Owner only: another user's order is 404. API tokens need the `orders` scope (auth/token-scope.ts).
 */
export function registerOrderRoutes(app: App, { guard, deps }: { guard: Guard; deps: OrdersDeps }) {
  registerGuardedScope(app, guard, orderMissing, (scope) => {
    scope.get(
      '/api/orders',
      {
        schema: { querystring: ordersQuerySchema, response: { 200: orderListSchema, ...guardedErrors(400) } },
      },
      (request) => listOrders(deps, callerOf(request).userId, request.query),
    );

    scope.get(
      '/api/orders/:id',
      {
        schema: {
          params,
          querystring: orderDetailQuerySchema,
          response: { 200: orderDetailSchema, ...guardedErrors(400, 404) },
        },
      },
      async (request) => {
        const order = await ownedOrder(deps.db, callerOf(request).userId, request.params.id);
        if (!order) throw orderMissing();
        return orderDetail(deps, order, request.query);
      },
    );

    scope.post(
      '/api/orders/:id/purchase',
      {
        schema: {
          params,
          body: orderPurchaseRequestSchema,
          response: { 201: purchased, ...guardedErrors(400, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await recordPurchase(deps, callerOf(request).userId, request.params.id, request.body)),
    );

    scope.post(
      '/api/orders/:id/shipment',
      {
        schema: {
          params,
          body: orderShipmentRequestSchema,
          response: { 202: z.object({ queued: z.literal(true) }), ...guardedErrors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        await recordShipment(deps, callerOf(request).userId, request.params.id, request.body);
        return reply.status(202).send({ queued: true as const });
      },
    );

    scope.post(
      '/api/orders/:id/transition',
      {
        schema: {
          params,
          body: orderTransitionRequestSchema,
          response: { 204: noContentSchema, ...guardedErrors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        await sellerMove(deps, callerOf(request).userId, request.params.id, request.body);
        return reply.status(204).send();
      },
    );
  });
}
