import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderMoney } from '../../db/schema';
import { orderLinks } from './order-links';
import { loadOrders, moneyOf } from './order-money';

const BATCH = 500;
const COSTS = ['conversion_fee', 'source_purchase'];
const SHIPPING_DUTY = ['international_shipping', 'duty', 'import_tax', 'clearance_fee'];

/**
 * Sums the money of orders whose lines changed into `order_money`, one row an order: the summary then
 * reads one row an order however many lines Amazon booked (the bench's 50,000 orders a month).
 */
export async function refreshOrderMoney(db: Db, userId: string, orderIds: Iterable<string>): Promise<number> {
  const ids = [...orderIds];
  let written = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const slice = ids.slice(i, i + BATCH);
    const [byOrder, links] = await Promise.all([
      loadOrders(db, userId, slice),
      orderLinks(db, userId, slice),
    ]);
    const rows = [...byOrder].flatMap(([orderId, { lines, estimates }]) => {
      if (lines.length === 0) return [];
      const m = moneyOf(orderId, lines, estimates, links.get(orderId));
      const row = (r: string) => m.compare.find((c) => c.row === r);
      const part = (names: string[]) =>
        m.estimate ? names.reduce((s, r) => s + (row(r)?.actual ?? row(r)?.estimate ?? 0), 0) : null;
      const soldAt = m.sold_at ?? new Date();
      const k = m.actual.by_kind;
      return [
        {
          userId,
          amazonOrderId: orderId,
          month: `${soldAt.toISOString().slice(0, 7)}-01`,
          soldAt,
          laneFrom: m.lane_from,
          laneTo: m.country,
          currency: m.actual.currency,
          salesCents: row('sale_price')?.actual ?? k.principal + k.shipping,
          amazonFeesCents: -(k.referral_fee + k.closing_fee + k.digital_services_fee + k.other_fee),
          taxKeptCents: row('tax_kept_by_amazon')?.actual ?? -k.tax_withheld,
          promotionsCents: -k.promotion,
          refundsCents: -(m.actual.refunds + m.actual.refund_fees),
          netCents: m.actual.net,
          costCents: part(COSTS),
          shippingDutyCents: part(SHIPPING_DUTY),
          profitCents: m.estimate ? (row('profit')?.actual ?? null) : null,
          estimateProfitCents: m.estimate ? (row('profit')?.estimate ?? null) : null,
          flagged: m.compare.filter((c) => c.flagged).length,
          pending: m.actual.pending,
          releaseAt: m.actual.release_at ? new Date(m.actual.release_at) : null,
        },
      ];
    });
    if (rows.length === 0) continue;
    await db
      .insert(orderMoney)
      .values(rows)
      .onConflictDoUpdate({
        target: [orderMoney.userId, orderMoney.amazonOrderId],
        set: {
          updatedAt: sql`now()`,
          ...Object.fromEntries(
            [
              'month',
              'sold_at',
              'lane_from',
              'lane_to',
              'currency',
              'sales_cents',
              'amazon_fees_cents',
              'tax_kept_cents',
              'promotions_cents',
              'refunds_cents',
              'net_cents',
              'cost_cents',
              'shipping_duty_cents',
              'profit_cents',
              'estimate_profit_cents',
              'flagged',
              'pending',
              'release_at',
            ].map((c) => [camel(c), sql.raw(`excluded.${c}`)]),
          ),
        },
      });
    written += rows.length;
  }
  return written;
}

const camel = (s: string) => s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
