import type { OrderState, RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** An order row as the use cases read it (no buyer data). */
export type OrderRecord = {
  id: string;
  user_id: string;
  region: 'na' | 'eu' | 'fe';
  selling_partner_id: string;
  marketplace: RegionCode;
  amazon_order_id: string;
  amazon_status: string;
  state: OrderState;
  reason: string | null;
  programs: string[];
  purchased_at: Date;
  amazon_updated_at: Date;
  ship_by_earliest: Date | null;
  ship_by: Date | null;
  deliver_by_earliest: Date | null;
  deliver_by: Date | null;
  total_amount: number | null;
  currency: string | null;
  dest_city: string | null;
  dest_country: string | null;
  from_crossmarket: boolean;
  arrived_at: Date;
  shipped_at: Date | null;
  address_erase_at: Date | null;
  address_erased_at: Date | null;
};

/** An item with its Crossmarket link (listing, inventory product, source and lane), when it has one. */
export type ItemRecord = {
  order_item_id: string;
  asin: string | null;
  sku: string | null;
  title: string | null;
  quantity: number;
  unit_price: number | null;
  currency: string | null;
  cancel_requested: boolean;
  listing_id: string | null;
  inventory_id: string | null;
  product_code: string | null;
  from_country: RegionCode | null;
  to_country: RegionCode | null;
  handling_time: number | null;
  pushed_quantity: number | null;
};

/** The user's order; null when it is not theirs (another user's order is as missing as an unknown one). */
export async function ownedOrder(db: Db, userId: string, id: string): Promise<OrderRecord | null> {
  const found = await db.execute<OrderRecord>(
    sql`select * from orders where id = ${id}::uuid and user_id = ${userId}`,
  );
  return found.rows[0] ?? null;
}

/** Any user's order, for jobs that carry only its id. */
export async function orderById(db: Db, id: string): Promise<OrderRecord | null> {
  const found = await db.execute<OrderRecord>(sql`select * from orders where id = ${id}::uuid`);
  return found.rows[0] ?? null;
}

export async function orderItemsOf(db: Db, orderId: string): Promise<ItemRecord[]> {
  const found = await db.execute<ItemRecord>(sql`
    select oi.order_item_id, oi.asin, oi.sku, oi.title, oi.quantity, oi.unit_price, oi.currency,
           oi.cancel_requested, oi.listing_id, l.inventory_id, l.code as product_code,
           i.from_country, i.to_country, (i.settings ->> 'handling_time')::float8 as handling_time,
           l.pushed_quantity
      from order_items oi
      left join listings l on l.id = oi.listing_id and l.user_id = oi.user_id
      left join inventories i on i.id = l.inventory_id
     where oi.order_id = ${orderId}::uuid
     order by oi.order_item_id`);
  return found.rows;
}
