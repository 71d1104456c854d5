import {
  chosenLines,
  MONEY_EXPORT_COLUMNS,
  type MoneySummary,
  type OrderMoneyAnswer,
} from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeLines } from '../src/db/schema';
import { readFinances, recordEstimate } from '../src/features/finances';
import { asActualLine } from '../src/features/finances/order-money';
import { refreshOrderMoney } from '../src/features/finances/refresh-order-money';
import { createSandboxFinances, sandboxMoney } from '../src/providers/seller-finances';
import { TEST_APP_URL } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { estimateOf, salesOf, sandboxMonth } from './helpers/finances';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';

const NOW = Date.UTC(2026, 10, 10, 12);
const month = sandboxMonth(200);
let seller: SpapiSeller;
let bob: string;
/** Alice's order linked to Money in the test that links them. */
let linked: { orderId: string; amazonOrderId: string };

beforeAll(async () => {
  seller = await spapiSeller('Atzr|money-alice', {}, []);
  const db = seller.database.db;
  const finances = createSandboxFinances(salesOf(month, 'A1ALICESELLER'), () => NOW);
  const read = await readFinances(
    { db, logger: seller.deps.logger, accounts: seller.deps.accounts!, finances, orderEventsPerRun: 500 },
    seller.userId,
    'na',
    NOW,
  );
  expect(read).toMatchObject({ status: 'done' });
  for (const sale of month)
    await recordEstimate(db, seller.userId, {
      amazonOrderId: sale.orderId,
      orderItemId: sale.orderItemId,
      laneFrom: sale.lane.from,
      laneTo: sale.lane.to,
      onDay: new Date(sale.createdAt).toISOString().slice(0, 10),
      breakdown: estimateOf(sale),
    });
  bob = await activeUser(seller.app, db, 'bob@example.com');
  await subscribe(seller.app, bob, 'S');
});
afterAll(() => seller?.close());

const get = (url: string, cookie = seller.cookie) =>
  seller.app.inject({ method: 'GET', url, headers: jsonHeaders(cookie) });

/** Every counted line of Alice's orders, summed per currency: what the page's totals must equal. */
async function countedNetByCurrency() {
  const rows = await seller.database.db
    .select()
    .from(financeLines)
    .where(eq(financeLines.userId, seller.userId));
  const byOrder = new Map<string, typeof rows>();
  for (const r of rows) byOrder.set(r.amazonOrderId, [...(byOrder.get(r.amazonOrderId) ?? []), r]);
  const net = new Map<string, number>();
  for (const lines of byOrder.values())
    for (const l of chosenLines(lines.map(asActualLine)))
      net.set(l.currency, (net.get(l.currency) ?? 0) + l.amount_cents);
  return net;
}

describe('the Money summary', () => {
  it('a sandbox month of 200 orders over three lanes: the totals equal the sum of the order lines', async () => {
    const res = await get('/api/money?from=2026-10&to=2026-10');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<MoneySummary>();
    expect(summary.rows.map((r) => `${r.lane.from}-${r.lane.to}`).sort()).toEqual([
      'uk-us',
      'us-ca',
      'us-mx',
    ]);
    expect(summary.rows.reduce((s, r) => s + r.orders, 0)).toBe(200);
    const net = await countedNetByCurrency();
    expect(summary.totals).toHaveLength(3);
    for (const t of summary.totals) expect(Math.round(t.net * 100)).toBe(net.get(t.currency!));
    // Held money shows as pending with its release date.
    const pending = month.filter((s) => sandboxMoney(s).releaseAt > NOW).length;
    expect(summary.totals.reduce((s, t) => s + t.pending, 0)).toBe(pending);
    expect(summary.rows.some((r) => r.release_at !== null)).toBe(true);
    expect(summary.totals.every((t) => t.margin !== null && t.estimate_profit !== 0)).toBe(true);
  });

  it('filters by lane, and names the field of a bad query', async () => {
    const lane = (await get('/api/money?from=2026-10&to=2026-10&lane=us-ca')).json<MoneySummary>();
    expect(lane.rows.map((r) => r.lane)).toEqual([{ from: 'us', to: 'ca' }]);
    const bad = await get('/api/money?from=2026-13&to=2026-10');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
    expect((await get('/api/money?from=2026-10&to=2026-01')).statusCode).toBe(400);
    expect((await get('/api/money?from=2026-10&to=2026-10&lane=us-xx')).statusCode).toBe(400);
  });

  it('shows an order’s estimate against its actual, flagging a changed fee with its rule', async () => {
    const sale = month.find((s) => sandboxMoney(s).feeChanged)!;
    const res = await get(`/api/money/orders/${sale.orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const money = res.json<OrderMoneyAnswer>();
    expect(money.has_estimate).toBe(true);
    const referral = money.compare.find((c) => c.row === 'referral_fee')!;
    expect(referral).toMatchObject({ flagged: true, rule: 'commission.table' });
    expect(referral.difference).toBeCloseTo(referral.actual! - referral.estimate!, 2);
    const counted = money.lines.filter((l) => l.counted).reduce((s, l) => s + Math.round(l.amount * 100), 0);
    expect(counted).toBe(Math.round(money.net * 100));
  });

  it('exports one row per counted order line, in Amazon’s column names', async () => {
    const res = await get('/api/money/export?from=2026-10&to=2026-10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = res.body.trim().split('\n');
    expect(rows[0]).toBe(MONEY_EXPORT_COLUMNS.join(','));
    const lines = await seller.database.db
      .select()
      .from(financeLines)
      .where(eq(financeLines.userId, seller.userId));
    const byOrder = new Map<string, typeof lines>();
    for (const r of lines) byOrder.set(r.amazonOrderId, [...(byOrder.get(r.amazonOrderId) ?? []), r]);
    const counted = [...byOrder.values()].reduce((s, l) => s + chosenLines(l.map(asActualLine)).length, 0);
    expect(rows.length - 1).toBe(counted);
  });

  it('answers another user 404 for Alice’s order, and an empty summary', async () => {
    const sale = month[0]!;
    const res = await get(`/api/money/orders/${sale.orderId}`, bob);
    expect(res.statusCode).toBe(404);
    const summary = (await get('/api/money?from=2026-10&to=2026-10', bob)).json<MoneySummary>();
    expect(summary.rows).toEqual([]);
    const csv = await get('/api/money/export?from=2026-10&to=2026-10', bob);
    expect(csv.body.trim().split('\n')).toHaveLength(1);
  });

  it('links to the seller’s order: its sale date, and the purchase recorded against the estimate', async () => {
    const db = seller.database.db;
    const sale = month.find((s) => s.lane.to === 'ca' && !sandboxMoney(s).refunded)!;
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into orders (user_id, region, selling_partner_id, marketplace, amazon_order_id, amazon_status,
                          state, purchased_at, amazon_updated_at, currency)
      values (${seller.userId}, 'na', 'A1ALICESELLER', 'ca', ${sale.orderId}, 'Unshipped', 'bought',
              ${new Date(sale.createdAt)}, now(), 'CAD')
      returning id`);
    const orderId = rows[0]!.id;
    linked = { orderId, amazonOrderId: sale.orderId };
    await db.execute(sql`
      insert into order_purchases (order_id, user_id, order_item_id, source_order_id, total, currency, bought_at)
      values (${orderId}::uuid, ${seller.userId}, ${sale.orderItemId}, '111-0000000-0000001', 25, 'USD', now())`);
    await refreshOrderMoney(db, seller.userId, [sale.orderId]);
    const res = await get(`/api/orders/${orderId}/money`);
    expect(res.statusCode, res.body).toBe(200);
    const money = res.json<OrderMoneyAnswer>();
    // 25 US dollars at the estimate's own conversion (the lane's parity, 1.35): 33.75 Canadian dollars.
    expect(money.compare.find((c) => c.row === 'source_purchase')!.actual).toBe(33.75);
    expect((await get(`/api/orders/${orderId}/money`, bob)).statusCode).toBe(404);
    expect((await get('/api/orders/00000000-0000-4000-8000-000000000000/money')).statusCode).toBe(404);
  });

  it('takes what the seller paid at the border in place of the estimate, in the currencies it can convert', async () => {
    const put = (body: object, cookie = seller.cookie) =>
      seller.app.inject({
        method: 'PUT',
        url: `/api/orders/${linked.orderId}/costs`,
        headers: jsonHeaders(cookie, { origin: TEST_APP_URL }),
        payload: body,
      });
    const before = (await get(`/api/orders/${linked.orderId}/money`)).json<OrderMoneyAnswer>();
    const row = (m: OrderMoneyAnswer, r: string) => m.compare.find((c) => c.row === r)!;
    expect(before.costs).toBeNull();
    expect(row(before, 'international_shipping').actual).toBeNull();
    // The forwarder in US dollars (the estimate's buy currency: its parity, 1.35), duty in Canadian dollars.
    const res = await put({ currency: 'USD', forwarder: 10, duty: null, import_tax: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<OrderMoneyAnswer>();
    expect(after.costs).toMatchObject({
      currency: 'USD',
      forwarder: 10,
      duty: null,
      import_tax: 2,
      clearance: null,
    });
    expect(row(after, 'international_shipping').actual).toBe(13.5);
    expect(row(after, 'import_tax').actual).toBe(2.7);
    expect(row(after, 'duty').actual).toBeNull();
    // Profit takes the actual where entered, the estimate elsewhere.
    const delta =
      row(after, 'international_shipping').actual! -
      row(after, 'international_shipping').estimate! +
      (row(after, 'import_tax').actual! - row(after, 'import_tax').estimate!);
    expect(row(after, 'profit').actual).toBeCloseTo(row(before, 'profit').actual! - delta, 2);
    // Replaced, not added to: a second entry is what the order cost.
    const cad = (await put({ currency: 'CAD', forwarder: 12.5, duty: 3 })).json<OrderMoneyAnswer>();
    expect(row(cad, 'international_shipping').actual).toBe(12.5);
    expect(row(cad, 'import_tax').actual).toBeNull();
    expect(row(cad, 'duty').actual).toBe(3);
    // A currency the estimate never used cannot be compared: refused, naming the field and those it can.
    const eur = await put({ currency: 'EUR', forwarder: 10, duty: null });
    expect(eur.statusCode).toBe(400);
    expect(eur.json().error.fields[0]).toMatchObject({ field: 'currency' });
    expect(eur.json().error.message).toContain('CAD, USD');
    const bad = await put({ currency: 'CAD', forwarder: -1, duty: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('forwarder');
    // Bob can neither change nor see it.
    expect((await put({ currency: 'CAD', forwarder: 1, duty: null }, bob)).statusCode).toBe(404);
    const kept = (await get(`/api/orders/${linked.orderId}/money`)).json<OrderMoneyAnswer>();
    expect(kept.costs).toMatchObject({ currency: 'CAD', forwarder: 12.5, duty: 3 });
  });

  it('lists the orders behind a figure: a month and lane, flagged or pending, paged', async () => {
    const summary = (await get('/api/money?from=2026-10&to=2026-10&lane=us-ca')).json<MoneySummary>();
    const figure = summary.rows[0]!;
    type Page = {
      orders: { amazon_order_id: string; net: number; flagged: number; pending: boolean }[];
      total: number;
    };
    const all: Page['orders'] = [];
    for (let page = 1; ; page++) {
      const res = await get(
        `/api/money/orders?from=2026-10&to=2026-10&lane=us-ca&month=2026-10&page=${page}&page_size=50`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json<Page>();
      expect(p.total).toBe(figure.orders);
      all.push(...p.orders);
      if (p.orders.length < 50) break;
    }
    expect(all).toHaveLength(figure.orders);
    expect(Math.round(all.reduce((s, o) => s + o.net * 100, 0))).toBe(Math.round(figure.net * 100));
    const flagged = (
      await get('/api/money/orders?from=2026-10&to=2026-10&lane=us-ca&only=flagged&page_size=100')
    ).json<Page>();
    expect(flagged.total).toBe(figure.flagged);
    expect(flagged.orders.every((o) => o.flagged > 0)).toBe(true);
    const pending = (
      await get('/api/money/orders?from=2026-10&to=2026-10&lane=us-ca&only=pending&page_size=100')
    ).json<Page>();
    expect(pending.total).toBe(figure.pending);
    expect(pending.orders.every((o) => o.pending)).toBe(true);
    const bad = await get('/api/money/orders?from=2026-10&to=2026-10&only=late');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('only');
    expect((await get('/api/money/orders?from=2026-10&to=2026-10', bob)).json<Page>().total).toBe(0);
  });

  it('takes a personal token with the read scope', async () => {
    const minted = await seller.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/create',
      headers: jsonHeaders(seller.cookie, { origin: TEST_APP_URL }),
      payload: { name: 'Accounts', scopes: ['read'] },
    });
    expect(minted.statusCode, minted.body).toBe(200);
    const { key } = minted.json<{ key: string }>();
    const res = await seller.app.inject({
      method: 'GET',
      url: '/api/money?from=2026-10&to=2026-10',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = (await get('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/money',
        '/api/money/export',
        '/api/money/orders/{amazon_order_id}',
        '/api/orders/{id}/money',
        '/api/money/orders',
        '/api/orders/{id}/costs',
      ]),
    );
  });
});
