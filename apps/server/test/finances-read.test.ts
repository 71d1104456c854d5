import { gunzipSync } from 'node:zlib';
import { parseSettlementV2 } from '@crossmarket/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeLines, orderMoney, settlementReports } from '../src/db/schema';
import { readFinances, recordEstimate } from '../src/features/finances';
import { createSellerFinances, sandboxMoney } from '../src/providers/seller-finances';
import { estimateOf, salesOf, sandboxMonth } from './helpers/finances';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';

const TOKEN = 'Atzr|finances-alice';
const NOW = Date.UTC(2026, 10, 10, 12);
const DAY = 86_400_000;
const month = sandboxMonth(200);

let seller: SpapiSeller;
beforeAll(async () => {
  seller = await spapiSeller(
    TOKEN,
    { financeSales: salesOf(month, 'A1ALICESELLER'), financeNow: () => NOW },
    [],
  );
});
afterAll(() => seller?.close());

const deps = () => ({
  db: seller.database.db,
  logger: seller.deps.logger,
  accounts: seller.deps.accounts!,
  finances: createSellerFinances(seller.config, { db: seller.database.db }),
  orderEventsPerRun: 25,
});

describe('reading what Amazon paid through SP-API', () => {
  it('reads a month of 200 orders: held money with its release date, settlements kept, each order summed', async () => {
    const result = await readFinances(deps(), seller.userId, 'na', NOW);
    expect(result).toMatchObject({ status: 'done' });
    expect(seller.stand.refused).toEqual([]);
    const db = seller.database.db;
    const rows = await db.select().from(orderMoney).where(eq(orderMoney.userId, seller.userId));
    expect(rows).toHaveLength(200);
    for (const sale of month) {
      const row = rows.find((r) => r.amazonOrderId === sale.orderId)!;
      const m = sandboxMoney(sale);
      const held = m.releaseAt > NOW;
      expect(row.pending).toBe(held);
      if (held) expect(row.releaseAt?.getTime()).toBe(m.releaseAt);
      expect(row.currency).toBe(sale.currency);
    }
    // Every closed period with released money has its file, kept gzipped and readable.
    const reports = await db
      .select()
      .from(settlementReports)
      .where(eq(settlementReports.userId, seller.userId));
    expect(reports.length).toBeGreaterThan(0);
    for (const r of reports) {
      const parsed = parseSettlementV2(gunzipSync(r.document).toString('utf8'));
      expect(parsed.problems).toEqual([]);
      expect(parsed.lines.length).toBe(r.orderLines);
      expect(parsed.lines.reduce((s, l) => s + l.amount_cents, 0)).toBe(r.totalCents);
    }
  });

  it('reads the same answers again as the same lines', async () => {
    const db = seller.database.db;
    const bySource = async () =>
      Object.fromEntries(
        (
          await db
            .select({ source: financeLines.source, n: count() })
            .from(financeLines)
            .where(eq(financeLines.userId, seller.userId))
            .groupBy(financeLines.source)
        ).map((r) => [r.source, r.n]),
      );
    const v0Orders = async () =>
      (
        await db.execute<{ id: string; n: number }>(
          sql`select amazon_order_id as id, count(*)::int as n from finance_lines
               where user_id = ${seller.userId} and source = 'fin_v0' group by 1`,
        )
      ).rows;
    const before = await bySource();
    const v0Before = await v0Orders();
    const calls = seller.stand.callsOf(TOKEN, 'getReportDocument');
    await readFinances(deps(), seller.userId, 'na', NOW);
    const after = await bySource();
    expect(after.transactions).toBe(before.transactions);
    expect(after.settlement_v2).toBe(before.settlement_v2);
    // v0 goes on with the orders the first run left (25 a run); those it read keep their lines.
    const v0After = new Map((await v0Orders()).map((r) => [r.id, r.n]));
    for (const r of v0Before) expect(v0After.get(r.id)).toBe(r.n);
    // A file already kept is not downloaded again.
    expect(seller.stand.callsOf(TOKEN, 'getReportDocument')).toBe(calls);
  });

  it('releases held money when Amazon does: the same lines, now released', async () => {
    const later = NOW + 30 * DAY;
    const db = seller.database.db;
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from finance_lines where user_id = ${seller.userId} and status = 'DEFERRED'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    const finances = createSellerFinances(seller.config, { db });
    // The stand-in's clock stays at NOW; the sandbox's own answers at `later` stand for Amazon's.
    const { createSandboxFinances } = await import('../src/providers/seller-finances');
    const sandbox = createSandboxFinances(salesOf(month, 'A1ALICESELLER'), () => later);
    await readFinances({ ...deps(), finances: sandbox }, seller.userId, 'na', later);
    const after = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from finance_lines where user_id = ${seller.userId} and source = 'transactions' and status = 'DEFERRED'`,
    );
    expect(after.rows[0]!.n).toBe(0);
    const pending = await db
      .select({ n: count() })
      .from(orderMoney)
      .where(and(eq(orderMoney.userId, seller.userId), eq(orderMoney.pending, true)));
    expect(pending[0]!.n).toBe(0);
    expect(finances.name).toBe('spapi');
  });

  it('flags an order whose referral fee changed, with the rule behind the estimate', async () => {
    const db = seller.database.db;
    for (const sale of month)
      await recordEstimate(db, seller.userId, {
        amazonOrderId: sale.orderId,
        orderItemId: sale.orderItemId,
        laneFrom: sale.lane.from,
        laneTo: sale.lane.to,
        onDay: new Date(sale.createdAt).toISOString().slice(0, 10),
        breakdown: estimateOf(sale),
      });
    const { moneyOf, loadOrders } = await import('../src/features/finances/order-money');
    const byOrder = await loadOrders(
      db,
      seller.userId,
      month.map((s) => s.orderId),
    );
    let changed = 0;
    for (const sale of month) {
      const { lines, estimates } = byOrder.get(sale.orderId)!;
      const referral = moneyOf(sale.orderId, lines, estimates).compare.find((c) => c.row === 'referral_fee')!;
      const m = sandboxMoney(sale);
      if (m.feeChanged) changed += 1;
      expect(referral.flagged, sale.orderId).toBe(m.feeChanged);
      if (m.feeChanged) expect(referral.rule).toBe('commission.table');
    }
    expect(changed).toBeGreaterThan(0);
  });
});
