import { chosenLines, DEFAULT_FLAG_PERCENT, type OrderMoneyData } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import { orderLinks } from './order-links';
import { asActualLine, loadOrders, moneyOf } from './order-money';

const units = (cents: number | null) => (cents === null ? null : cents / 100);

/**
 * `GET /api/orders/:id/money`: the estimate, the actual and their difference per line, and every line
 * Amazon booked with whether it is counted. Undefined when the caller has no money for the order (another
 * seller's order is the same: 404).
 */
export async function orderMoneyView(
  db: Db,
  userId: string,
  amazonOrderId: string,
): Promise<OrderMoneyData | undefined> {
  const [byOrder, links] = await Promise.all([
    loadOrders(db, userId, [amazonOrderId]),
    orderLinks(db, userId, [amazonOrderId]),
  ]);
  const found = byOrder.get(amazonOrderId);
  const link = links.get(amazonOrderId);
  if (!found || (found.lines.length === 0 && found.estimates.length === 0 && !link)) return undefined;
  const m = moneyOf(amazonOrderId, found.lines, found.estimates, link);
  const counted = new Set(chosenLines(found.lines.map(asActualLine)).map((l) => l.key));
  return {
    amazon_order_id: amazonOrderId,
    marketplace: m.country,
    currency: m.actual.currency ?? m.estimate?.currency ?? null,
    pending: m.actual.pending,
    release_at: m.actual.release_at ? new Date(m.actual.release_at) : null,
    net: m.actual.net / 100,
    has_estimate: m.estimate !== null,
    flag_percent: DEFAULT_FLAG_PERCENT,
    compare: m.compare.map((c) => ({
      ...c,
      estimate: units(c.estimate),
      actual: units(c.actual),
      difference: units(c.difference),
    })),
    lines: found.lines
      .sort((a, b) => (a.postedAt?.getTime() ?? 0) - (b.postedAt?.getTime() ?? 0) || a.id - b.id)
      .map((l) => ({
        source: l.source as OrderMoneyData['lines'][number]['source'],
        event: l.event as OrderMoneyData['lines'][number]['event'],
        kind: l.kind as OrderMoneyData['lines'][number]['kind'],
        amazon_type: l.amazonType,
        amount: l.amountCents / 100,
        currency: l.currency,
        order_item_id: l.orderItemId,
        posted_at: l.postedAt,
        status: l.status as 'DEFERRED' | 'RELEASED',
        maturity_at: l.maturityAt,
        settlement_id: l.settlementId,
        counted: counted.has(l.key),
      })),
    costs: link?.costs
      ? {
          currency: link.costs.currency,
          forwarder: link.costs.forwarder,
          clearance: link.costs.clearance,
          duty: link.costs.duty,
          import_tax: link.costs.import_tax,
          updated_at: link.costs.updated_at,
        }
      : null,
  };
}
