import type { MoneyQuery, MoneyRowData, MoneySummaryData, RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Row = {
  month: string;
  lane_from: RegionCode | null;
  lane_to: RegionCode | null;
  currency: string | null;
  orders: number;
  pending: number;
  release_at: Date | string | null;
  flagged: number;
  sales: string;
  amazon_fees: string;
  tax_kept: string;
  promotions: string;
  refunds: string;
  net: string;
  cost: string;
  shipping_duty: string;
  profit: string;
  estimate_profit: string;
  estimated_sales: string;
};

const units = (cents: string | number | null) => Number(cents ?? 0) / 100;

/** The filter of the summary and its export: the caller's orders sold in the months, on the lane. */
export const moneyWhere = (userId: string, q: MoneyQuery) => {
  const [from, to] = q.lane ? q.lane.split('-') : [];
  return sql`m.user_id = ${userId}
    and m.month between ${`${q.from}-01`}::date and ${`${q.to}-01`}::date
    ${q.lane ? sql`and m.lane_from = ${from} and m.lane_to = ${to}` : sql``}`;
};

function toRow(r: Omit<Row, 'month' | 'lane_from' | 'lane_to'>): Omit<MoneyRowData, 'month' | 'lane'> {
  const estimatedSales = units(r.estimated_sales);
  return {
    currency: r.currency,
    orders: Number(r.orders),
    pending: Number(r.pending),
    release_at: r.release_at === null ? null : new Date(r.release_at),
    flagged: Number(r.flagged),
    sales: units(r.sales),
    amazon_fees: units(r.amazon_fees),
    tax_kept: units(r.tax_kept),
    promotions: units(r.promotions),
    refunds: units(r.refunds),
    net: units(r.net),
    cost_of_goods: units(r.cost),
    shipping_and_duties: units(r.shipping_duty),
    profit: units(r.profit),
    estimate_profit: units(r.estimate_profit),
    margin: estimatedSales ? Math.round((units(r.profit) / estimatedSales) * 10000) / 100 : null,
  };
}

/**
 * `GET /api/money`: by month and lane, one row per currency, summed in PostgreSQL from `order_money`
 * (one row an order, kept summed as lines arrive), then the totals per currency from those rows.
 */
export async function moneySummary(db: Db, userId: string, q: MoneyQuery): Promise<MoneySummaryData> {
  const { rows } = await db.execute<Row>(sql`
    select to_char(m.month, 'YYYY-MM') as month, m.lane_from, m.lane_to, m.currency,
           count(*)::int as orders,
           count(*) filter (where m.pending)::int as pending,
           max(m.release_at) filter (where m.pending) as release_at,
           count(*) filter (where m.flagged > 0)::int as flagged,
           sum(m.sales_cents) as sales, sum(m.amazon_fees_cents) as amazon_fees,
           sum(m.tax_kept_cents) as tax_kept, sum(m.promotions_cents) as promotions,
           sum(m.refunds_cents) as refunds, sum(m.net_cents) as net,
           coalesce(sum(m.cost_cents), 0) as cost, coalesce(sum(m.shipping_duty_cents), 0) as shipping_duty,
           coalesce(sum(m.profit_cents), 0) as profit, coalesce(sum(m.estimate_profit_cents), 0) as estimate_profit,
           coalesce(sum(m.sales_cents) filter (where m.profit_cents is not null), 0) as estimated_sales
      from order_money m
     where ${moneyWhere(userId, q)}
     group by 1, 2, 3, 4
     order by 1, 2 nulls first, 3 nulls first, 4`);
  const out = rows.map((r) => ({ month: r.month, lane: { from: r.lane_from, to: r.lane_to }, ...toRow(r) }));
  const byCurrency = new Map<string, Row[]>();
  for (const r of rows) byCurrency.set(r.currency ?? '', [...(byCurrency.get(r.currency ?? '') ?? []), r]);
  const totals = [...byCurrency.values()].map((list) => {
    const add = (k: keyof Row) => String(list.reduce((s, r) => s + Number(r[k] ?? 0), 0));
    const pending = list.filter((r) => r.release_at).map((r) => new Date(r.release_at!).getTime());
    return toRow({
      currency: list[0]!.currency,
      orders: Number(add('orders')),
      pending: Number(add('pending')),
      release_at: pending.length ? new Date(Math.max(...pending)) : null,
      flagged: Number(add('flagged')),
      sales: add('sales'),
      amazon_fees: add('amazon_fees'),
      tax_kept: add('tax_kept'),
      promotions: add('promotions'),
      refunds: add('refunds'),
      net: add('net'),
      cost: add('cost'),
      shipping_duty: add('shipping_duty'),
      profit: add('profit'),
      estimate_profit: add('estimate_profit'),
      estimated_sales: add('estimated_sales'),
    });
  });
  return { from: q.from, to: q.to, rows: out, totals };
}
