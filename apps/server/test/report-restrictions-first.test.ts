import type { ListingRestriction, ProductSide } from '@crossmarket/domain';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { createMarketplace } from '../src/providers/marketplace';
import { call, KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { productIds, restrictionPhaseOver, sendUsToCaReport } from './helpers/reports';
import { LIMITS } from './helpers/spapi-client';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// Restrictions before offers (issue 63) on the SP-API path: a connected seller's report asks the listing
// restriction of each product in the selling country first, and spends no getItemOffersBatch on those
// the seller cannot list; another seller's report of the same products still gets their offers, and the
// quick check still looks one up on request.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let stand: SpapiStandIn;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const SELLERS: Record<string, string> = { 'Atzr|alice-na': 'A1ALICESELLER', 'Atzr|bob-na': 'A1BOBSELLER' };
/** Products Amazon has since approved Alice for (the last test). */
const approved = new Set<string>();

// Alice may not list the `BALNO…` products (Bob may); nobody may list `BNOLIST…`; `BGATED…` needs approval.
const ALICE_CANNOT = productIds(12, 'ALNO');
const NOBODY = productIds(3, 'NOLIST');
const GATED = productIds(5, 'GATED');
const FREE = productIds(30, 'FREEA');
const PRODUCTS = [...FREE.slice(0, 10), ...ALICE_CANNOT, ...GATED, ...FREE.slice(10), ...NOBODY];

type Row = {
  product_id: string;
  row_cross: ProductSide;
  row_to: ProductSide;
  restriction: (ListingRestriction & { checked_at: string }) | null;
};

async function rowsOf(name: string, id: string) {
  const res = await call(app, 'POST', '/v1/filters', cookies[name], { report_id: id, limit: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(res.json<{ data: Row[] }>().data.map((r) => [r.product_id, r]));
}

async function sendReport(name: string) {
  const id = await sendUsToCaReport(app, database.db, cookies[name]!, `${name}'s report`, PRODUCTS);
  const phase = await restrictionPhaseOver(app, cookies[name]!, id);
  expect(phase.state).toBe('done');
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  stand = await startSpapiStandIn(LIMITS, {
    sellerOf: (token) => SELLERS[token],
    notEligible: (asin, seller) =>
      seller === 'A1ALICESELLER' && asin.startsWith('BALNO') && !approved.has(asin),
  });
  const cfg = testConfig({
    MARKETPLACE_PROVIDER: 'spapi',
    SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
    SPAPI_CLIENT_SECRET: 'secret',
    SPAPI_ENDPOINT: stand.url,
    LWA_TOKEN_URL: stand.lwaUrl,
    TOKEN_ENCRYPTION_KEY: KEY_A,
  });
  testApp = await buildTestApp(database, cfg, { marketplace: createMarketplace(cfg, { db: database.db }) });
  app = testApp.app;
  const box = tokenBoxFor(cfg, pino({ level: 'silent' }));
  for (const name of ['alice', 'bob']) {
    cookies[name] = await activeUser(app, database.db, `${name}@example.com`);
    ids[name] = await userIdOf(database.db, `${name}@example.com`);
    await subscribe(app, cookies[name]!, 'S');
    const token = `Atzr|${name}-na`;
    await saveConnection(
      database.db,
      ids[name]!,
      'na',
      SELLERS[token]!,
      box.seal(token, sealContext(ids[name]!, 'na')),
    );
  }
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await stand?.close();
  await database?.destroy();
});

describe('restrictions before offers', () => {
  let aliceReport: string;

  it('asks no offers for a product the seller cannot list, and the row reads "cannot list"', async () => {
    aliceReport = await sendReport('alice');
    for (const id of [...ALICE_CANNOT, ...NOBODY]) expect(stand.offersAsked(id), id).toBe(0);
    // Those needing approval, and those free to list, are looked up as before: both sides.
    for (const id of [...GATED, ...FREE]) expect(stand.offersAsked(id), id).toBe(2);
    const rows = await rowsOf('alice', aliceReport);
    for (const id of [...ALICE_CANNOT, ...NOBODY]) {
      const row = rows.get(id)!;
      expect([row.row_cross.status, row.row_to.status], id).toEqual(['unlisted', 'unlisted']);
      // The catalogue still names it, and Amazon's reason is on the row's tag.
      expect(row.row_to.title, id).toBeTruthy();
      expect(row.restriction?.state, id).toBe('cannot_list');
      expect(row.restriction!.reasons.length, id).toBeGreaterThan(0);
    }
    for (const id of GATED) expect(rows.get(id)!.restriction?.state, id).toBe('approval_required');
    for (const id of FREE) expect(rows.get(id)!.row_to.status, id).not.toBe('unlisted');
    // Each product's restriction asked once: the phase after the lookups read the kept answers.
    expect(stand.callsOf('Atzr|alice-na', 'getListingsRestrictions')).toBe(PRODUCTS.length);
    // The offers calls carried full batches: 35 priced products a side, 20 a call.
    expect(stand.callsOf('Atzr|alice-na', 'getItemOffersBatch')).toBe(4);
    const detail = (await call(app, 'GET', `/api/reports/${aliceReport}`, cookies.alice)).json();
    expect(detail).toMatchObject({ finalized: true });
  });

  it("still gets the offers of the same products for another seller's report", async () => {
    const bobReport = await sendReport('bob');
    // Alice's catalogue-only answers were never kept for others: Bob's lookups asked Amazon for them.
    for (const id of ALICE_CANNOT) expect(stand.offersAsked(id), id).toBe(2);
    const rows = await rowsOf('bob', bobReport);
    for (const id of ALICE_CANNOT) {
      const row = rows.get(id)!;
      expect(row.row_to.status, id).not.toBe('unlisted');
      expect(row.row_cross.status, id).not.toBe('unlisted');
      expect(row.restriction?.state, id).toBe('can_list');
    }
    // Nobody may list these: Bob spends nothing on them either.
    for (const id of NOBODY) expect(stand.offersAsked(id), id).toBe(0);
  });

  it('serves a product the seller cannot list whole from a recent lookup, at no cost', async () => {
    const again = await sendReport('alice');
    const rows = await rowsOf('alice', again);
    // Bob's answers are in the shared cache now: Alice's report shows them, with her "cannot list".
    for (const id of ALICE_CANNOT) {
      expect(stand.offersAsked(id), id).toBe(2);
      expect(rows.get(id)!.row_to.status, id).not.toBe('unlisted');
      expect(rows.get(id)!.restriction?.state, id).toBe('cannot_list');
    }
  });

  it('still looks a product the seller cannot list up on request (the quick check)', async () => {
    const id = ALICE_CANNOT[0]!;
    const before = stand.offersAsked(id);
    const res = await call(app, 'POST', '/v1/lookup', cookies.alice, {
      product_id: id,
      from_country: 'us',
      to_country: 'ca',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(stand.offersAsked(id)).toBe(before + 2);
    expect(res.json<{ row: Row }>().row.row_to.status).not.toBe('unlisted');
  });

  it('asks again a "cannot list" kept longer than 24 hours: a seller approved meanwhile gets offers', async () => {
    // Amazon has approved Alice for all of them since; half her answers are 25 hours old, half 23.
    for (const id of ALICE_CANNOT) approved.add(id);
    const older = ALICE_CANNOT.slice(0, 6);
    const recent = ALICE_CANNOT.slice(6);
    const age = (asins: string[], hours: number) =>
      database.db.execute(sql`
        update listing_restrictions set checked_at = now() - make_interval(hours => ${hours})
         where user_id = ${ids.alice!} and asin = any(${sql.param(asins)}::text[])`);
    await age(older, 25);
    await age(recent, 23);
    const asked = stand.callsOf('Atzr|alice-na', 'getListingsRestrictions');
    const rows = await rowsOf('alice', await sendReport('alice'));
    // Only the answers past 24 hours were asked again; every other kept answer served.
    expect(stand.callsOf('Atzr|alice-na', 'getListingsRestrictions') - asked).toBe(older.length);
    for (const id of older) {
      expect(rows.get(id)!.restriction?.state, id).toBe('can_list');
      expect(rows.get(id)!.row_to.status, id).not.toBe('unlisted');
    }
    // A "cannot list" younger than 24 hours still stands until "Check again" (or the next day); the
    // rows themselves come whole from Bob's recent lookups, as in the third test.
    for (const id of recent) expect(rows.get(id)!.restriction?.state, id).toBe('cannot_list');
  });
});
