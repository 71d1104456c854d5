import type { MoneyOrdersData, MoneyOrdersQuery, RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moneyWhere } from './money-summary';

type Row = {
  amazon_order_id: string;
  order_id: string | null;
  sold_at: Date | string | null;
  lane_from: RegionCode | null;
  lane_to: RegionCode | null;
  currency: string | null;
  sales_cents: string;
  amazon_fees_cents: string;
  tax_kept_cents: string;
  promotions_cents: string;
  refunds_cents: string;
  net_cents: string;
  cost_cents: string | null;
  shipping_duty_cents: string | null;
  profit_cents: string | null;
  estimate_profit_cents: string | null;
  flagged: number;
  pending: boolean;
  release_at: Date | string | null;
  total: number;
};

const units = (cents: string | null) => (cents === null ? null : Number(cents) / 100);
const date = (d: Date | string | null) => (d === null ? null : new Date(d));

/**
 * `GET /api/money/orders`: the orders behind a figure of the summary (the same filter, optionally one
 * month, only flagged or only pending), newest sale first, one page; each order's figures as the summary
 * added them, so the page's rows add up to the figure the seller clicked.
 */
export async function moneyOrders(db: Db, userId: string, q: MoneyOrdersQuery): Promise<MoneyOrdersData> {
  const only =
    q.only === 'flagged' ? sql`and m.flagged > 0` : q.only === 'pending' ? sql`and m.pending` : sql``;
  const month = q.month ? sql`and m.month = ${`${q.month}-01`}::date` : sql``;
  const { rows } = await db.execute<Row>(sql`
    select m.amazon_order_id, o.id as order_id, m.sold_at, m.lane_from, m.lane_to, m.currency,
           m.sales_cents, m.amazon_fees_cents, m.tax_kept_cents, m.promotions_cents, m.refunds_cents, m.net_cents,
           m.cost_cents, m.shipping_duty_cents, m.profit_cents, m.estimate_profit_cents, m.flagged, m.pending,
           m.release_at, count(*) over ()::int as total
      from order_money m
      left join orders o on o.user_id = m.user_id and o.amazon_order_id = m.amazon_order_id
     where ${moneyWhere(userId, q)} ${month} ${only}
     order by m.sold_at desc nulls last, m.amazon_order_id
     limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    // Past the last page: the count still tells the list how many there are.
    const counted = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from order_money m where ${moneyWhere(userId, q)} ${month} ${only}`,
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    orders: rows.map((r) => ({
      amazon_order_id: r.amazon_order_id,
      order_id: r.order_id,
      sold_at: date(r.sold_at),
      lane: { from: r.lane_from, to: r.lane_to },
      currency: r.currency,
      sales: units(r.sales_cents) ?? 0,
      amazon_fees: units(r.amazon_fees_cents) ?? 0,
      tax_kept: units(r.tax_kept_cents) ?? 0,
      promotions: units(r.promotions_cents) ?? 0,
      refunds: units(r.refunds_cents) ?? 0,
      net: units(r.net_cents) ?? 0,
      cost_of_goods: units(r.cost_cents),
      shipping_and_duties: units(r.shipping_duty_cents),
      profit: units(r.profit_cents),
      estimate_profit: units(r.estimate_profit_cents),
      flagged: Number(r.flagged),
      pending: r.pending,
      release_at: date(r.release_at),
    })),
    page: q.page,
    page_size: q.page_size,
    total,
  };
}
