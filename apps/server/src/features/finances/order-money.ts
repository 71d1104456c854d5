import {
  compareOrder,
  countryOfMarketplaceName,
  orderActual,
  priceTaxRule,
  type ActualLine,
  type CompareLine,
  type MoneyBreakdown,
  type MoneyLine,
  type OrderActual,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { financeLines, orderMoneyEstimates } from '../../db/schema';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import { costsCents } from './order-costs';
import type { OrderLink } from './order-links';

const BY_ID = new Map(Object.entries(MARKETPLACES).map(([c, m]) => [m.id, c as RegionCode]));
export const countryOfLine = (marketplace: string | null): RegionCode | null =>
  (marketplace && BY_ID.get(marketplace)) || countryOfMarketplaceName(marketplace);

type Line = typeof financeLines.$inferSelect;
type Estimate = typeof orderMoneyEstimates.$inferSelect;

/** A kept row as the domain's line. */
export const asActualLine = (l: Line): ActualLine => ({
  source: l.source as ActualLine['source'],
  key: l.key,
  amazon_order_id: l.amazonOrderId,
  order_item_id: l.orderItemId,
  sku: l.sku,
  event: l.event as ActualLine['event'],
  event_ref: l.eventRef,
  kind: l.kind as ActualLine['kind'],
  amazon_type: l.amazonType,
  amount_cents: l.amountCents,
  currency: l.currency,
  posted_at: l.postedAt?.toISOString() ?? '',
  status: l.status as ActualLine['status'],
  maturity_at: l.maturityAt?.toISOString() ?? null,
  settlement_id: l.settlementId,
  group_id: l.groupId,
  marketplace: l.marketplace,
});

/** An order of several items: their estimates added line by line (one currency, one lane). */
export function sumBreakdowns(list: readonly MoneyBreakdown[]): MoneyBreakdown | null {
  if (list.length === 0) return null;
  if (list.length === 1) return list[0]!;
  const first = list[0]!;
  const lines = new Map<string, MoneyLine>();
  for (const b of list)
    for (const l of b.lines) {
      const had = lines.get(l.key);
      lines.set(l.key, had ? { ...had, amount: Math.round((had.amount + l.amount) * 100) / 100 } : { ...l });
    }
  const sum = (f: (b: MoneyBreakdown) => number) =>
    Math.round(list.reduce((s, b) => s + f(b), 0) * 100) / 100;
  const price = sum((b) => b.price);
  const profit = sum((b) => b.profit);
  const landed = sum((b) => b.landed_cost);
  return {
    price,
    currency: first.currency,
    lines: [...lines.values()],
    profit,
    landed_cost: landed,
    margin: price ? (profit / price) * 100 : 0,
    ppr: landed ? (profit / landed) * 100 : null,
  };
}

/**
 * The recorded source purchase in cents of the selling currency: as paid when it is that currency, else at
 * the rate the estimate converted the buy price with (its line shows both); null when neither applies.
 */
export function purchaseCents(link: OrderLink, estimate: MoneyBreakdown | null): number | null {
  if (link.purchase_total === null || !link.purchase_currency) return null;
  if (estimate && link.purchase_currency === estimate.currency) return Math.round(link.purchase_total * 100);
  const buy = estimate?.lines.find((l) => l.key === 'buy_price');
  if (!buy?.paid || buy.paid.currency !== link.purchase_currency || buy.paid.amount <= 0) return null;
  return Math.round(link.purchase_total * (buy.amount / buy.paid.amount) * 100);
}

export interface OrderMoney {
  amazon_order_id: string;
  country: RegionCode | null;
  lane_from: string | null;
  sold_at: Date | null;
  actual: OrderActual;
  estimate: MoneyBreakdown | null;
  compare: CompareLine[];
  lines: Line[];
}

/** One order's money from its kept lines and estimates: the actual, the estimate and the comparison. */
export function moneyOf(orderId: string, lines: Line[], estimates: Estimate[], link?: OrderLink): OrderMoney {
  const actual = orderActual(lines.map(asActualLine));
  const country =
    countryOfLine(lines.find((l) => l.marketplace)?.marketplace ?? null) ??
    link?.lane_to ??
    (estimates[0]?.laneTo as RegionCode | undefined) ??
    null;
  const shipments = lines.filter((l) => l.event === 'shipment' && l.postedAt);
  const first = (ls: Line[]) =>
    ls.reduce<Date | null>((m, l) => (l.postedAt && (!m || l.postedAt < m) ? l.postedAt : m), null);
  // The day of the sale: the order's (orders, issue 60) when linked, else the estimate's day (made the day
  // of the sale), else Amazon's first shipment posting (a day or two later).
  const estimateDay = estimates.map((e) => e.onDay).sort()[0];
  const soldAt =
    link?.purchased_at ??
    (estimateDay ? new Date(`${estimateDay}T00:00:00Z`) : null) ??
    first(shipments) ??
    first(lines);
  const estimate = sumBreakdowns(estimates.map((e) => e.breakdown));
  const day = (soldAt ?? new Date()).toISOString().slice(0, 10);
  const includesTax = country ? (priceTaxRule(country, day)?.price_includes_tax ?? false) : false;
  const compare = compareOrder({
    estimate,
    actual,
    price_includes_tax: includesTax,
    purchase_cents: link ? purchaseCents(link, estimate) : null,
    ...costsCents(link, actual.currency ?? link?.currency ?? null, estimate),
  });
  return {
    amazon_order_id: orderId,
    country,
    lane_from: link?.lane_from ?? estimates[0]?.laneFrom ?? null,
    sold_at: soldAt,
    actual,
    estimate,
    compare,
    lines,
  };
}

/** The kept lines and estimates of some of a seller's orders, by order. */
export async function loadOrders(db: Db, userId: string, orderIds: readonly string[]) {
  const [lines, estimates] = await Promise.all([
    db
      .select()
      .from(financeLines)
      .where(and(eq(financeLines.userId, userId), inArray(financeLines.amazonOrderId, [...orderIds]))),
    db
      .select()
      .from(orderMoneyEstimates)
      .where(
        and(
          eq(orderMoneyEstimates.userId, userId),
          inArray(orderMoneyEstimates.amazonOrderId, [...orderIds]),
        ),
      ),
  ]);
  const byOrder = new Map<string, { lines: Line[]; estimates: Estimate[] }>();
  for (const id of orderIds) byOrder.set(id, { lines: [], estimates: [] });
  for (const l of lines) byOrder.get(l.amazonOrderId)?.lines.push(l);
  for (const e of estimates) byOrder.get(e.amazonOrderId)?.estimates.push(e);
  return byOrder;
}
