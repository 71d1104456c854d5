import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { productObservationDays, productObservations } from '../src/db/schema';
import { JOB_NAMES } from '@crossmarket/domain';
import { historyJobs, recordingHistory } from '../src/features/history';
import type { JobContext } from '../src/jobs/types';
import { dropExpiredPartitions, ensurePartitions } from '../src/features/history/partitions';
import { rollUpDays } from '../src/features/history/roll-up';
import { productHistory } from '../src/features/history/read-history';
import { baselineSandbox } from './helpers/sandbox';
import { userIdOf } from './helpers/analysis';
import { TEST_APP_URL } from './helpers/app';
import { injectJson, jsonHeaders } from './helpers/auth';
import { alice, app, bob, database, setUpInventories } from './helpers/inventories';

// Issue 49: every lookup keeps what it saw of a product, public marketplace data only, so one seller's
// lookups serve every seller's history.

setUpInventories();
const ASIN = 'B0HISTORY1';

const check = (cookie: string) =>
  injectJson(app, 'POST', '/v1/lookup', cookie, {
    product_id: ASIN,
    from_country: 'us',
    to_country: 'ca',
  });

/** The columns a history row may have: anything else could name a seller. */
const PUBLIC_COLUMNS = [
  'asin',
  'buybox_cents',
  'buybox_is_amazon',
  'currency',
  'fba_offers',
  'in_stock',
  'kind',
  'lowest_fba_cents',
  'lowest_new_cents',
  'marketplace',
  'new_offers',
  'observed_at',
  'rank_category',
  'sales_rank',
];

describe('keeping what lookups see', () => {
  it("two sellers' quick checks of one ASIN make one history, with nothing of either seller in it", async () => {
    expect((await check(alice)).statusCode).toBe(200);
    expect((await check(bob)).statusCode).toBe(200);
    const rows = await database.db
      .select()
      .from(productObservations)
      .where(eq(productObservations.asin, ASIN))
      .orderBy(productObservations.marketplace, productObservations.observedAt);
    // Each check looked the product up on both sides: two observations per marketplace, one history each.
    expect(rows.map((r) => r.marketplace)).toEqual(['ca', 'ca', 'us', 'us']);
    const us = rows.filter((r) => r.marketplace === 'us');
    expect(us[0]).toMatchObject({ kind: 'full', currency: 'USD' });
    // The sandbox is deterministic within a day: both checks saw the same product.
    const { observedAt: _a, ...first } = us[0]!;
    const { observedAt: _b, ...second } = us[1]!;
    expect(second).toEqual(first);

    const columns = await database.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'product_observations' order by 1`,
    );
    expect(columns.rows.map((c) => c.column_name)).toEqual(PUBLIC_COLUMNS);
    const ids = [
      await userIdOf(database.db, 'alice@example.com'),
      await userIdOf(database.db, 'bob@example.com'),
    ];
    const stored = JSON.stringify(rows);
    for (const id of ids) expect(stored).not.toContain(id);
    expect(stored).not.toMatch(/alice|bob|SELLER/i);
  });

  it('writes one multi-row insert per provider call, not one per product', async () => {
    const query = vi.spyOn(database.db.$client, 'query');
    const provider = recordingHistory(baselineSandbox(), { db: database.db });
    const ids = Array.from({ length: 250 }, (_, i) => `B0BATCH${String(i).padStart(3, '0')}`);
    await provider.lookup(ids, 'ae', { shipTo: 'ae' });
    await provider.refreshPrices!(ids, 'ae', { shipTo: 'ae' });
    const inserts = query.mock.calls.filter(([q]) => {
      const text = typeof q === 'string' ? q : (q as { text?: string }).text;
      return /insert into product_observations/i.test(text ?? '');
    });
    expect(inserts).toHaveLength(2);
    query.mockRestore();
    const kept = await database.db
      .select({ kind: productObservations.kind, n: sql<number>`count(*)::int` })
      .from(productObservations)
      .where(and(eq(productObservations.marketplace, 'ae'), sql`${productObservations.asin} like 'B0BATCH%'`))
      .groupBy(productObservations.kind)
      .orderBy(productObservations.kind);
    // Products the sandbox does not know (`dog`) give no observation; the others one per call.
    expect(kept.length).toBe(2);
    for (const k of kept) expect(k.n).toBeGreaterThan(200);
  });

  it('keeps nothing when history is off', async () => {
    const provider = recordingHistory(baselineSandbox(), { db: database.db, enabled: false });
    await provider.lookup(['B0OFFOFF01'], 'us', { shipTo: 'us' });
    expect(await database.db.$count(productObservations, eq(productObservations.asin, 'B0OFFOFF01'))).toBe(0);
  });

  it('a lookup whose history cannot be written still answers', async () => {
    const warn = vi.fn();
    const broken = {
      insert: () => {
        throw new Error('disk full');
      },
    } as unknown as typeof database.db;
    const provider = recordingHistory(baselineSandbox(), {
      db: broken,
      logger: { warn } as never,
    });
    const [found] = await provider.lookup(['B0BROKEN01'], 'us', { shipTo: 'us' });
    expect(found!.product_id).toBe('B0BROKEN01');
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('partitions, roll-ups and retention', () => {
  it('folds a day of observations into one roll-up row per product with its rank improvements', async () => {
    const day = new Date(Date.UTC(2020, 5, 30)); // its partitions made below, years before any real row
    await database.db.execute(sql`create table product_observations_test partition of product_observations
      for values from ('2020-06-01 00:00+00') to ('2020-07-01 00:00+00')`);
    await database.db
      .execute(sql`create table product_observation_days_test partition of product_observation_days
      for values from ('2020-06-01') to ('2020-07-01')`);
    const at = (h: number) => new Date(day.getTime() - 86_400_000 + h * 3_600_000);
    const base = { marketplace: 'sg', asin: 'B0ROLLUP01', currency: 'SGD', rankCategory: 'Toys & Games' };
    await database.db.insert(productObservations).values([
      {
        ...base,
        kind: 'full',
        observedAt: at(1),
        buyboxCents: 2000,
        salesRank: 900,
        newOffers: 3,
        inStock: true,
      },
      { ...base, kind: 'light', observedAt: at(2), buyboxCents: 1800, newOffers: 2, inStock: true },
      {
        ...base,
        kind: 'full',
        observedAt: at(3),
        buyboxCents: 2100,
        salesRank: 700,
        newOffers: 2,
        inStock: true,
      },
      { ...base, kind: 'full', observedAt: at(4), salesRank: 800, newOffers: 0, inStock: false },
      {
        ...base,
        kind: 'full',
        observedAt: at(5),
        buyboxCents: 2200,
        salesRank: 500,
        newOffers: 1,
        inStock: true,
      },
    ]);
    expect(await rollUpDays(database.db, new Date(day.getTime() - 86_400_000), day)).toBe(1);
    // Folding again replaces, never doubles.
    expect(await rollUpDays(database.db, new Date(day.getTime() - 86_400_000), day)).toBe(1);
    const [row] = await database.db
      .select()
      .from(productObservationDays)
      .where(eq(productObservationDays.asin, 'B0ROLLUP01'));
    expect(row).toMatchObject({
      day: '2020-06-29',
      observations: 5,
      outOfStock: 1,
      buyboxMinCents: 1800,
      buyboxMaxCents: 2200,
      buyboxLastCents: 2200,
      newOffersLast: 1,
      rankFirst: 900,
      rankLast: 500,
      rankBest: 500,
      // 900 → 700 and 800 → 500; the light check between carries no rank and breaks nothing.
      rankImprovements: 2,
    });
  });

  it('makes partitions ahead and drops whole months past their retention', async () => {
    expect(await ensurePartitions(database.db)).toBe(0); // the migration made them
    const dropped = await dropExpiredPartitions(database.db, { rawDays: 100, retentionDays: 730 });
    expect(dropped).toEqual([]);
    await database.db.execute(sql`create table product_observations_y2020m01 partition of product_observations
      for values from ('2020-01-01 00:00+00') to ('2020-02-01 00:00+00')`);
    await database.db
      .execute(sql`create table product_observation_days_y2020m01 partition of product_observation_days
      for values from ('2020-01-01') to ('2020-02-01')`);
    const gone = await dropExpiredPartitions(database.db, { rawDays: 100, retentionDays: 730 });
    expect(gone.sort()).toEqual(['product_observation_days_y2020m01', 'product_observations_y2020m01']);
    // This month's raw partition stays: its month has not ended.
    const now = new Date();
    const thisMonth = `product_observations_y${now.getUTCFullYear()}m${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const left = await database.db.execute(sql`select to_regclass(${thisMonth}) as t`);
    expect(left.rows[0]!.t).toBe(thisMonth);
  });

  it('the nightly job folds the last whole days and keeps partitions ahead', async () => {
    const yesterday = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 3_600_000);
    await database.db.insert(productObservations).values({
      marketplace: 'au',
      asin: 'B0NIGHTLY1',
      currency: 'AUD',
      kind: 'light',
      observedAt: yesterday,
      buyboxCents: 1234,
      inStock: true,
    });
    const run = historyJobs[JOB_NAMES.historyMaintenance]!;
    const result = (await run({}, { db: database.db } as JobContext)) as { rolledUp: number };
    expect(result.rolledUp).toBeGreaterThanOrEqual(1);
    const [day] = await database.db
      .select()
      .from(productObservationDays)
      .where(eq(productObservationDays.asin, 'B0NIGHTLY1'));
    expect(day).toMatchObject({
      observations: 1,
      buyboxLastCents: 1234,
      day: yesterday.toISOString().slice(0, 10),
    });
  });
});

const history = (cookie: string, path: string) => injectJson(app, 'GET', `/v1/products/${path}`, cookie);

describe('GET /v1/products/:marketplace/:asin/history', () => {
  it('answers both sellers the one history their checks made, by session or personal token', async () => {
    const fromAlice = await history(alice, `us/${ASIN}/history?days=30`);
    expect(fromAlice.statusCode, fromAlice.body).toBe(200);
    const body = fromAlice.json();
    expect(body).toMatchObject({
      marketplace: 'us',
      asin: ASIN,
      currency: 'USD',
      days: 30,
      resolution: 'hour',
    });
    // Both checks' observations, in this hour; the sandbox's generated days before them, labelled.
    const real = body.points.filter((p: { source: string }) => p.source === 'observed');
    expect(real).toHaveLength(1);
    expect(body.signals.sandbox_days).toBe(30);
    expect(body.points.slice(0, 30).every((p: { source: string }) => p.source === 'sandbox')).toBe(true);

    const fromBob = await history(bob, `us/${ASIN.toLowerCase()}/history?days=30`);
    expect(fromBob.json()).toEqual(body);

    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/api-key/create',
      headers: jsonHeaders(bob, { origin: TEST_APP_URL }),
      payload: { name: 'Script' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const byToken = await app.inject({
      method: 'GET',
      url: `/v1/products/us/${ASIN}/history?days=30`,
      headers: { authorization: `Bearer ${created.json().key}` },
    });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json()).toEqual(body);
  });

  it('refuses a stranger, and bad input with 400 naming the field', async () => {
    const anonymous = await app.inject({ method: 'GET', url: `/v1/products/us/${ASIN}/history` });
    expect(anonymous.statusCode).toBe(401);
    for (const [path, field] of [
      [`us/${ASIN}/history?days=7`, 'days'],
      [`de/${ASIN}/history`, 'marketplace'],
      ['us/NOTANASIN/history', 'asin'],
    ] as const) {
      const res = await history(alice, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.fields[0].field).toBe(field);
    }
  });

  it('reads 365 days from the roll-ups and the days not yet folded, with honest signals', async () => {
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const at = (daysAgo: number, hour: number) => new Date(today - daysAgo * 86_400_000 + hour * 3_600_000);
    // A product the sandbox does not know in AE: no generated past mixes into the signals.
    const sandbox = baselineSandbox();
    let asin = '';
    for (let i = 0; !asin; i++) {
      const id = `B0YEAR${String(i).padStart(4, '0')}`;
      if (sandbox.history!(id, 'ae', 365, today).length === 0) asin = id;
    }
    const base = { marketplace: 'ae', asin, currency: 'AED', rankCategory: 'Baby' };
    const full = { ...base, kind: 'full' as const };
    await database.db.insert(productObservations).values([
      // Folded below (older than the last three days): cheapest, then out of stock, rank 500 → 400.
      { ...full, observedAt: at(20, 1), buyboxCents: 9000, salesRank: 500, newOffers: 4, inStock: true },
      { ...full, observedAt: at(20, 5), buyboxCents: 8500, salesRank: 400, newOffers: 4, inStock: true },
      { ...full, observedAt: at(10, 2), salesRank: 900, newOffers: 0, inStock: false },
      // Not folded yet: read raw. 900 → 300 across days is one more improvement, 300 → 350 none.
      { ...full, observedAt: at(1, 3), buyboxCents: 9900, salesRank: 300, newOffers: 3, inStock: true },
      { ...full, observedAt: at(0, 0), buyboxCents: 9700, salesRank: 350, newOffers: 3, inStock: true },
    ]);
    await rollUpDays(database.db, new Date(today - 30 * 86_400_000), new Date(today - 3 * 86_400_000));
    const res = await history(alice, `ae/${asin}/history?days=365`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.resolution).toBe('day');
    const real = body.points.filter((p: { source: string }) => p.source === 'observed');
    expect(real.map((p: { at: string }) => p.at)).toEqual([
      at(20, 0).toISOString(),
      at(10, 0).toISOString(),
      at(1, 0).toISOString(),
      at(0, 0).toISOString(),
    ]);
    expect(real[0]).toMatchObject({ buybox_price: 85, sales_rank: 400, in_stock: true });
    expect(real[1]).toMatchObject({ in_stock: false, buybox_price: null });
    expect(body.signals).toMatchObject({
      lowest_price: { price: 85, at: at(20, 0).toISOString() },
      highest_price: { price: 99, at: at(1, 0).toISOString() },
      days_out_of_stock: 1,
      rank_improvements: 2,
    });
    expect(body.signals.sandbox_days).toBe(0);
  });

  it('asks the sandbox only for the days before the first observation (issue 59)', async () => {
    const sandbox = baselineSandbox();
    const provider = { history: vi.fn(sandbox.history!) };
    const now = new Date();
    const today = Math.floor(now.getTime() / 86_400_000) * 86_400_000;
    const asin = 'B0FIRSTSEEN';
    await database.db.insert(productObservations).values(
      Array.from({ length: 12 }, (_, i) => ({
        kind: 'full' as const,
        marketplace: 'us',
        asin,
        currency: 'USD',
        observedAt: new Date(today - i * 86_400_000 + 3_600_000),
        buyboxCents: 1000 + i,
        inStock: true,
      })),
    );
    const answer = await productHistory(database.db, provider, { marketplace: 'us', asin, days: 30 }, now);
    expect(provider.history).toHaveBeenCalledWith(asin, 'us', 30, today, today - 11 * 86_400_000);
    const generated = answer.points.filter((p) => p.source === 'sandbox');
    expect(generated).toHaveLength(19);
    expect(generated.at(-1)!.at).toBe(new Date(today - 12 * 86_400_000).toISOString());
  });
});
