import {
  laneOrderDays,
  ORDER_CARRIERS,
  regionByCode,
  type OrderDetail,
  type OrderDetailQuery,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { laneInForce } from '../lanes';
import { buyerAddress } from './address';
import { nowOf, type OrdersDeps } from './deps';
import { rowOf } from './list-orders';
import { profitAtOrderPrice } from './profit';
import { orderItemsOf, type ItemRecord, type OrderRecord } from './repo';
import { soldOutAtSource } from './sold-out';
import { sourceNow } from './source-check';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const TO_BUY_STATES = ['new', 'to_buy', 'problem'];

/** Amazon's add-to-cart form: the product in the seller's cart at the source, the quantity filled (reference §3.2). */
export const cartUrl = (item: ItemRecord) =>
  `https://www.${regionByCode(item.from_country!).domain}/gp/aws/cart/add.html?ASIN.1=${encodeURIComponent(
    item.product_code ?? item.asin ?? '',
  )}&Quantity.1=${item.quantity}`;

async function itemView(
  deps: OrdersDeps,
  order: OrderRecord,
  item: ItemRecord,
  purchase: OrderDetail['items'][number]['purchase'],
  check: boolean,
): Promise<OrderDetail['items'][number]> {
  let link: OrderDetail['items'][number]['link'] = null;
  let toBuy: OrderDetail['items'][number]['to_buy'] = null;
  if (item.inventory_id && item.from_country && item.to_country && item.product_code) {
    const lane = await laneInForce(deps.db, order.user_id, item.from_country, item.to_country);
    const needs = laneOrderDays(lane);
    link = {
      inventory_id: item.inventory_id,
      product_id: item.product_code,
      source_marketplace: item.from_country,
      lane: { from: item.from_country, to: item.to_country },
      handling_days: item.handling_time,
      lane_needs_days: needs,
      handling_too_short: item.handling_time !== null && item.handling_time < needs,
    };
    if (!purchase && TO_BUY_STATES.includes(order.state)) {
      const source = check ? await sourceNow(deps, order.user_id, item) : null;
      if (source?.in_stock === false && item.listing_id && item.pushed_quantity !== 0)
        await soldOutAtSource(deps, item.listing_id);
      const currency = regionByCode(item.from_country).currency.code;
      toBuy = {
        cart_url: cartUrl(item),
        quantity: item.quantity,
        source_price: source?.price != null ? { amount: source.price, currency } : null,
        source_in_stock: source?.in_stock ?? null,
        checked_at: source?.checked_at ? source.checked_at.toISOString() : null,
        forwarder_ship_to: lane.route === 'reship' ? lane.forwarder_ship_to : null,
        profit: await profitAtOrderPrice(deps, order.user_id, item, source?.side ?? null),
        sold_out_options:
          source?.in_stock === false
            ? { other_offers: source.other_offers, cancel_reason: 'NO_INVENTORY' }
            : null,
      };
    }
  }
  return {
    order_item_id: item.order_item_id,
    asin: item.asin,
    sku: item.sku,
    title: item.title,
    quantity: item.quantity,
    unit_price:
      item.unit_price !== null && item.currency ? { amount: item.unit_price, currency: item.currency } : null,
    cancel_requested: item.cancel_requested,
    link,
    to_buy: toBuy,
    purchase,
  };
}

/** `GET /api/orders/:id` for the order's owner (the caller checked it is theirs). */
export async function orderDetail(
  deps: OrdersDeps,
  order: OrderRecord,
  q: OrderDetailQuery,
): Promise<OrderDetail> {
  const now = nowOf(deps);
  const [items, purchases, shipments, transitions, listed] = await Promise.all([
    orderItemsOf(deps.db, order.id),
    deps.db.execute<{
      id: string;
      order_item_id: string;
      source_order_id: string;
      total: number;
      currency: string;
      tax: number | null;
      shipping: number | null;
      seen_price: number | null;
      bought_at: Date;
      recorded_at: Date;
    }>(sql`select * from order_purchases where order_id = ${order.id}::uuid`),
    deps.db.execute<Record<string, unknown>>(
      sql`select * from order_shipments where order_id = ${order.id}::uuid`,
    ),
    deps.db.execute<{
      from_state: string | null;
      to_state: string;
      actor: string;
      actor_user_id: string | null;
      reason: string | null;
      note: string | null;
      at: Date;
    }>(sql`select * from order_transitions where order_id = ${order.id}::uuid order by id`),
    deps.db.execute<{ title: string | null; item_count: number }>(sql`
      select (select coalesce(title, sku) from order_items where order_id = ${order.id}::uuid order by order_item_id limit 1) as title,
             (select count(*)::int from order_items where order_id = ${order.id}::uuid) as item_count`),
  ]);
  const check = q.check === '1';
  const views = [];
  for (const item of items) {
    const p = purchases.rows.find((r) => r.order_item_id === item.order_item_id);
    views.push(
      await itemView(
        deps,
        order,
        item,
        p
          ? {
              id: p.id,
              order_item_id: p.order_item_id,
              source_order_id: p.source_order_id,
              total: { amount: Number(p.total), currency: p.currency },
              tax: p.tax,
              shipping: p.shipping,
              seen_price: p.seen_price,
              bought_at: new Date(p.bought_at).toISOString(),
              recorded_at: new Date(p.recorded_at).toISOString(),
            }
          : null,
        check,
      ),
    );
  }
  const s = shipments.rows[0] as
    | {
        carrier_code: string;
        carrier_name: string | null;
        tracking_number: string;
        ship_date: Date;
        package_reference_id: string;
        confirmation: OrderDetail['shipment'] extends infer S
          ? S extends { confirmation: infer C }
            ? C
            : never
          : never;
        read_carrier: string | null;
        read_tracking: string | null;
        read_at: Date | null;
        error: string | null;
        recorded_at: Date;
      }
    | undefined;
  const routes = await Promise.all(
    items
      .filter((i) => i.from_country && i.to_country)
      .map((i) => laneInForce(deps.db, order.user_id, i.from_country!, i.to_country!)),
  );
  const base = rowOf({ ...order, ...listed.rows[0]!, item_count: listed.rows[0]!.item_count }, now);
  return {
    order: {
      ...base,
      ship_by_earliest: iso(order.ship_by_earliest),
      deliver_by_earliest: iso(order.deliver_by_earliest),
      buy_deadline: iso(new Date(new Date(order.arrived_at).getTime() + 24 * 3_600_000)),
      confirm_deadline: order.ship_by
        ? iso(new Date(new Date(order.ship_by).getTime() - 24 * 3_600_000))
        : null,
      destination: { city: order.dest_city, country: order.dest_country },
      policy: {
        source_ships_blocked: routes.some((l) => l.route === 'source_ships'),
        single_shipment: order.marketplace === 'uk',
      },
      ship_plus: order.programs.includes('FBM_SHIP_PLUS'),
      address_erase_at: iso(order.address_erase_at),
      address_erased: order.address_erased_at !== null,
    },
    items: views,
    address: q.address === '1' ? await buyerAddress(deps, order) : null,
    shipment: s
      ? {
          carrier_code: s.carrier_code,
          carrier_name: s.carrier_name,
          tracking_number: s.tracking_number,
          ship_date: new Date(s.ship_date).toISOString(),
          package_reference_id: s.package_reference_id,
          confirmation: s.confirmation,
          read_back: s.read_at
            ? {
                carrier: s.read_carrier,
                tracking_number: s.read_tracking,
                read_at: new Date(s.read_at).toISOString(),
              }
            : null,
          error: s.error,
          recorded_at: new Date(s.recorded_at).toISOString(),
        }
      : null,
    carriers: [...ORDER_CARRIERS[order.marketplace]],
    transitions: transitions.rows.map((t) => ({
      from: t.from_state as OrderDetail['transitions'][number]['from'],
      to: t.to_state as OrderDetail['transitions'][number]['to'],
      actor: t.actor as OrderDetail['transitions'][number]['actor'],
      user_id: t.actor_user_id,
      reason: t.reason as OrderDetail['transitions'][number]['reason'],
      note: t.note,
      at: new Date(t.at).toISOString(),
    })),
  };
}
