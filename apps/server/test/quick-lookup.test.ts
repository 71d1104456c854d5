import { effectiveSettings, FIXED_RATES, priceProduct, type LookupResult } from '@crossmarket/domain';
import { makeSettings } from '@crossmarket/domain/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { quickLookups } from '../src/db/schema';
import { quickLookup } from '../src/features/lookup/quick-lookup';
import { LOOKUP_RATE_LIMIT } from '../src/features/lookup/routes';
import { baselineSandbox } from './helpers/sandbox';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { seedReport, userIdOf } from './helpers/analysis';
import { laneCtx, withParcel } from './helpers/lanes';
import { defaults as reportDefaults, rowsForTest } from './helpers/analysis-setting';
import { buildTestApp, TEST_APP_URL, type TestApp } from './helpers/app';
import { activeUser, injectJson, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY, UNKNOWN_ID } from './helpers/inventories';

// POST /v1/lookup, the browser extension's quick check: one product looked up now on both sides, priced
// with the defaults or one of the caller's inventories' settings, for exactly one credit of the daily
// quota (given back when Amazon does not answer), by session or personal API token.

/** A product the stand-in marketplace fails on, as Amazon does during an outage. */
const FAILING = 'B0FAILFAIL';
const sandbox = baselineSandbox();
const marketplace: MarketplaceProvider = {
  ...sandbox,
  async lookup(ids, region, options) {
    if (ids.includes(FAILING)) throw new Error('Amazon is down');
    return sandbox.lookup(ids, region, options);
  },
};

let database: TestDatabase;
let testApp: TestApp;
let alice: string;
let bob: string;
let aliceId: string;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, {}, { marketplace });
  const { app, db } = { app: testApp.app, db: database.db };
  [alice, bob] = await Promise.all([
    activeUser(app, db, 'alice@example.com'),
    activeUser(app, db, 'bob@example.com'),
  ]);
  await Promise.all([subscribe(app, alice, 'S'), subscribe(app, bob, 'S')]);
  aliceId = await userIdOf(db, 'alice@example.com');
  const created = await app.inject({
    method: 'POST',
    url: '/api/auth/api-key/create',
    headers: jsonHeaders(alice, { origin: TEST_APP_URL }),
    payload: { name: 'Browser extension' },
  });
  expect(created.statusCode, created.body).toBe(200);
  token = created.json().key;
}, 120_000);
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const CHECK = { product_id: 'B0C1XAMPLE', from_country: 'us', to_country: 'ca' };
/** What a check without an inventory or a report is priced with. */
const defaults = effectiveSettings({
  settings: null,
  from_country: 'us',
  to_country: 'ca',
  parity_rates: FIXED_RATES,
});
const lookup = (cookie: string, body: object) => injectJson(testApp.app, 'POST', '/v1/lookup', cookie, body);
const withToken = (body: object, key = token) =>
  testApp.app.inject({
    method: 'POST',
    url: '/v1/lookup',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    payload: body,
  });
/** The user's quick-check rows: one per credit spent. */
const checksOf = (userId: string) => database.db.$count(quickLookups, eq(quickLookups.userId, userId));
const usedToday = async (cookie: string) =>
  (await injectJson(testApp.app, 'GET', '/api/usage', cookie)).json() as { r_count: number };

describe('a quick check', () => {
  it('answers a report row priced with the defaults and spends one credit', async () => {
    const before = (await usedToday(alice)).r_count;
    const res = await lookup(alice, CHECK);
    expect(res.statusCode, res.body).toBe(200);
    const body: LookupResult = res.json();
    expect(body).toMatchObject({ from_country: 'us', to_country: 'ca', inventory_id: null });
    expect(body.row.product_id).toBe('B0C1XAMPLE');
    // Priced on the lane in force: Alice saved none, so the default landed lane (issue 45).
    expect(body.row.fbm).toEqual(
      priceProduct({ ...withParcel(body.row), individual: null }, defaults, laneCtx('us', 'ca', defaults)),
    );
    expect((await usedToday(alice)).r_count).toBe(before + 1);
    expect(body.remaining).toBe(1000 - before - 1);
  });

  it("prices on the seller's saved lane: a simple lane gives the specification's figures", async () => {
    const put = (payload: object) =>
      testApp.app.inject({ method: 'PUT', url: '/api/lanes/us/ca', headers: jsonHeaders(alice), payload });
    expect((await put({ mode: 'simple' })).statusCode).toBe(200);
    try {
      const res = await lookup(alice, { ...CHECK, product_id: 'B0C9XAMPLE' });
      expect(res.statusCode, res.body).toBe(200);
      const body: LookupResult = res.json();
      const simple = priceProduct({ ...body.row, individual: null }, defaults, { toRegion: 'ca' });
      expect(body.row.fbm).toEqual(simple);
      // And the landed default would have priced it otherwise, so the lane really was read.
      const landed = priceProduct(
        { ...withParcel(body.row), individual: null },
        defaults,
        laneCtx('us', 'ca', defaults),
      );
      expect(landed.profit_amount).not.toEqual(simple.profit_amount);
    } finally {
      expect((await put({})).statusCode).toBe(200);
    }
  });

  it('works with a personal API token, which still may not call session-only routes (403)', async () => {
    const res = await withToken({ ...CHECK, product_id: 'b0c2xample' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().row.product_id).toBe('B0C2XAMPLE');
    const inventories = await testApp.app.inject({
      method: 'GET',
      url: '/api/inventories',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(inventories.statusCode, 'the extension lists inventories').toBe(200);
    for (const url of ['/api/me', '/api/filter-sets', `/api/inventories/${UNKNOWN_ID}`]) {
      const refused = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('token_not_allowed');
    }
    const stranger = await withToken(CHECK, 'cm_' + 'x'.repeat(64));
    expect(stranger.statusCode).toBe(401);
  });

  it("prices with the caller's inventory; another user's inventory is 404, other countries 400", async () => {
    const created = await injectJson(testApp.app, 'POST', '/api/inventories', alice, BODY);
    expect(created.statusCode, created.body).toBe(201);
    const inventory = created.json();
    const own = await lookup(alice, { ...CHECK, inventory_id: inventory.id });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().inventory_id).toBe(inventory.id);

    const spent = await checksOf(aliceId);
    const theirs = await lookup(bob, { ...CHECK, inventory_id: inventory.id });
    expect(theirs.statusCode).toBe(404);
    expect((await lookup(alice, { ...CHECK, inventory_id: UNKNOWN_ID })).statusCode).toBe(404);
    const otherCountries = await lookup(alice, { ...CHECK, to_country: 'mx', inventory_id: inventory.id });
    expect(otherCountries.statusCode).toBe(400);
    expect(otherCountries.json().error.fields[0]).toMatchObject({
      field: 'inventory_id',
      key: 'validation.lookup.inventoryCountries',
    });
    expect(await checksOf(aliceId)).toBe(spent);
  });

  it("prices a report's row with that report's settings and lane; refuses strangers and mismatches", async () => {
    const saved = makeSettings({ parity: 2.1 });
    const rows = rowsForTest().slice(0, 2);
    // A report from before lanes (no lane snapshot: the specification's formula) with its own settings.
    const report = await seedReport(database.db, aliceId, rows, { settings: saved, pricedWith: saved });
    const res = await lookup(alice, { ...CHECK, product_id: 'B0C7XAMPLE', report_id: report.id });
    expect(res.statusCode, res.body).toBe(200);
    const body: LookupResult = res.json();
    const pricing = effectiveSettings({
      settings: saved,
      from_country: 'us',
      to_country: 'ca',
      parity_rates: FIXED_RATES,
    });
    expect(body.row.fbm).toEqual(
      priceProduct({ ...body.row, individual: null }, pricing, { toRegion: 'ca' }),
    );
    // The defaults on Alice's lane today would have priced it otherwise.
    const byDefault = priceProduct(
      { ...withParcel(body.row), individual: null },
      defaults,
      laneCtx('us', 'ca', defaults),
    );
    expect(byDefault.cost_in_tc).not.toEqual(body.row.fbm!.cost_in_tc);

    const spent = await checksOf(aliceId);
    const theirs = await lookup(bob, { ...CHECK, report_id: report.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('B0000000');
    expect((await lookup(alice, { ...CHECK, report_id: UNKNOWN_ID })).statusCode).toBe(404);
    const elsewhere = await lookup(alice, { ...CHECK, to_country: 'mx', report_id: report.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields[0]).toMatchObject({
      field: 'report_id',
      key: 'validation.lookup.reportCountries',
    });
    const both = await lookup(alice, { ...CHECK, report_id: report.id, inventory_id: UNKNOWN_ID });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields[0]).toMatchObject({
      field: 'report_id',
      key: 'validation.lookup.oneSettings',
    });
    expect(await checksOf(aliceId)).toBe(spent);
  });

  it('gives the credit back when Amazon does not answer (503)', async () => {
    const spent = await checksOf(aliceId);
    const res = await lookup(alice, { ...CHECK, product_id: FAILING });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('lookup_failed');
    expect(await checksOf(aliceId)).toBe(spent);
  });
});

describe('adding a checked product to an inventory', () => {
  const add = (inventoryId: string, lookupId: string, headers: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url: `/v1/inventories/${inventoryId}/products`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: { lookup_id: lookupId },
    });
  const byToken = () => ({ authorization: `Bearer ${token}` });

  it('adds it once, priced with the inventory, by token; refuses strangers and other countries', async () => {
    const mine = (await injectJson(testApp.app, 'POST', '/api/inventories', alice, BODY)).json();
    const other = (
      await injectJson(testApp.app, 'POST', '/api/inventories', alice, { ...BODY, to_country: 'mx' })
    ).json();
    const bobs = (await injectJson(testApp.app, 'POST', '/api/inventories', bob, BODY)).json();
    const checked: LookupResult = (await withToken({ ...CHECK, inventory_id: mine.id })).json();

    const first = await add(mine.id, checked.lookup_id, byToken());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ added: 1, skipped: 0 });
    const products = (
      await injectJson(testApp.app, 'GET', `/api/inventories/${mine.id}/products`, alice)
    ).json();
    // The check priced it with the inventory's settings: the same price, landed cost and profit.
    expect(products.products[0]).toMatchObject({
      code: 'B0C1XAMPLE',
      std_price: checked.row.fbm.std_price,
      cost_in_tc: checked.row.fbm.cost_in_tc,
      std_profit: checked.row.fbm.profit_amount.custom.std,
    });
    // Dated with the check it came from, so the table does not call its offers "of unknown age".
    const [made] = await database.db
      .select({ at: quickLookups.createdAt })
      .from(quickLookups)
      .where(eq(quickLookups.id, checked.lookup_id));
    expect(products.products[0].full_lookup_at).toBe(made!.at.toISOString());
    expect((await add(mine.id, checked.lookup_id, byToken())).json()).toMatchObject({ added: 0, skipped: 1 });

    const countries = await add(other.id, checked.lookup_id, byToken());
    expect(countries.statusCode).toBe(400);
    expect(countries.json().error.fields[0].field).toBe('lookup_id');
    // Bob can neither use Alice's check nor reach her inventory.
    expect((await add(bobs.id, checked.lookup_id, { cookie: bob })).statusCode).toBe(400);
    expect((await add(mine.id, checked.lookup_id, { cookie: bob })).statusCode).toBe(404);
    expect((await add('not-a-uuid', checked.lookup_id, byToken())).statusCode).toBe(404);
  });
});

describe('in your reports', () => {
  it("answers the product's row of the newest report that has it, only the owner's, free", async () => {
    const rows = rowsForTest().slice(0, 3);
    const older = await seedReport(database.db, aliceId, rows, { pricedWith: reportDefaults });
    const newer = await seedReport(database.db, aliceId, rows.slice(0, 1), { pricedWith: reportDefaults });
    const used = (await usedToday(alice)).r_count;
    const latest = (pid: string, headers: Record<string, string>) =>
      testApp.app.inject({ method: 'GET', url: `/v1/products/${pid}/latest`, headers });

    const first = await latest(rows[0]!.product_id, { authorization: `Bearer ${token}` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().latest).toMatchObject({ report_id: newer.id, row: { fbm: newer.rows[0]!.fbm } });
    expect((await latest(rows[1]!.product_id, { cookie: alice })).json().latest.report_id).toBe(older.id);
    expect((await latest(rows[0]!.product_id, { cookie: bob })).json()).toEqual({ latest: null });
    expect((await latest('nonsense', { cookie: alice })).statusCode).toBe(404);
    expect((await usedToday(alice)).r_count).toBe(used);
  });
});

describe('bad input (400 naming the field, nothing spent)', () => {
  it.each([
    [{ ...CHECK, product_id: 'not-an-asin' }, 'product_id', 'validation.lookup.productId'],
    [{ from_country: 'us', to_country: 'ca' }, 'product_id', 'validation.lookup.productId'],
    [{ ...CHECK, from_country: 'ca' }, 'from_country', 'validation.report.country'],
    [{ ...CHECK, to_country: 'xx' }, 'to_country', 'validation.report.country'],
    [{ ...CHECK, to_country: 'us' }, 'to_country', 'validation.report.sameCountries'],
    [{ ...CHECK, inventory_id: 'nope' }, 'inventory_id', 'validation.lookup.inventoryId'],
  ])('%j → %s', async (body, field, key) => {
    const spent = await checksOf(aliceId);
    const res = await lookup(alice, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toContainEqual(expect.objectContaining({ field, key }));
    expect(await checksOf(aliceId)).toBe(spent);
  });

  it('refuses a stranger before reading the body (401)', async () => {
    expect((await injectJson(testApp.app, 'POST', '/v1/lookup', undefined, { nonsense: 1 })).statusCode).toBe(
      401,
    );
  });
});

describe('the rate limit', () => {
  it('answers 429 past 20 checks a minute per user, before reading the body', async () => {
    const carol = await activeUser(testApp.app, database.db, 'carol@example.com');
    await subscribe(testApp.app, carol, 'S');
    for (let i = 0; i < LOOKUP_RATE_LIMIT.max; i++) expect((await lookup(carol, {})).statusCode).toBe(400);
    const refused = await lookup(carol, CHECK);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
    // Another user's checks are their own.
    expect((await lookup(bob, { ...CHECK, product_id: 'nope' })).statusCode).toBe(400);
  });
});

describe('the quota', () => {
  it('spends exactly one credit per check under concurrency, and refuses the rest (429)', async () => {
    const bobId = await userIdOf(database.db, 'bob@example.com');
    // Bob has used all but 3 of his 1000 products today.
    await database.db.execute(sql`
      insert into quick_lookups (user_id, product_id, from_country, to_country)
      select ${bobId}, 'B0C1XAMPLE', 'us', 'ca' from generate_series(1, 997)`);
    // 5 calls at once: 2 run, 3 wait for a place (routes.ts), all reach the quota check.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => lookup(bob, { ...CHECK, product_id: `B0C${i}XAMPLE` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json().error).toMatchObject({ code: 'quota_used_up', remaining: 0 });
    }
    const spent = await database.db
      .select({ id: quickLookups.id })
      .from(quickLookups)
      .where(and(eq(quickLookups.userId, bobId), sql`${quickLookups.rowTo} is not null`));
    expect(spent).toHaveLength(3);
    expect(await checksOf(bobId)).toBe(1000);
    expect((await usedToday(bob)).r_count).toBe(1000);
    // The report form sees the same quota: nothing is left for a report either.
    const report = await injectJson(testApp.app, 'POST', '/api/reports', bob, {
      title: 'x',
      from_country: 'us',
      to_country: 'ca',
      product_ids: 'B0C9XAMPLE',
    });
    expect(report.statusCode).toBe(400);
  });

  it('holds under calls that reach the database at the same moment (no in-process queue)', async () => {
    await database.db.delete(quickLookups).where(eq(quickLookups.userId, aliceId));
    const used = (await usedToday(alice)).r_count;
    await database.db.execute(sql`
      insert into quick_lookups (user_id, product_id, from_country, to_country)
      select ${aliceId}, 'B0C1XAMPLE', 'us', 'ca' from generate_series(1, ${1000 - used - 4})`);
    const deps = {
      db: database.db,
      marketplace,
      rates: async () => ({ asOf: '2026-01-01', rates: FIXED_RATES }),
      authorisation: { needed: false, shared: new Set<never>() },
      logger: pino({ level: 'silent' }),
    };
    const body = { product_id: 'B0C1XAMPLE', from_country: 'us', to_country: 'ca' } as const;
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, () => quickLookup(deps, aliceId, body)),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(4);
    expect((await usedToday(alice)).r_count).toBe(1000);
  });
});
