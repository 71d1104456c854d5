import { chosenLines, MONEY_EXPORT_COLUMNS, type MoneyQuery } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { financeLines } from '../../db/schema';
import { asActualLine } from './order-money';
import { moneyWhere } from './money-summary';

type Line = typeof financeLines.$inferSelect;
const BATCH = 2000;

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading formula sign neutralised. */
const cell = (v: string | number | null) => {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The export: one row per order line counted in the summary (the most final source of each event), the
 * columns named as Amazon's settlement file names them, read in batches of orders.
 */
export async function* moneyExport(db: Db, userId: string, q: MoneyQuery): AsyncGenerator<string> {
  yield `${MONEY_EXPORT_COLUMNS.join(',')}\n`;
  let after = '';
  for (;;) {
    const { rows: orders } = await db.execute<{ id: string; month: string; lane: string }>(sql`
      select m.amazon_order_id as id, to_char(m.month, 'YYYY-MM') as month,
             coalesce(m.lane_from, '') || '-' || coalesce(m.lane_to, '') as lane
        from order_money m
       where ${moneyWhere(userId, q)} and m.amazon_order_id > ${after}
       order by m.amazon_order_id limit ${BATCH}`);
    if (orders.length === 0) return;
    after = orders[orders.length - 1]!.id;
    const { rows } = await db.execute<Record<string, unknown>>(sql`
      select * from finance_lines where user_id = ${userId}
         and amazon_order_id in ${orders.map((o) => o.id)}
       order by amazon_order_id, posted_at, id`);
    const lines: Line[] = rows.map((r) => ({
      id: Number(r.id),
      userId: String(r.user_id),
      region: String(r.region),
      source: String(r.source),
      key: String(r.key),
      amazonOrderId: String(r.amazon_order_id),
      orderItemId: (r.order_item_id as string | null) ?? null,
      sku: (r.sku as string | null) ?? null,
      event: String(r.event),
      eventRef: (r.event_ref as string | null) ?? null,
      kind: String(r.kind),
      amazonType: String(r.amazon_type),
      amountCents: Number(r.amount_cents),
      currency: String(r.currency),
      postedAt: r.posted_at ? new Date(r.posted_at as string) : null,
      status: String(r.status),
      maturityAt: r.maturity_at ? new Date(r.maturity_at as string) : null,
      settlementId: (r.settlement_id as string | null) ?? null,
      groupId: (r.group_id as string | null) ?? null,
      marketplace: (r.marketplace as string | null) ?? null,
      readAt: new Date(),
    }));
    const info = new Map(orders.map((o) => [o.id, o]));
    let chunk = '';
    for (const o of orders) {
      const mine = lines.filter((l) => l.amazonOrderId === o.id);
      const counted = new Set(chosenLines(mine.map(asActualLine)).map((l) => l.key));
      for (const l of mine) {
        if (!counted.has(l.key)) continue;
        chunk += `${[
          l.amazonOrderId,
          l.orderItemId,
          l.sku,
          l.marketplace,
          l.event,
          l.kind,
          l.amazonType,
          (l.amountCents / 100).toFixed(2),
          l.currency,
          l.postedAt?.toISOString() ?? null,
          l.status,
          l.maturityAt?.toISOString() ?? null,
          l.settlementId,
          l.source,
          info.get(o.id)!.month,
          info.get(o.id)!.lane,
        ]
          .map(cell)
          .join(',')}\n`;
      }
    }
    yield chunk;
  }
}
