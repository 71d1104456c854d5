import { estimateOrder } from './estimate';
import {
  amazonRegionOf,
  REGION_CODES,
  type AmazonOrderStatus,
  type AmazonRegionCode,
  type OrderReason,
  type OrderState,
  type RegionCode,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import type { AmazonOrder } from '../../providers/seller-orders';
import { nowOf, type OrdersDeps } from './deps';
import { ordersTarget } from './target';
import { moveOrder, recordArrival } from './transition';

const MINUTE = 60_000;
/**
 * Each read starts this long before where the last one ended: Amazon's list shows most changes about two
 * minutes after they happen (reference §1.3), so a change can carry a time the last read already passed.
 * Orders seen twice are kept once (the newest `lastUpdatedTime` wins).
 */
export const INTAKE_OVERLAP_MS = 10 * MINUTE;
/** searchOrders' `lastUpdatedBefore` must be at least two minutes before the request; a little more. */
export const INTAKE_LAG_MS = 2 * MINUTE + 30_000;
/** A seller's first read goes this far back. */
export const INTAKE_FIRST_DAYS = 7;
/**
 * How often a seller's region is read: searchOrders refills one call in three minutes (0.0056/s), so a
 * read every five leaves room for the pages of a busy day without spending the burst.
 */
export const INTAKE_EVERY_MS = 5 * MINUTE;

const countryOf = (marketplaceId: string | undefined): RegionCode | undefined =>
  REGION_CODES.find((c) => MARKETPLACES[c].id === marketplaceId);

/** Where an order Amazon reports in `status` starts in our path. */
export function stateForStatus(status: AmazonOrderStatus): OrderState {
  switch (status) {
    case 'PENDING':
    case 'PENDING_AVAILABILITY':
      return 'pending';
    case 'CANCELLED':
    case 'UNFULFILLABLE':
      return 'cancelled';
    case 'SHIPPED':
      // Shipped before Crossmarket saw it: confirmed to Amazon by someone else.
      return 'confirmed';
    default:
      return 'new';
  }
}

/** Who cancelled, as Amazon's cancellation execution names it. */
const cancelReason = (order: AmazonOrder): OrderReason => {
  const by = order.orderItems.find((i) => i.cancellation?.cancellationExecution?.cancelledBy)?.cancellation
    ?.cancellationExecution?.cancelledBy;
  return by === 'MERCHANT' ? 'seller_cancelled' : by === 'AMAZON' ? 'amazon_cancelled' : 'buyer_cancelled';
};

type Stored = { id: string; inserted: boolean; state: OrderState };

/**
 * One order as Amazon answered it, kept once per seller and Amazon order id: a new one is linked by SKU to
 * the seller's listing in its marketplace (inventory product, source, lane) or marked "not from
 * Crossmarket"; a known one is updated only when Amazon's copy is newer. No buyer data is read here
 * (searchOrders is asked without RECIPIENT or BUYER).
 */
export async function keepOrder(
  deps: OrdersDeps,
  userId: string,
  region: AmazonRegionCode,
  sellerId: string,
  order: AmazonOrder,
): Promise<'added' | 'updated' | 'same' | 'skipped'> {
  const country = countryOf(order.salesChannel.marketplaceId);
  const status = order.fulfillment?.fulfillmentStatus;
  // Merchant-fulfilled only: FBA orders are Amazon's to ship.
  if (!country || !status || order.fulfillment?.fulfilledBy === 'AMAZON') return 'skipped';
  const state = stateForStatus(status);
  const f = order.fulfillment;
  const total = order.proceeds?.grandTotal;
  const kept = await deps.db.execute<Stored>(sql`
    insert into orders (user_id, region, selling_partner_id, marketplace, amazon_order_id, amazon_status, state,
                        reason, programs, purchased_at, amazon_updated_at, ship_by_earliest, ship_by,
                        deliver_by_earliest, deliver_by, total_amount, currency, dest_country)
    values (${userId}, ${region}, ${sellerId}, ${country}, ${order.orderId}, ${status}, ${state},
            ${state === 'cancelled' ? cancelReason(order) : null}, ${JSON.stringify(order.programs ?? [])}::jsonb,
            ${order.createdTime}, ${order.lastUpdatedTime}, ${f?.shipByWindow?.earliestDateTime ?? null},
            ${f?.shipByWindow?.latestDateTime ?? null}, ${f?.deliverByWindow?.earliestDateTime ?? null},
            ${f?.deliverByWindow?.latestDateTime ?? null}, ${total ? Number(total.amount) : null},
            ${total?.currencyCode ?? null}, ${country.toUpperCase()})
    on conflict (user_id, amazon_order_id) do update set
      amazon_status = excluded.amazon_status, amazon_updated_at = excluded.amazon_updated_at,
      programs = excluded.programs,
      ship_by_earliest = coalesce(excluded.ship_by_earliest, orders.ship_by_earliest),
      ship_by = coalesce(excluded.ship_by, orders.ship_by),
      deliver_by_earliest = coalesce(excluded.deliver_by_earliest, orders.deliver_by_earliest),
      deliver_by = coalesce(excluded.deliver_by, orders.deliver_by),
      total_amount = coalesce(excluded.total_amount, orders.total_amount),
      currency = coalesce(excluded.currency, orders.currency), updated_at = now()
    where orders.amazon_updated_at < excluded.amazon_updated_at
    returning id, (xmax = 0) as inserted, state`);
  const row = kept.rows[0];
  if (!row) return 'same';
  await keepItems(deps, userId, row.id, country, order);
  if (row.inserted || row.state === 'pending')
    await estimateOrder(deps, userId, {
      id: row.id,
      amazonOrderId: order.orderId,
      purchasedAt: order.createdTime,
    });
  if (row.inserted) {
    await recordArrival(deps.db, row.id, userId, state);
    return 'added';
  }
  await followAmazon(deps, row, status, order);
  return 'updated';
}

/** The order's items, each linked to the seller's listing of its SKU in the marketplace when there is one. */
async function keepItems(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
  country: RegionCode,
  order: AmazonOrder,
) {
  const items = order.orderItems.map((i) => ({
    order_item_id: i.orderItemId,
    asin: i.product.asin ?? null,
    sku: i.product.sellerSku ?? null,
    title: i.product.title ?? null,
    quantity: i.quantityOrdered,
    unit_price: i.product.price?.unitPrice ? Number(i.product.price.unitPrice.amount) : null,
    currency: i.product.price?.unitPrice?.currencyCode ?? null,
    cancel_requested: i.cancellation?.cancellationRequest?.requester === 'BUYER',
  }));
  await deps.db.execute(sql`
    insert into order_items (order_id, user_id, order_item_id, asin, sku, title, quantity, unit_price, currency,
                             cancel_requested, listing_id)
    select ${orderId}::uuid, ${userId}, r.order_item_id, r.asin, r.sku, r.title, r.quantity, r.unit_price, r.currency,
           r.cancel_requested,
           (select l.id from listings l
             where l.user_id = ${userId} and l.sku = r.sku and l.marketplace_id = ${MARKETPLACES[country].id}
               and l.state <> 'removed' order by l.created_at desc limit 1)
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
        as r(order_item_id text, asin text, sku text, title text, quantity int, unit_price float8, currency text,
             cancel_requested boolean)
    on conflict (order_id, order_item_id) do update set
      quantity = excluded.quantity, title = coalesce(excluded.title, order_items.title),
      unit_price = coalesce(excluded.unit_price, order_items.unit_price),
      currency = coalesce(excluded.currency, order_items.currency),
      cancel_requested = excluded.cancel_requested,
      listing_id = coalesce(order_items.listing_id, excluded.listing_id)`);
  await deps.db.execute(sql`update orders set from_crossmarket =
      exists (select 1 from order_items where order_id = ${orderId}::uuid and listing_id is not null)
    where id = ${orderId}::uuid`);
}

/**
 * Amazon's changes reach the order: paid (pending → new), cancelled by the buyer, Amazon or the seller
 * (the workflow stops wherever it was; bought goods then need the seller's return or resale).
 */
async function followAmazon(deps: OrdersDeps, row: Stored, status: AmazonOrderStatus, order: AmazonOrder) {
  if (status === 'CANCELLED' && row.state !== 'cancelled') {
    await moveOrder(deps.db, row.id, row.state, {
      to: 'cancelled',
      actor: 'amazon',
      reason: cancelReason(order),
    });
    return;
  }
  if (row.state === 'pending' && status !== 'PENDING' && status !== 'PENDING_AVAILABILITY')
    await moveOrder(deps.db, row.id, 'pending', { to: 'new', actor: 'amazon' });
}

/**
 * Reads a seller's merchant-fulfilled orders of one region changed since the last read (searchOrders by
 * `lastUpdatedAfter`, overlapping the last window by `INTAKE_OVERLAP_MS`), page by page through Amazon's
 * `nextToken`, each paced through the seller's searchOrders bucket. The cursor moves only when every page
 * was read, so a failed read is read again whole next time (and de-duplicated).
 */
export async function takeInOrders(deps: OrdersDeps, userId: string, region: AmazonRegionCode) {
  const target = await ordersTarget(deps.orders, deps.accounts, userId, region);
  if (!target) return { outcome: 'not_connected' as const, added: 0, updated: 0, pages: 0 };
  const now = nowOf(deps);
  const cursor = await deps.db.execute<{ synced_until: Date | null }>(
    sql`select synced_until from order_syncs where user_id = ${userId} and region = ${region}`,
  );
  const until = cursor.rows[0]?.synced_until;
  const before = now - INTAKE_LAG_MS;
  const after = until
    ? Math.min(new Date(until).getTime() - INTAKE_OVERLAP_MS, before)
    : now - INTAKE_FIRST_DAYS * 86_400_000;
  const marketplaceIds = amazonRegionOf(region).countries.map((c) => MARKETPLACES[c].id);
  let token: string | undefined;
  let added = 0;
  let updated = 0;
  let pages = 0;
  do {
    const page = await deps.orders.searchOrders(target, {
      lastUpdatedAfter: new Date(after).toISOString(),
      lastUpdatedBefore: new Date(before).toISOString(),
      marketplaceIds,
      fulfilledBy: ['MERCHANT'],
      maxResultsPerPage: 100,
      includedData: ['FULFILLMENT', 'CANCELLATION', 'PROCEEDS'],
      ...(token ? { paginationToken: token } : {}),
    });
    pages += 1;
    for (const order of page.orders) {
      const kept = await keepOrder(deps, userId, region, target.sellerId, order);
      if (kept === 'added') added += 1;
      if (kept === 'updated') updated += 1;
    }
    token = page.pagination?.nextToken;
  } while (token);
  await deps.db.execute(sql`
    insert into order_syncs (user_id, region, synced_until, last_run_at, next_run_at)
    values (${userId}, ${region}, ${new Date(before)}, ${new Date(now)}, ${new Date(now + INTAKE_EVERY_MS)})
    on conflict (user_id, region) do update set synced_until = excluded.synced_until,
      last_run_at = excluded.last_run_at, next_run_at = excluded.next_run_at`);
  return { outcome: 'done' as const, added, updated, pages };
}

/**
 * The sellers and regions whose orders are due: every connected Amazon region, and (the sandbox, which
 * needs no authorisation) every region a seller lists in; those read within `INTAKE_EVERY_MS` wait.
 */
export async function dueIntakes(deps: OrdersDeps, limit = 200) {
  const byMarketplace = sql.join(
    REGION_CODES.map((c) => sql`when ${MARKETPLACES[c].id} then ${MARKETPLACES[c].region}`),
    sql` `,
  );
  const rows = await deps.db.execute<{ user_id: string; region: AmazonRegionCode }>(sql`
    with sellers as (
      select user_id, region from amazon_connections where status = 'connected'
      ${deps.orders.needsOwnAuthorisation ? sql`` : sql`union select distinct user_id, case marketplace_id ${byMarketplace} end from listings where state <> 'removed'`}
    )
    select s.user_id, s.region from sellers s
      left join order_syncs o on o.user_id = s.user_id and o.region = s.region
     where o.next_run_at is null or o.next_run_at <= ${new Date(nowOf(deps))}
     order by o.next_run_at nulls first limit ${limit}`);
  return rows.rows;
}
