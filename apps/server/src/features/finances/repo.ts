import type { ActualLine, AmazonRegionCode } from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { financeLines, financeSyncs } from '../../db/schema';

const BATCH = 500;
const at = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * Writes lines, once each: a line already kept (same seller, source and key) takes only what Amazon may
 * change later (held → released, its release date, the settlement it landed in). Answers the orders whose
 * lines are new or changed, so only their money is summed again.
 */
export async function saveLines(
  db: Db,
  userId: string,
  region: AmazonRegionCode,
  lines: readonly ActualLine[],
): Promise<Set<string>> {
  const touched = new Set<string>();
  for (let i = 0; i < lines.length; i += BATCH) {
    const rows = lines.slice(i, i + BATCH).map((l) => ({
      userId,
      region,
      source: l.source,
      key: l.key,
      amazonOrderId: l.amazon_order_id,
      orderItemId: l.order_item_id,
      sku: l.sku,
      event: l.event,
      eventRef: l.event_ref,
      kind: l.kind,
      amazonType: l.amazon_type,
      amountCents: l.amount_cents,
      currency: l.currency,
      postedAt: at(l.posted_at || null),
      status: l.status,
      maturityAt: at(l.maturity_at),
      settlementId: l.settlement_id,
      groupId: l.group_id,
      marketplace: l.marketplace,
    }));
    const written = await db
      .insert(financeLines)
      .values(rows)
      .onConflictDoUpdate({
        target: [financeLines.userId, financeLines.source, financeLines.key],
        set: {
          status: sql`excluded.status`,
          maturityAt: sql`excluded.maturity_at`,
          amountCents: sql`excluded.amount_cents`,
          eventRef: sql`excluded.event_ref`,
          settlementId: sql`coalesce(excluded.settlement_id, ${financeLines.settlementId})`,
          groupId: sql`coalesce(excluded.group_id, ${financeLines.groupId})`,
          readAt: sql`now()`,
        },
        // Unchanged lines are left alone (no write, no order summed again).
        setWhere: sql`(${financeLines.status}, ${financeLines.maturityAt}, ${financeLines.amountCents}) is distinct from (excluded.status, excluded.maturity_at, excluded.amount_cents)
          or (excluded.settlement_id is not null and ${financeLines.settlementId} is distinct from excluded.settlement_id)`,
      })
      .returning({ order: financeLines.amazonOrderId });
    for (const r of written) touched.add(r.order);
  }
  return touched;
}

export type FinanceSync = typeof financeSyncs.$inferSelect;

export async function syncOf(
  db: Db,
  userId: string,
  region: AmazonRegionCode,
): Promise<FinanceSync | undefined> {
  const [row] = await db
    .select()
    .from(financeSyncs)
    .where(and(eq(financeSyncs.userId, userId), eq(financeSyncs.region, region)));
  return row;
}

export async function saveSync(
  db: Db,
  userId: string,
  region: AmazonRegionCode,
  set: Partial<Pick<FinanceSync, 'transactionsUntil' | 'reportsUntil' | 'error' | 'lastRunAt'>>,
) {
  await db
    .insert(financeSyncs)
    .values({ userId, region, ...set })
    .onConflictDoUpdate({ target: [financeSyncs.userId, financeSyncs.region], set });
}
