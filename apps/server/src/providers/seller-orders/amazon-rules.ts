import { createHash } from 'node:crypto';
import { AMAZON_ORDER_STATUSES } from '@crossmarket/domain';
import { INCLUDED_DATA, type AmazonOrder, type ConfirmShipmentRequest, type IncludedData } from './types';

// How Amazon's Orders API behaves, for the two stand-ins of it we keep (the sandbox marketplace and the
// tests' SP-API stand-in), so both refuse and answer alike. Sources: orders_2026-01-01.json (searchOrders'
// parameter notes, `pagination.nextToken`), ordersV0.json (`ConfirmShipmentRequest`, `PackageDetail`) and
// reference orders-fulfilment.md §1.3 and §1.7 (field reports: a 204 that did not take, Ship+ refused).

const TWO_MINUTES = 2 * 60_000;
const DAY = 86_400_000;
/** Amazon's order id: 3-7-7 digits. */
export const AMAZON_ORDER_ID = /^\d{3}-\d{7}-\d{7}$/;
const iso = (v: string) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));

/**
 * What Amazon answers 400 InvalidInput for in a searchOrders query, or null. Exactly one of createdAfter and
 * lastUpdatedAfter; a `*Before` bound not before its `*After` and at least two minutes before now; at most
 * 50 marketplaces; 1–100 results a page; known statuses and datasets.
 */
export function searchOrdersProblem(q: URLSearchParams, now: number): string | null {
  const createdAfter = q.get('createdAfter');
  const updatedAfter = q.get('lastUpdatedAfter');
  if ((createdAfter === null) === (updatedAfter === null))
    return 'Exactly one of createdAfter and lastUpdatedAfter must be provided';
  if (updatedAfter !== null && (q.has('createdBefore') || q.has('createdAfter')))
    return 'createdBefore may not be provided with lastUpdatedAfter';
  for (const [after, before] of [
    ['createdAfter', 'createdBefore'],
    ['lastUpdatedAfter', 'lastUpdatedBefore'],
  ] as const) {
    const a = q.get(after);
    const b = q.get(before);
    if (a !== null && !iso(a)) return `${after} must be in ISO 8601 format`;
    if (b === null) continue;
    if (!iso(b)) return `${before} must be in ISO 8601 format`;
    if (a !== null && Date.parse(b) < Date.parse(a)) return `${before} must be equal to or after ${after}`;
    if (Date.parse(b) > now - TWO_MINUTES) return `${before} must be at least two minutes before the request`;
  }
  const marketplaces = (q.get('marketplaceIds') ?? '').split(',').filter(Boolean);
  if (marketplaces.length > 50) return 'marketplaceIds may have at most 50 items';
  const size = q.get('maxResultsPerPage');
  if (size !== null && !(Number.isInteger(Number(size)) && Number(size) >= 1 && Number(size) <= 100))
    return 'maxResultsPerPage must be between 1 and 100';
  const statuses = (q.get('fulfillmentStatuses') ?? '').split(',').filter(Boolean);
  if (statuses.some((s) => !(AMAZON_ORDER_STATUSES as readonly string[]).includes(s)))
    return 'fulfillmentStatuses has an invalid value';
  const data = (q.get('includedData') ?? '').split(',').filter(Boolean);
  if (data.some((d) => !(INCLUDED_DATA as readonly string[]).includes(d)))
    return 'includedData has an invalid value';
  return null;
}

/** The query a page token is bound to: every parameter but the page size, datasets and the token. */
const queryKey = (q: URLSearchParams) =>
  createHash('sha256')
    .update(
      [...q.entries()]
        .filter(([k]) => !['maxResultsPerPage', 'includedData', 'paginationToken'].includes(k))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}=${v}`)
        .join('&'),
    )
    .digest('hex')
    .slice(0, 16);

/**
 * One page of the orders matching a searchOrders query, oldest update first, with Amazon's `nextToken`
 * (bound to the query, expiring after 24 hours). `visible` leaves out what Amazon would not show yet (its
 * list lags changes by about two minutes). Throws a message for a token Amazon would refuse.
 */
export function searchOrdersPage(
  all: readonly AmazonOrder[],
  q: URLSearchParams,
  now: number,
): { orders: AmazonOrder[]; nextToken?: string } | { problem: string } {
  const after = Date.parse(q.get('lastUpdatedAfter') ?? q.get('createdAfter') ?? '');
  const beforeText = q.get('lastUpdatedBefore') ?? q.get('createdBefore');
  const before = beforeText ? Date.parse(beforeText) : now - TWO_MINUTES;
  const byCreated = q.has('createdAfter');
  const marketplaces = (q.get('marketplaceIds') ?? '').split(',').filter(Boolean);
  const fulfilledBy = (q.get('fulfilledBy') ?? '').split(',').filter(Boolean);
  const statuses = (q.get('fulfillmentStatuses') ?? '').split(',').filter(Boolean);
  const matching = all
    .filter((o) => {
      const at = Date.parse(byCreated ? o.createdTime : o.lastUpdatedTime);
      return (
        at >= after &&
        at <= before &&
        (marketplaces.length === 0 || marketplaces.includes(o.salesChannel.marketplaceId ?? '')) &&
        (fulfilledBy.length === 0 || fulfilledBy.includes(o.fulfillment?.fulfilledBy ?? 'MERCHANT')) &&
        (statuses.length === 0 || statuses.includes(o.fulfillment?.fulfillmentStatus ?? ''))
      );
    })
    .sort(
      (a, b) =>
        Date.parse(a.lastUpdatedTime) - Date.parse(b.lastUpdatedTime) || a.orderId.localeCompare(b.orderId),
    );
  let offset = 0;
  const token = q.get('paginationToken');
  if (token) {
    const [key, from, issued] = Buffer.from(token, 'base64url').toString('utf8').split(':');
    if (key !== queryKey(q) || !Number.isInteger(Number(from)))
      return { problem: 'paginationToken does not match the request parameters' };
    if (now - Number(issued) > DAY) return { problem: 'paginationToken has expired' };
    offset = Number(from);
  }
  const size = Number(q.get('maxResultsPerPage') ?? 100);
  const data = new Set((q.get('includedData') ?? '').split(',').filter(Boolean) as IncludedData[]);
  const page = matching.slice(offset, offset + size).map((o) => withData(o, data));
  const next = offset + size < matching.length ? offset + size : undefined;
  return {
    orders: page,
    ...(next !== undefined
      ? { nextToken: Buffer.from(`${queryKey(q)}:${next}:${now}`).toString('base64url') }
      : {}),
  };
}

/**
 * An order as Amazon answers it for the datasets asked: the recipient only with RECIPIENT, packages only
 * with PACKAGES, the fulfilment window only with FULFILLMENT (its status always: the model's `fulfillment`
 * is where the status lives), cancellations only with CANCELLATION, proceeds only with PROCEEDS.
 */
export function withData(order: AmazonOrder, data: ReadonlySet<IncludedData>): AmazonOrder {
  const { recipient, packages, proceeds, fulfillment, orderItems, ...rest } = structuredClone(order);
  return {
    ...rest,
    ...(fulfillment
      ? {
          fulfillment: data.has('FULFILLMENT')
            ? fulfillment
            : { fulfillmentStatus: fulfillment.fulfillmentStatus, fulfilledBy: fulfillment.fulfilledBy },
        }
      : {}),
    orderItems: data.has('CANCELLATION') ? orderItems : orderItems.map(({ cancellation: _c, ...i }) => i),
    ...(data.has('RECIPIENT') && recipient ? { recipient } : {}),
    ...(data.has('PACKAGES') && packages ? { packages } : {}),
    ...(data.has('PROCEEDS') && proceeds ? { proceeds } : {}),
  };
}

/**
 * What Amazon refuses in a confirmShipment (400 InvalidInput), or null: the model's required fields, a
 * positive numeric packageReferenceId sent as a string, an ISO date, `carrierName` with `Other`, order items
 * of this order; an order that is not waiting for shipment; a Ship+ order (confirmed from its label).
 */
export function confirmShipmentProblem(order: AmazonOrder, orderId: string, body: unknown): string | null {
  if (!AMAZON_ORDER_ID.test(orderId)) return 'Invalid Input';
  const b = body as Partial<ConfirmShipmentRequest> | undefined;
  const p = b?.packageDetail;
  if (!b?.marketplaceId || !p) return 'marketplaceId and packageDetail are required';
  if (b.marketplaceId !== order.salesChannel.marketplaceId) return 'Invalid Input';
  if (typeof p.packageReferenceId !== 'string') return 'invalid type [packageDetail.packageReferenceId]';
  if (!/^[1-9]\d*$/.test(p.packageReferenceId))
    return 'PackageReferenceId: is invalid, must be a positive numeric value.';
  if (!p.carrierCode) return 'carrierCode is required';
  if (p.carrierCode === 'Other' && !p.carrierName) return 'carrierName is required when carrierCode is Other';
  if (!p.trackingNumber) return 'trackingNumber is required';
  if (!p.shipDate || !iso(p.shipDate)) return 'Invalid Input';
  if (!Array.isArray(p.orderItems) || p.orderItems.length === 0) return 'orderItems is required';
  const ids = new Set(order.orderItems.map((i) => i.orderItemId));
  if (p.orderItems.some((i) => !ids.has(i.orderItemId) || !(Number.isInteger(i.quantity) && i.quantity > 0)))
    return 'OrderItemId is invalid, please obtain the value through the getOrderItems API and try again.';
  if (order.programs?.includes('FBM_SHIP_PLUS'))
    return 'Shipment confirmation is not supported for FBM_SHIP_PLUS orders.';
  const status = order.fulfillment?.fulfillmentStatus;
  if (status !== 'UNSHIPPED' && status !== 'PARTIALLY_SHIPPED' && status !== 'SHIPPED')
    return 'PackageToUpdateNotFound';
  return null;
}

/**
 * The order after Amazon took a confirmation: the package (a second with the same packageReferenceId edits
 * it) with the carrier as Amazon records it — a code not on its list exactly, case included, becomes
 * "Other" (reference §1.7, [S22]) — and the order shipped once every unit is in a package.
 */
export function applyConfirmation(
  order: AmazonOrder,
  body: ConfirmShipmentRequest,
  now: number,
  listed: (code: string) => boolean,
): AmazonOrder {
  const p = body.packageDetail;
  const carrier = p.carrierCode === 'Other' ? p.carrierName : listed(p.carrierCode) ? p.carrierCode : 'Other';
  const at = new Date(now).toISOString();
  const pkg = {
    packageReferenceId: p.packageReferenceId,
    createdTime: at,
    packageStatus: { status: 'SHIPPED' as const },
    carrier,
    shipTime: p.shipDate,
    ...(p.shippingMethod ? { shippingService: p.shippingMethod } : {}),
    trackingNumber: p.trackingNumber,
    packageItems: p.orderItems.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity })),
  };
  const packages = [
    ...(order.packages ?? []).filter((k) => k.packageReferenceId !== p.packageReferenceId),
    pkg,
  ];
  const shipped = new Map<string, number>();
  for (const k of packages)
    for (const i of k.packageItems ?? [])
      shipped.set(i.orderItemId, (shipped.get(i.orderItemId) ?? 0) + i.quantity);
  const all = order.orderItems.every((i) => (shipped.get(i.orderItemId) ?? 0) >= i.quantityOrdered);
  return {
    ...order,
    lastUpdatedTime: at,
    packages,
    fulfillment: { ...order.fulfillment!, fulfillmentStatus: all ? 'SHIPPED' : 'PARTIALLY_SHIPPED' },
  };
}
