import { createHash } from 'node:crypto';
import { isListedCarrier, REGION_CODES, regionByCode, type RegionCode } from '@crossmarket/domain';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxListings, sandboxOrders } from '../../db/schema';
import { SpapiError } from '../marketplace/spapi/client';
import { MARKETPLACES } from '../marketplace/spapi/regions';
import { toListingsItem } from '../seller-store/sandbox';
import {
  applyConfirmation,
  confirmShipmentProblem,
  searchOrdersPage,
  searchOrdersProblem,
  withData,
} from './amazon-rules';
import type { AmazonOrder, SearchOrdersQuery, SellerOrders } from './types';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A live sandbox listing's first order comes this long after it was listed, then one a day. */
export const SANDBOX_FIRST_ORDER_MS = 10 * MINUTE;
export const SANDBOX_ORDER_EVERY_MS = DAY;
/** A pending (unpaid) sandbox order is paid this long after it was placed. */
export const SANDBOX_PAYMENT_MS = 5 * MINUTE;
/** A confirmed sandbox package is delivered this long after its ship date. */
export const SANDBOX_DELIVERY_MS = 3 * DAY;

/**
 * How a sandbox order behaves: `normal`; `pending` (unpaid, paid five minutes later); `ship_plus` (an
 * FBM_SHIP_PLUS order: confirmShipment refused with 400); `ignores_confirmation` (confirmShipment answers
 * 204 but the package never appears, as Amazon did with automated shipping settings, reference §1.7).
 */
export const SANDBOX_ORDER_KINDS = ['normal', 'pending', 'ship_plus', 'ignores_confirmation'] as const;
export type SandboxOrderKind = (typeof SANDBOX_ORDER_KINDS)[number];

type Stored = AmazonOrder & { sandbox?: { kind: SandboxOrderKind } };

const countryOf = (marketplaceId: string): RegionCode =>
  REGION_CODES.find((c) => MARKETPLACES[c].id === marketplaceId) ?? 'us';

/** A 3-7-7 order id from a seed, the same every time. */
export function sandboxOrderId(seed: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 24)}`)
    .toString()
    .padStart(17, '7')
    .slice(-17);
  return `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10)}`;
}

/** Where a sandbox buyer lives: invented, and plainly so. */
const SANDBOX_CITIES: Record<RegionCode, { city: string; state: string; postal: string; phone: string }> = {
  us: { city: 'Springfield', state: 'IL', postal: '62701', phone: '+1 555 0100' },
  ca: { city: 'Toronto', state: 'ON', postal: 'M5V 2T6', phone: '+1 555 0101' },
  mx: { city: 'Ciudad de México', state: 'CDMX', postal: '06600', phone: '+52 55 0000 0000' },
  uk: { city: 'London', state: 'Greater London', postal: 'SW1A 1AA', phone: '+44 20 7946 0000' },
  ae: { city: 'Dubai', state: 'Dubai', postal: '00000', phone: '+971 4 000 0000' },
  au: { city: 'Sydney', state: 'NSW', postal: '2000', phone: '+61 2 5550 0000' },
  sg: { city: 'Singapore', state: 'Singapore', postal: '018956', phone: '+65 6000 0000' },
};

export interface SandboxOrderInput {
  sellerId: string;
  country: RegionCode;
  sku: string;
  asin?: string;
  title?: string;
  price: number;
  quantity?: number;
  kind?: SandboxOrderKind;
  /** When it was placed; now by default. */
  at?: number;
  /** Seeds the order id (a scheduled order's slot); random by default. */
  seed?: string;
}

/** An Orders 2026 `Order` as Amazon would hold a new merchant-fulfilled order of one SKU. */
export function sandboxOrder(input: SandboxOrderInput): Stored {
  const at = input.at ?? Date.now();
  const kind = input.kind ?? 'normal';
  const orderId = sandboxOrderId(input.seed ?? `${input.sellerId}:${input.sku}:${at}:${Math.random()}`);
  const region = regionByCode(input.country);
  const place = SANDBOX_CITIES[input.country];
  const quantity = input.quantity ?? 1;
  const pending = kind === 'pending';
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    orderId,
    createdTime: iso(at),
    lastUpdatedTime: iso(at),
    programs: kind === 'ship_plus' ? ['FBM_SHIP_PLUS'] : [],
    salesChannel: {
      channelName: 'AMAZON',
      marketplaceId: MARKETPLACES[input.country].id,
      marketplaceName: region.domain,
    },
    fulfillment: {
      fulfillmentStatus: pending ? 'PENDING' : 'UNSHIPPED',
      fulfilledBy: 'MERCHANT',
      fulfillmentServiceLevel: 'STANDARD',
      shipByWindow: { earliestDateTime: iso(at), latestDateTime: iso(at + 7 * DAY) },
      deliverByWindow: { earliestDateTime: iso(at + 14 * DAY), latestDateTime: iso(at + 28 * DAY) },
    },
    // Amazon gives no address before the payment is authorised.
    ...(pending
      ? {}
      : {
          recipient: {
            deliveryAddress: {
              name: 'Sandbox Buyer',
              addressLine1: '1 Example Street',
              city: place.city,
              stateOrRegion: place.state,
              postalCode: place.postal,
              countryCode: region.flag_code,
              phone: place.phone,
              addressType: 'RESIDENTIAL' as const,
            },
          },
        }),
    proceeds: {
      grandTotal: { amount: (input.price * quantity).toFixed(2), currencyCode: region.currency.code },
    },
    orderItems: [
      {
        orderItemId: sandboxOrderId(`${orderId}:item`).replace(/-/g, '').slice(0, 14),
        quantityOrdered: quantity,
        product: {
          ...(input.asin ? { asin: input.asin } : {}),
          title: input.title ?? `Sandbox product ${input.asin ?? input.sku}`,
          sellerSku: input.sku,
          // Amazon gives no price before the payment is authorised.
          ...(pending
            ? {}
            : {
                price: { unitPrice: { amount: input.price.toFixed(2), currencyCode: region.currency.code } },
              }),
        },
      },
    ],
    sandbox: { kind },
  };
}

/** Places a sandbox order (`/dev/store`'s "place an order", and the schedule). */
export async function placeSandboxOrder(db: Db, input: SandboxOrderInput): Promise<AmazonOrder> {
  const order = sandboxOrder(input);
  await db
    .insert(sandboxOrders)
    .values({
      orderId: order.orderId,
      sellerId: input.sellerId,
      marketplaceId: order.salesChannel.marketplaceId!,
      sku: input.sku,
      order,
      lastUpdated: new Date(order.lastUpdatedTime),
    })
    .onConflictDoNothing();
  return order;
}

/**
 * The schedule: each of the seller's live sandbox listings (quantity above 0) receives an order 10 minutes
 * after it was listed and one a day after that; the first is a plain order, later ones now and then a
 * Ship+ order or one whose confirmation Amazon drops. Ids come from the slot, so asking twice places
 * nothing twice. Only the last two slots are placed (a listing left for a month does not flood).
 */
async function placeScheduled(db: Db, sellerId: string, now: number) {
  const rows = await db.select().from(sandboxListings).where(eq(sandboxListings.sellerId, sellerId));
  for (const row of rows) {
    const item = toListingsItem(row);
    const quantity = item.fulfillmentAvailability?.[0]?.quantity ?? 0;
    const price = Number(item.offers?.[0]?.price.amount ?? Number.NaN);
    if (quantity <= 0 || !Number.isFinite(price)) continue;
    const first = row.createdAt.getTime() + SANDBOX_FIRST_ORDER_MS;
    if (now < first) continue;
    const last = Math.floor((now - first) / SANDBOX_ORDER_EVERY_MS);
    for (let slot = Math.max(0, last - 1); slot <= last; slot++) {
      const seed = `${sellerId}:${row.marketplaceId}:${row.sku}:${slot}`;
      const pick = createHash('sha256').update(seed).digest()[0]! % 10;
      const kind: SandboxOrderKind =
        slot === 0 ? 'normal' : pick === 7 ? 'ship_plus' : pick === 3 ? 'ignores_confirmation' : 'normal';
      await placeSandboxOrder(db, {
        sellerId,
        country: countryOf(row.marketplaceId),
        sku: row.sku,
        asin: item.summaries?.[0]?.asin,
        price,
        kind,
        at: first + slot * SANDBOX_ORDER_EVERY_MS,
        seed,
      });
    }
  }
}

/** What time has done to an order: paid five minutes after it was placed, delivered three days after shipping. */
function aged(order: Stored, now: number): { order: Stored; changed: boolean } {
  const status = order.fulfillment?.fulfillmentStatus;
  if (status === 'PENDING' && Date.parse(order.createdTime) + SANDBOX_PAYMENT_MS <= now) {
    const paid = sandboxOrder({
      sellerId: '',
      country: countryOf(order.salesChannel.marketplaceId ?? ''),
      sku: order.orderItems[0]?.product.sellerSku ?? '',
      asin: order.orderItems[0]?.product.asin,
      title: order.orderItems[0]?.product.title,
      price: Number(order.proceeds?.grandTotal?.amount ?? 0) / (order.orderItems[0]?.quantityOrdered ?? 1),
      quantity: order.orderItems[0]?.quantityOrdered,
      at: Date.parse(order.createdTime),
    });
    const at = new Date(Date.parse(order.createdTime) + SANDBOX_PAYMENT_MS).toISOString();
    return {
      order: {
        ...order,
        lastUpdatedTime: at,
        recipient: paid.recipient,
        orderItems: order.orderItems.map((i, n) => ({
          ...i,
          product: { ...i.product, price: paid.orderItems[n]?.product.price },
        })),
        fulfillment: { ...order.fulfillment!, fulfillmentStatus: 'UNSHIPPED' },
        sandbox: { kind: 'normal' },
      },
      changed: true,
    };
  }
  const packages = order.packages?.map((p) =>
    p.packageStatus?.status === 'SHIPPED' && Date.parse(p.shipTime ?? '') + SANDBOX_DELIVERY_MS <= now
      ? { ...p, packageStatus: { status: 'DELIVERED' as const } }
      : p,
  );
  return { order: packages ? { ...order, packages } : order, changed: false };
}

const publicOrder = ({ sandbox: _s, ...order }: Stored): AmazonOrder => order;

/**
 * The sandbox marketplace's orders, answered like Amazon's Orders API (amazon-rules.ts: the same refusals,
 * paging and datasets as the tests' SP-API stand-in), kept in `sandbox_orders`. Needs no authorisation.
 */
export function createSandboxSellerOrders(db: Db, clock: () => number = Date.now): SellerOrders {
  const load = async (sellerId: string, orderId: string) => {
    const [row] = await db
      .select()
      .from(sandboxOrders)
      .where(and(eq(sandboxOrders.sellerId, sellerId), eq(sandboxOrders.orderId, orderId)));
    if (!row)
      throw new SpapiError(404, 'SP-API getOrder answered 404', [
        { code: 'NotFound', message: 'Order not found.' },
      ]);
    const { order, changed } = aged(row.order as Stored, clock());
    if (changed) await save(order);
    return order;
  };
  const save = (order: Stored) =>
    db
      .update(sandboxOrders)
      .set({ order, lastUpdated: new Date(order.lastUpdatedTime) })
      .where(eq(sandboxOrders.orderId, order.orderId));

  return {
    readBackAfterSeconds: 20,
    name: 'sandbox',
    needsOwnAuthorisation: false,
    async searchOrders(target, q: SearchOrdersQuery) {
      const now = clock();
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q))
        if (v !== undefined) params.set(k, Array.isArray(v) ? v.join(',') : String(v));
      const problem = searchOrdersProblem(params, now);
      if (problem)
        throw new SpapiError(400, 'SP-API searchOrders answered 400', [
          { code: 'InvalidInput', message: problem },
        ]);
      await placeScheduled(db, target.sellerId, now);
      const rows = await db
        .select()
        .from(sandboxOrders)
        .where(
          and(
            eq(sandboxOrders.sellerId, target.sellerId),
            or(
              gte(sandboxOrders.lastUpdated, new Date(q.lastUpdatedAfter)),
              sql`${sandboxOrders.order} -> 'fulfillment' ->> 'fulfillmentStatus' = 'PENDING'`,
            ),
          ),
        );
      const orders: Stored[] = [];
      for (const row of rows) {
        const { order, changed } = aged(row.order as Stored, now);
        if (changed) await save(order);
        orders.push(order);
      }
      const page = searchOrdersPage(orders.map(publicOrder), params, now);
      if ('problem' in page)
        throw new SpapiError(400, 'SP-API searchOrders answered 400', [
          { code: 'InvalidInput', message: page.problem },
        ]);
      return {
        orders: page.orders,
        ...(page.nextToken ? { pagination: { nextToken: page.nextToken } } : {}),
      };
    },
    async getOrder(target, orderId, includedData) {
      return withData(publicOrder(await load(target.sellerId, orderId)), new Set(includedData));
    },
    async confirmShipment(target, orderId, body) {
      const order = await load(target.sellerId, orderId);
      const problem = confirmShipmentProblem(order, orderId, body);
      if (problem)
        throw new SpapiError(400, 'SP-API confirmShipment answered 400', [
          { code: 'InvalidInput', message: problem },
        ]);
      // Amazon answered 204 and kept nothing (reference §1.7): only a read-back tells.
      if (order.sandbox?.kind === 'ignores_confirmation') return;
      const country = countryOf(order.salesChannel.marketplaceId ?? '');
      await save({
        ...applyConfirmation(order, body, clock(), (code) => isListedCarrier(country, code)),
        sandbox: order.sandbox,
      });
    },
  };
}
