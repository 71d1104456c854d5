import { isListedCarrier, REGION_CODES } from '@crossmarket/domain';
import { MARKETPLACES } from '../../src/providers/marketplace/spapi/regions';
import {
  applyConfirmation,
  confirmShipmentProblem,
  searchOrdersPage,
  searchOrdersProblem,
  withData,
} from '../../src/providers/seller-orders/amazon-rules';
import type { AmazonOrder, ConfirmShipmentRequest, IncludedData } from '../../src/providers/seller-orders';

export type OrdersOperation = 'searchOrders' | 'getOrder' | 'confirmShipment';

const SEARCH_PATH = '/orders/2026-01-01/orders';
const ORDER_PATH = /^\/orders\/2026-01-01\/orders\/([^/]+)$/;
const CONFIRM_PATH = /^\/orders\/v0\/orders\/([^/]+)\/shipmentConfirmation$/;

/** Which Orders operation a request is (orders_2026-01-01.json, ordersV0.json), if any. */
export function ordersOperation(method: string | undefined, pathname: string): OrdersOperation | undefined {
  if (method === 'GET' && pathname === SEARCH_PATH) return 'searchOrders';
  if (method === 'GET' && ORDER_PATH.test(pathname)) return 'getOrder';
  if (method === 'POST' && CONFIRM_PATH.test(pathname)) return 'confirmShipment';
  return undefined;
}

/** One call as the stand-in received it (the query or body as sent), for tests to read. */
export interface OrdersCall {
  operation: OrdersOperation;
  seller: string;
  query: Record<string, string>;
  body?: unknown;
  status: number;
}

const countryOf = (marketplaceId: string) =>
  REGION_CODES.find((c) => MARKETPLACES[c].id === marketplaceId) ?? 'us';

/**
 * The Orders part of the SP-API stand-in: each seller's orders (as Orders 2026 `Order` objects the test puts
 * in), searchOrders with Amazon's refusals and paging, getOrder with the datasets asked for (404 for an
 * order that is not the seller's), confirmShipment's 204 (or Amazon's 400, or a 204 that keeps nothing:
 * `dropConfirmation`). `delayMs`: Amazon's list shows a change this long after it happened (about two
 * minutes, reference §1.3), so a reader that does not overlap its windows misses it.
 */
export function createOrdersStandIn(options: { delayMs?: number; now?: () => number } = {}) {
  const orders = new Map<string, { seller: string; order: AmazonOrder; visibleAt: number; drop: boolean }>();
  const calls: OrdersCall[] = [];
  const now = options.now ?? Date.now;

  const put = (seller: string, order: AmazonOrder) => {
    const prev = orders.get(order.orderId);
    orders.set(order.orderId, {
      seller,
      order: structuredClone(order),
      visibleAt: now() + (options.delayMs ?? 0),
      drop: prev?.drop ?? false,
    });
  };

  const handle = (
    op: OrdersOperation,
    seller: string,
    url: URL,
    body: unknown,
  ): { status: number; body?: unknown; problem?: string } => {
    const at = now();
    const record = (status: number) =>
      calls.push({ operation: op, seller, query: Object.fromEntries(url.searchParams), body, status });
    const invalid = (message: string) => {
      record(400);
      return {
        status: 400,
        body: { errors: [{ code: 'InvalidInput', message, details: message }] },
        problem: message,
      };
    };
    const notFound = () => {
      record(404);
      return { status: 404, body: { errors: [{ code: 'NotFound', message: 'Resource not found.' }] } };
    };
    if (op === 'searchOrders') {
      const problem = searchOrdersProblem(url.searchParams, at);
      if (problem) return invalid(problem);
      const mine = [...orders.values()]
        .filter((o) => o.seller === seller && o.visibleAt <= at)
        .map((o) => o.order);
      const page = searchOrdersPage(mine, url.searchParams, at);
      if ('problem' in page) return invalid(page.problem);
      record(200);
      return {
        status: 200,
        body: {
          orders: page.orders,
          ...(page.nextToken ? { pagination: { nextToken: page.nextToken } } : {}),
          lastUpdatedBefore:
            url.searchParams.get('lastUpdatedBefore') ?? new Date(at - 120_000).toISOString(),
        },
      };
    }
    const id = decodeURIComponent((ORDER_PATH.exec(url.pathname) ?? CONFIRM_PATH.exec(url.pathname))![1]!);
    const kept = orders.get(id);
    if (!kept || kept.seller !== seller) return notFound();
    if (op === 'getOrder') {
      const data = new Set(
        (url.searchParams.get('includedData') ?? '').split(',').filter(Boolean) as IncludedData[],
      );
      record(200);
      return { status: 200, body: { order: withData(kept.order, data) } };
    }
    const problem = confirmShipmentProblem(kept.order, id, body);
    if (problem) return invalid(problem);
    record(204);
    if (!kept.drop) {
      const country = countryOf(kept.order.salesChannel.marketplaceId ?? '');
      kept.order = applyConfirmation(kept.order, body as ConfirmShipmentRequest, at, (c) =>
        isListedCarrier(country, c),
      );
    }
    return { status: 204 };
  };

  return {
    handle,
    calls,
    /** A seller's order, as Amazon holds it now (a second put of the same id is Amazon changing it). */
    put,
    /** The order as Amazon holds it. */
    get: (orderId: string) => orders.get(orderId)?.order,
    /** confirmShipment of this order answers 204 and keeps nothing (reference §1.7). */
    dropConfirmation: (orderId: string) => {
      const o = orders.get(orderId);
      if (o) o.drop = true;
    },
  };
}
export type OrdersStandIn = ReturnType<typeof createOrdersStandIn>;
