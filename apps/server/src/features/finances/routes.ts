import { Readable } from 'node:stream';
import {
  AMAZON_ORDER_ID,
  moneyOrdersQuerySchema,
  moneyOrdersSchema,
  moneyQuerySchema,
  moneySummarySchema,
  orderCostsInputSchema,
  orderMoneySchema,
  rawBodySchema,
} from '@crossmarket/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { callerOf, idParams, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { moneyExport } from './money-export';
import { moneyOrders } from './money-orders';
import { moneySummary } from './money-summary';
import { saveOrderCosts } from './order-costs';
import { loadOrders, sumBreakdowns } from './order-money';
import { amazonOrderIdOf, orderLinks } from './order-links';
import { orderMoneyView } from './order-money-view';

const missingOrder = () => notFound('This order has no money recorded.');
const orderParams = z.object({
  amazon_order_id: z
    .string({ error: 'validation.money.order' })
    .regex(AMAZON_ORDER_ID, 'validation.money.order'),
});

/**
 * Money received (issue 61): the caller's own figures only; another seller's order answers 404. Each is
 * read-only and takes a personal token with the `read` scope.
 */
export function registerMoneyRoutes(app: App, { db, guard }: { db: Db; guard: Guard }) {
  registerGuardedScope(app, guard, missingOrder, (scope) => {
    scope.get(
      '/api/money',
      {
        schema: {
          querystring: moneyQuerySchema,
          response: { 200: moneySummarySchema, ...guardedErrors(400, 429) },
        },
      },
      (request) => moneySummary(db, callerOf(request).userId, request.query),
    );
    scope.get(
      '/api/money/export',
      {
        schema: {
          querystring: moneyQuerySchema,
          response: {
            200: rawBodySchema('One row per order line (text/csv), columns as Amazon names them.'),
            ...guardedErrors(400, 429),
          },
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="money-${request.query.from}-${request.query.to}${request.query.lane ? `-${request.query.lane}` : ''}.csv"`,
          )
          .send(
            // Streamed: a year of a busy seller's lines is tens of megabytes. The route's schema types the
            // body as text, which is what the stream carries.
            Readable.from(moneyExport(db, callerOf(request).userId, request.query)) as unknown as string,
          ),
    );
    scope.get(
      '/api/money/orders',
      {
        schema: {
          querystring: moneyOrdersQuerySchema,
          response: { 200: moneyOrdersSchema, ...guardedErrors(400, 429) },
        },
      },
      (request) => moneyOrders(db, callerOf(request).userId, request.query),
    );
    // What the seller paid at the border: the comparison takes it in place of the estimate's lines.
    scope.put(
      '/api/orders/:id/costs',
      {
        schema: {
          params: idParams,
          body: orderCostsInputSchema,
          response: { 200: orderMoneySchema, ...guardedErrors(400, 404, 429) },
        },
      },
      async (request) => {
        const { userId } = callerOf(request);
        const amazonOrderId = await amazonOrderIdOf(db, userId, request.params.id);
        const link = amazonOrderId && (await orderLinks(db, userId, [amazonOrderId])).get(amazonOrderId);
        if (!amazonOrderId || !link) throw missingOrder();
        const kept = (await loadOrders(db, userId, [amazonOrderId])).get(amazonOrderId);
        const estimate = sumBreakdowns(kept?.estimates.map((e) => e.breakdown) ?? []);
        await saveOrderCosts(db, userId, link, estimate, request.body);
        const found = await orderMoneyView(db, userId, amazonOrderId);
        if (!found) throw missingOrder();
        return found;
      },
    );
    // The orders' own id (issue 60): the same answer for the order's Amazon id.
    scope.get(
      '/api/orders/:id/money',
      { schema: { params: idParams, response: { 200: orderMoneySchema, ...guardedErrors(404, 429) } } },
      async (request) => {
        const { userId } = callerOf(request);
        const amazonOrderId = await amazonOrderIdOf(db, userId, request.params.id);
        const found = amazonOrderId && (await orderMoneyView(db, userId, amazonOrderId));
        if (!found) throw missingOrder();
        return found;
      },
    );
    scope.get(
      '/api/money/orders/:amazon_order_id',
      {
        schema: { params: orderParams, response: { 200: orderMoneySchema, ...guardedErrors(400, 404, 429) } },
      },
      async (request) => {
        const found = await orderMoneyView(db, callerOf(request).userId, request.params.amazon_order_id);
        if (!found) throw missingOrder();
        return found;
      },
    );
  });
}
