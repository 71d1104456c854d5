import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { amazonConnections, mailOutbox, reports } from '../src/db/schema';
import { createLookupAccounts, tokenBoxFor } from '../src/features/amazon';
import { pgBossQueue } from '../src/jobs/queue';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { createMarketplace } from '../src/providers/marketplace';
import { call, KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser, waitForMail } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { productIds, waitForReport } from './helpers/reports';
import { LIMITS } from './helpers/spapi-client';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// Lookups under each seller's own Amazon authorisation: whose allowance pays, the 409 before anything is
// spent, a revoked authorisation noticed mid-report, and the shared lookup cache.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let stand: SpapiStandIn;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

const SHARED_EU = 'Atzr|shared-eu';
const config = (url: string, lwaUrl: string) =>
  testConfig({
    MARKETPLACE_PROVIDER: 'spapi',
    SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
    SPAPI_CLIENT_SECRET: 'secret',
    // Europe has the operator's shared authorisation; North America only sellers' own.
    SPAPI_REFRESH_TOKEN_EU: SHARED_EU,
    SPAPI_ENDPOINT: url,
    LWA_TOKEN_URL: lwaUrl,
    TOKEN_ENCRYPTION_KEY: KEY_A,
  });
const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), pino({ level: 'silent' }));

/** The seller's authorisation for North America, as a completed consent stores it. */
async function connectNa(name: string, refreshToken: string) {
  await saveConnection(
    database.db,
    ids[name]!,
    'na',
    `A1${name.toUpperCase()}SELLER`,
    box.seal(refreshToken, sealContext(ids[name]!, 'na')),
  );
}

const send = (name: string, body: { from_country: string; to_country: string; product_ids: string }) =>
  call(app, 'POST', '/api/reports', cookies[name], { title: `${name}'s report`, source: 'manual', ...body });

async function sendAndFinish(name: string, from: string, to: string, products: string[]) {
  const res = await send(name, { from_country: from, to_country: to, product_ids: products.join('\n') });
  expect(res.statusCode, res.body).toBe(201);
  return waitForReport(database.db, res.json<{ report_id: string }>().report_id, 120_000);
}

const usedToday = async (name: string) =>
  (await call(app, 'GET', '/api/usage', cookies[name])).json<{ r_count: number }>().r_count;

beforeAll(async () => {
  database = await createTestDatabase();
  stand = await startSpapiStandIn(LIMITS);
  const cfg = config(stand.url, stand.lwaUrl);
  testApp = await buildTestApp(database, cfg, {
    marketplace: createMarketplace(cfg, { db: database.db }),
  });
  app = testApp.app;
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) {
    cookies[name] = await activeUser(app, database.db, `${name}@example.com`);
    ids[name] = await userIdOf(database.db, `${name}@example.com`);
    await subscribe(app, cookies[name]!, 'S');
  }
  await connectNa('alice', 'Atzr|alice-na');
  await connectNa('bob', 'Atzr|bob-na');
});
afterAll(async () => {
  await testApp.close();
  await stand.close();
  await database.destroy();
});

describe('whose authorisation a report needs', () => {
  it('answers 409 naming the region before any credit is spent', async () => {
    const res = await send('carol', { from_country: 'us', to_country: 'ca', product_ids: 'B000000001' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'amazon_not_connected',
      key: 'apiErrors.amazonNotConnected',
      params: { region: 'North America' },
      region: 'na',
    });
    expect(await usedToday('carol')).toBe(0);
    const rows = await database.db.select().from(reports).where(eq(reports.userId, ids.carol!));
    expect(rows).toEqual([]);
  });

  it('refuses an inventory update there the same way, before its allowance is counted', async () => {
    const created = await call(app, 'POST', '/api/inventories', cookies.carol, BODY);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    for (let i = 0; i < 2; i++) {
      const res = await call(app, 'POST', `/api/inventories/${id}/update`, cookies.carol);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'amazon_not_connected',
        key: 'apiErrors.amazonNotConnectedUpdate',
        region: 'na',
      });
    }
    // Another user's inventory stays theirs: 404, not a word about Amazon.
    expect((await call(app, 'POST', `/api/inventories/${id}/update`, cookies.alice)).statusCode).toBe(404);
  });

  it('lists which regions the deployment needs connected', async () => {
    const list = (await call(app, 'GET', '/api/amazon/connections', cookies.carol)).json<
      { region: string; required: boolean }[]
    >();
    expect(list.map((r) => [r.region, r.required])).toEqual([
      ['na', true],
      ['eu', false],
      ['fe', true],
    ]);
  });

  it("uses the seller's own where connected and the shared one elsewhere", async () => {
    const products = productIds(20, 'MIX');
    const report = await sendAndFinish('alice', 'us', 'uk', products);
    expect(report.finalized).toBe(true);
    const detail = (await call(app, 'GET', `/api/reports/${report.id}`, cookies.alice)).json();
    expect(detail.amazon_accounts).toEqual({ from: 'own', to: 'shared' });
    expect(stand.callsOf('Atzr|alice-na', 'getItemOffersBatch')).toBeGreaterThan(0);
    expect(stand.callsOf(SHARED_EU, 'getItemOffersBatch')).toBeGreaterThan(0);
  });
});

describe("each seller's own allowance", () => {
  it("looks each seller's products up under their own authorisation only", async () => {
    const before = {
      alice: stand.callsOf('Atzr|alice-na', 'getItemOffersBatch'),
      bob: stand.callsOf('Atzr|bob-na', 'getItemOffersBatch'),
    };
    const [a, b] = await Promise.all([
      sendAndFinish('alice', 'us', 'ca', productIds(40, 'OWNA')),
      sendAndFinish('bob', 'us', 'ca', productIds(40, 'OWNB')),
    ]);
    expect([a.finalized, b.finalized]).toEqual([true, true]);
    // 40 products in two marketplaces, 20 a call: at least 4 offers calls each, none on the other's token.
    expect(stand.callsOf('Atzr|alice-na', 'getItemOffersBatch') - before.alice).toBeGreaterThanOrEqual(4);
    expect(stand.callsOf('Atzr|bob-na', 'getItemOffersBatch') - before.bob).toBeGreaterThanOrEqual(4);
    for (const id of productIds(40, 'OWNA')) expect(stand.offersAsked(id)).toBe(2);
  });
});

describe('the lookup cache', () => {
  it("serves another seller's recent lookups without asking Amazon again, and never tells the seller", async () => {
    const shared = productIds(20, 'CACHE');
    const own = productIds(20, 'BOBONLY');
    await sendAndFinish('alice', 'us', 'ca', shared);
    const bobCalls = stand.callsOf('Atzr|bob-na', 'getItemOffersBatch');
    const report = await sendAndFinish('bob', 'us', 'ca', [...shared, ...own]);
    expect(report.cachedCount).toBe(20);
    // Bob's calls were for his own 20 only: one batch per marketplace (plus retries of none).
    expect(stand.callsOf('Atzr|bob-na', 'getItemOffersBatch') - bobCalls).toBe(2);
    for (const id of shared) expect(stand.offersAsked(id)).toBe(2);
    // Kept for operators and the bench, never told to the seller: it says someone else looked these up.
    const list = (await call(app, 'GET', '/api/reports', cookies.bob)).json<{ id: string }[]>();
    const listed = list.find((r) => r.id === report.id)!;
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('cached_count');
    const detail = (await call(app, 'GET', `/api/reports/${report.id}`, cookies.bob)).json();
    expect(detail).not.toHaveProperty('cached_count');
  });
});

describe('a quick check', () => {
  it("asks Amazon even when another seller's recent lookup could answer, so its speed tells nothing", async () => {
    const [id] = productIds(1, 'QUICKC');
    await sendAndFinish('alice', 'us', 'ca', [id!]);
    expect(stand.offersAsked(id!)).toBe(2);
    const res = await call(app, 'POST', '/v1/lookup', cookies.bob, {
      product_id: id,
      from_country: 'us',
      to_country: 'ca',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Both sides asked again under Bob's own authorisation, not served from Alice's answers.
    expect(stand.offersAsked(id!)).toBe(4);
  });
});

describe('an authorisation Amazon revokes', () => {
  it('leaves a consent given since alone: only the refused token is marked revoked', async () => {
    await connectNa('erin', 'Atzr|erin-old');
    const accounts = createLookupAccounts({
      db: database.db,
      queue: pgBossQueue(testApp.worker!.boss),
      config: config(stand.url, stand.lwaUrl),
      logger: pino({ level: 'silent' }),
    });
    // The seller reconnected while a report still held the old token, which Amazon now refuses.
    await connectNa('erin', 'Atzr|erin-new');
    await accounts.revoked(ids.erin!, 'us', {
      sellingPartnerId: 'A1ERINSELLER',
      refreshToken: 'Atzr|erin-old',
    });
    const statusOf = async () =>
      (
        await database.db
          .select({ status: amazonConnections.status })
          .from(amazonConnections)
          .where(eq(amazonConnections.userId, ids.erin!))
      )[0]?.status;
    expect(await statusOf()).toBe('connected');
    expect((await accounts.forUser(ids.erin!, 'ca'))?.account.own?.refreshToken).toBe('Atzr|erin-new');
    await accounts.revoked(ids.erin!, 'ca', {
      sellingPartnerId: 'A1ERINSELLER',
      refreshToken: 'Atzr|erin-new',
    });
    expect(await statusOf()).toBe('revoked');
  });

  it('is marked revoked and mailed once; a report nothing else serves stops with the reason', async () => {
    await connectNa('dave', 'Atzr|dave-na');
    stand.revoke('Atzr|dave-na');
    const report = await sendAndFinish('dave', 'us', 'ca', productIds(20, 'REVOKED'));
    expect(report.doneSize).toBe(-1);
    expect(report.failure).toMatch(/No Amazon authorisation serves lookups in (US|CA)/);
    const [row] = await database.db
      .select({ status: amazonConnections.status })
      .from(amazonConnections)
      .where(eq(amazonConnections.userId, ids.dave!));
    expect(row?.status).toBe('revoked');
    await waitForMail(database.db, 'dave@example.com', /disconnected/);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dave@example.com'));
    expect(mails.filter((m) => /disconnected/.test(m.subject))).toHaveLength(1);
    // The tab says so, and a new report there is refused before anything is spent.
    const list = (await call(app, 'GET', '/api/amazon/connections', cookies.dave)).json<
      { status: string }[]
    >();
    expect(list[0]?.status).toBe('revoked');
    const again = await send('dave', { from_country: 'us', to_country: 'ca', product_ids: 'B000000002' });
    expect(again.statusCode).toBe(409);
  });
});
