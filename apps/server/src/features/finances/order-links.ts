import type { RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EnteredCosts } from './order-costs';

/** What the orders (issue 60) know of an order that money is booked against. */
export interface OrderLink {
  amazon_order_id: string;
  order_id: string;
  purchased_at: Date;
  lane_from: RegionCode | null;
  lane_to: RegionCode | null;
  /** The recorded source purchases, in their currency (one currency per order, else null). */
  purchase_total: number | null;
  purchase_currency: string | null;
  /** The order's currency as Amazon gave it (the selling one). */
  currency: string | null;
  /** The border costs the seller entered; null: none. */
  costs: EnteredCosts | null;
}

/**
 * The caller's orders (the orders tables, read as tables: no other feature's code) by Amazon order id:
 * the sale date, the lane of the listing that sold, and what the seller recorded paying at the source.
 */
export async function orderLinks(db: Db, userId: string, amazonOrderIds: readonly string[]) {
  const links = new Map<string, OrderLink>();
  if (amazonOrderIds.length === 0) return links;
  const { rows } = await db.execute<
    Omit<OrderLink, 'purchased_at' | 'costs'> & {
      purchased_at: string | Date;
      costs: (Omit<EnteredCosts, 'updated_at'> & { updated_at: string }) | null;
    }
  >(sql`
    select o.amazon_order_id, o.id as order_id, o.purchased_at, o.currency,
           (select json_build_object('currency', c.currency, 'forwarder', c.forwarder::float8,
                   'clearance', c.clearance::float8, 'duty', c.duty::float8, 'import_tax', c.import_tax::float8,
                   'updated_at', c.updated_at)
              from order_costs c where c.order_id = o.id and c.user_id = o.user_id) as costs,
           (select i.from_country from order_items oi join listings l on l.id = oi.listing_id and l.user_id = oi.user_id
              join inventories i on i.id = l.inventory_id where oi.order_id = o.id order by oi.order_item_id limit 1) as lane_from,
           coalesce((select i.to_country from order_items oi join listings l on l.id = oi.listing_id and l.user_id = oi.user_id
              join inventories i on i.id = l.inventory_id where oi.order_id = o.id order by oi.order_item_id limit 1),
              o.marketplace) as lane_to,
           (select case when count(distinct p.currency) = 1 then sum(p.total) end from order_purchases p where p.order_id = o.id) as purchase_total,
           (select case when count(distinct p.currency) = 1 then min(p.currency) end from order_purchases p where p.order_id = o.id) as purchase_currency
      from orders o
     where o.user_id = ${userId} and o.amazon_order_id in ${amazonOrderIds}`);
  for (const r of rows)
    links.set(r.amazon_order_id, {
      ...r,
      purchased_at: new Date(r.purchased_at),
      purchase_total: r.purchase_total === null ? null : Number(r.purchase_total),
      costs: r.costs ? { ...r.costs, updated_at: new Date(r.costs.updated_at) } : null,
    });
  return links;
}

/** The Amazon order id of the caller's order `id` (the orders' own id); undefined for another's. */
export async function amazonOrderIdOf(db: Db, userId: string, id: string): Promise<string | undefined> {
  const { rows } = await db.execute<{ amazon_order_id: string }>(
    sql`select amazon_order_id from orders where id = ${id}::uuid and user_id = ${userId}`,
  );
  return rows[0]?.amazon_order_id;
}
