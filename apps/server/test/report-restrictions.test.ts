import { encodeFilters, type ListingRestriction } from '@crossmarket/domain';
import { makeSettings } from '@crossmarket/domain/testing';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { reports } from '../src/db/schema';
import { createLookupAccounts, tokenBoxFor } from '../src/features/amazon';
import { checkReportRestrictions } from '../src/features/restrictions/report-phase';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { baselineSandbox } from './helpers/sandbox';
import { call, KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { productIds, restrictionPhaseOver, sendUsToCaReport } from './helpers/reports';
import { sql } from 'drizzle-orm';

// The listing restriction phase after a report's lookups (sandbox marketplace, real worker and queue):
// answers under the owner's own authorisation, kept for the next report, the filter, the export, "Check
// again", and a seller without an authorisation, who sees the "connect" state and nothing fails.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const sandbox = baselineSandbox();
/** ASINs the marketplace was asked about, in order (the phase's, "Check again"'s). */
const asked: string[] = [];
const counting: MarketplaceProvider = {
  ...sandbox,
  listingRestrictions: (asins, region, account) => {
    asked.push(...asins);
    return sandbox.listingRestrictions!(asins, region, account);
  },
};
const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), pino({ level: 'silent' }));
const PRODUCTS = productIds(120, 'LR');

async function connectNa(name: string) {
  const sealed = box.seal(`Atzr|${name}`, sealContext(ids[name]!, 'na'));
  await saveConnection(database.db, ids[name]!, 'na', `A1${name.toUpperCase()}`, sealed);
}

const sendReport = (name: string, products = PRODUCTS) =>
  sendUsToCaReport(app, database.db, cookies[name]!, `${name}'s report`, products);

/** Waits until the report's restriction phase is no longer waiting or checking; answers the summary. */
const phaseOver = (name: string, id: string) => restrictionPhaseOver(app, cookies[name]!, id);

type Row = {
  product_id: string;
  row_to: { status: string };
  restriction: (ListingRestriction & { checked_at: string }) | null;
};

async function rowsOf(name: string, id: string, filters = '') {
  const rows: Row[] = [];
  for (let skip = 0; ; skip += 100) {
    const res = await call(app, 'POST', '/v1/filters', cookies[name], {
      report_id: id,
      filters,
      limit: 100,
      skip,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: Row[] }>().data;
    rows.push(...page);
    if (page.length < 100) return rows;
  }
}

const restrictionFilter = (states: string[]) =>
  encodeFilters([{ id: 'to_listing_restrictions', value: states }]);

let expected: Map<string, ListingRestriction>;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { TOKEN_ENCRYPTION_KEY: KEY_A }, { marketplace: counting });
  app = testApp.app;
  for (const name of ['alice', 'bob']) {
    cookies[name] = await activeUser(app, database.db, `${name}@example.com`);
    ids[name] = await userIdOf(database.db, `${name}@example.com`);
    await subscribe(app, cookies[name]!, 'S');
  }
  await connectNa('alice');
  const own = { own: { sellingPartnerId: 'A1ALICE', refreshToken: 'x' } };
  const answers = await sandbox.listingRestrictions!(PRODUCTS, 'ca', own);
  expected = new Map(PRODUCTS.map((p, i) => [p, answers[i]!]));
}, 120_000);
afterAll(() => testApp?.close());

describe('the restriction phase of a report', () => {
  let reportId: string;

  it("checks every product found in the selling country under the owner's authorisation", async () => {
    reportId = await sendReport('alice');
    const phase = await phaseOver('alice', reportId);
    const rows = await rowsOf('alice', reportId);
    const found = rows.filter((r) => r.row_to.status !== 'dog' && r.row_to.status !== 'noanswer');
    expect(phase).toEqual({ state: 'done', total: found.length, checked: found.length });
    expect(found.length).toBeGreaterThan(0);
    for (const row of rows) {
      if (!found.includes(row)) {
        expect(row.restriction, row.product_id).toBeNull();
        continue;
      }
      const { checked_at, ...answer } = row.restriction!;
      expect(answer, row.product_id).toEqual(expected.get(row.product_id));
      expect(Date.parse(checked_at)).not.toBeNaN();
    }
    const states = new Set(found.map((r) => r.restriction!.state));
    expect(states).toEqual(new Set(['can_list', 'approval_required', 'cannot_list']));
    expect(asked.sort()).toEqual(found.map((r) => r.product_id).sort());
  });

  it('narrows to a state, and "not checked" finds the products the phase did not ask about', async () => {
    const all = await rowsOf('alice', reportId);
    for (const state of ['can_list', 'approval_required', 'cannot_list'] as const) {
      const rows = await rowsOf('alice', reportId, restrictionFilter([state]));
      expect(rows.map((r) => r.product_id).sort()).toEqual(
        all
          .filter((r) => r.restriction?.state === state)
          .map((r) => r.product_id)
          .sort(),
      );
    }
    const unchecked = await rowsOf('alice', reportId, restrictionFilter(['not_checked']));
    expect(unchecked.map((r) => r.product_id).sort()).toEqual(
      all
        .filter((r) => r.restriction === null)
        .map((r) => r.product_id)
        .sort(),
    );
  });

  it("names each product's state in the export rows", async () => {
    await database.db.update(reports).set({ settings: makeSettings() }).where(eq(reports.id, reportId));
    const res = await call(app, 'POST', '/v1/exports', cookies.alice, {
      report_id: reportId,
      export_type: 'fbm',
      product_ids: 'all',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf('alice', reportId);
    const byId = new Map(rows.map((r) => [r.product_id, r.restriction?.state ?? null]));
    for (const row of res.json<{ data: { product_id: string; restriction: string | null }[] }>().data) {
      expect(row.restriction, row.product_id).toBe(byId.get(row.product_id));
    }
  });

  it("uses the kept answers for the owner's next report, without asking Amazon again", async () => {
    const before = asked.length;
    const next = await sendReport('alice');
    const phase = await phaseOver('alice', next);
    expect(phase.state).toBe('done');
    expect(phase.checked).toBe(phase.total);
    expect(asked.length).toBe(before);
  });

  it('"Check again" asks Amazon at once and writes the answer into the report', async () => {
    const rows = await rowsOf('alice', reportId);
    const row = rows.find((r) => r.restriction?.state === 'approval_required')!;
    const before = asked.length;
    const res = await call(
      app,
      'POST',
      `/v1/reports/${reportId}/products/${row.product_id}/restriction`,
      cookies.alice,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ product_id: string; restriction: Row['restriction'] }>();
    expect(asked.slice(before)).toEqual([row.product_id]);
    expect(body.restriction!.state).toBe('approval_required');
    expect(body.restriction!.approval_url).toMatch(/^https:\/\/sellercentral\.amazon\.ca\//);
    expect(Date.parse(body.restriction!.checked_at)).toBeGreaterThanOrEqual(
      Date.parse(row.restriction!.checked_at),
    );
    const again = (await rowsOf('alice', reportId)).find((r) => r.product_id === row.product_id)!;
    expect(again.restriction).toEqual(body.restriction);
  });

  it('is held by one run at a time: a second run at once finds it busy, and the count stays exact', async () => {
    await database.db.execute(
      sql`delete from report_product_restrictions where report_id = ${reportId}::uuid`,
    );
    await database.db
      .update(reports)
      .set({ restrictionsState: 'waiting', restrictionsChecked: 0 })
      .where(eq(reports.id, reportId));
    const silent = pino({ level: 'silent' });
    const cfg = testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A });
    const accounts = createLookupAccounts({
      db: database.db,
      queue: { send: async () => null, retry: async () => false },
      config: cfg,
      logger: silent,
    });
    const deps = { db: database.db, marketplace: counting, accounts, logger: silent };
    const outcomes = await Promise.all([
      checkReportRestrictions(deps, reportId),
      checkReportRestrictions(deps, reportId),
    ]);
    expect(outcomes.sort()).toEqual(['busy', 'done']);
    const phase = await phaseOver('alice', reportId);
    expect(phase.state).toBe('done');
    expect(phase.checked).toBe(phase.total);
  });

  it('stops at the next round when the seller replaces the authorisation; a re-sealing goes on', async () => {
    const silent = pino({ level: 'silent' });
    const accounts = createLookupAccounts({
      db: database.db,
      queue: { send: async () => null, retry: async () => false },
      config: testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }),
      logger: silent,
    });
    const restart = async () => {
      await database.db.execute(
        sql`delete from report_product_restrictions where report_id = ${reportId}::uuid`,
      );
      await database.db.execute(sql`delete from listing_restrictions where user_id = ${ids.alice!}`);
      await database.db
        .update(reports)
        .set({ restrictionsState: 'waiting', restrictionsChecked: 0 })
        .where(eq(reports.id, reportId));
    };
    /** The phase, with `meanwhile` done to the connection after its first round's answers. */
    const runWith = async (meanwhile: () => Promise<void>) => {
      await restart();
      const rounds: number[] = [];
      const marketplace: MarketplaceProvider = {
        ...counting,
        listingRestrictions: async (asins, region, account) => {
          rounds.push(asins.length);
          const answers = await counting.listingRestrictions!(asins, region, account);
          if (rounds.length === 1) await meanwhile();
          return answers;
        },
      };
      const outcome = await checkReportRestrictions(
        { db: database.db, marketplace, accounts, logger: silent },
        reportId,
      );
      return { outcome, rounds };
    };

    // The same token sealed again (a key rotation's re-seal): the phase goes on to the end.
    const resealed = await runWith(() => connectNa('alice'));
    expect(resealed.outcome).toBe('done');
    expect(resealed.rounds.length).toBeGreaterThan(1);

    // Another account connected in its place: no round runs under the old one.
    const replaced = await runWith(async () => {
      const sealed = box.seal('Atzr|alice-other', sealContext(ids.alice!, 'na'));
      await saveConnection(database.db, ids.alice!, 'na', 'A1ALICEOTHER', sealed);
    });
    expect(replaced.outcome).toBe('not_connected');
    expect(replaced.rounds).toHaveLength(1);
    expect((await phaseOver('alice', reportId)).state).toBe('not_connected');

    // Disconnected (the row deleted): the same.
    await connectNa('alice');
    const removed = await runWith(async () => {
      await database.db.execute(sql`delete from amazon_connections where user_id = ${ids.alice!}`);
    });
    expect(removed.outcome).toBe('not_connected');
    expect(removed.rounds).toHaveLength(1);
    await connectNa('alice');
    await restart();
    expect(
      await checkReportRestrictions(
        { db: database.db, marketplace: counting, accounts, logger: silent },
        reportId,
      ),
    ).toBe('done');
  });

  it('refuses "Check again" for a product not found in the selling country, and a second start', async () => {
    const product = PRODUCTS[5]!;
    await database.db.execute(sql`
      update report_products set to_status = 'dog' where report_id = ${reportId}::uuid and product_id = ${product}`);
    const res = await call(
      app,
      'POST',
      `/v1/reports/${reportId}/products/${product}/restriction`,
      cookies.alice,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('restriction_not_applicable');
    await database.db.update(reports).set({ restrictionsState: 'checking' }).where(eq(reports.id, reportId));
    const again = await call(app, 'POST', `/v1/reports/${reportId}/restrictions`, cookies.alice, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('restrictions_running');
    await database.db.update(reports).set({ restrictionsState: 'done' }).where(eq(reports.id, reportId));
  });

  it("shows an inventory's products with their kept restriction after its update", async () => {
    const created = await call(app, 'POST', '/api/inventories', cookies.alice, BODY);
    expect(created.statusCode, created.body).toBe(201);
    const inventory = created.json<{ id: string }>().id;
    const added = await call(app, 'POST', `/api/inventories/${inventory}/products`, cookies.alice, {
      report_id: reportId,
      product_ids: PRODUCTS.slice(10, 20),
    });
    expect(added.statusCode, added.body).toBe(200);
    // A week later every kept answer is stale: the daily update asks again.
    await database.db.execute(sql`update listing_restrictions set checked_at = now() - interval '8 days'`);
    const before = asked.length;
    expect((await call(app, 'POST', `/api/inventories/${inventory}/update`, cookies.alice)).statusCode).toBe(
      202,
    );
    for (let i = 0; i < 600; i++) {
      const state = (await call(app, 'GET', `/api/inventories/${inventory}`, cookies.alice)).json();
      if (state.update.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(asked.slice(before).sort()).toEqual(PRODUCTS.slice(10, 20).sort());
    const page = (await call(app, 'GET', `/api/inventories/${inventory}/products`, cookies.alice)).json<{
      products: { code: string; restriction: Row['restriction'] }[];
    }>();
    expect(page.products).toHaveLength(10);
    for (const p of page.products) {
      const { checked_at, ...answer } = p.restriction!;
      expect(answer, p.code).toEqual(expected.get(p.code));
      expect(Date.now() - Date.parse(checked_at)).toBeLessThan(3_600_000);
    }
    const foreign = await call(app, 'GET', `/api/inventories/${inventory}/products`, cookies.bob);
    expect(foreign.statusCode).toBe(404);
  });

  it("answers 404 to another seller's calls over the report", async () => {
    const product = PRODUCTS[0]!;
    const check = await call(
      app,
      'POST',
      `/v1/reports/${reportId}/products/${product}/restriction`,
      cookies.bob,
    );
    expect(check.statusCode).toBe(404);
    const start = await call(app, 'POST', `/v1/reports/${reportId}/restrictions`, cookies.bob, {});
    expect(start.statusCode).toBe(404);
  });
});

describe('a seller without an Amazon authorisation for the selling region', () => {
  let reportId: string;

  it('gets a usable report whose phase says "connect", with nothing checked', async () => {
    const before = asked.length;
    reportId = await sendReport('bob', PRODUCTS.slice(0, 30));
    const phase = await phaseOver('bob', reportId);
    expect(phase.state).toBe('not_connected');
    expect(phase.checked).toBe(0);
    // Counted at the finish: the products found in the selling country, none checked.
    expect(phase.total).toBeGreaterThan(0);
    const rows = await rowsOf('bob', reportId);
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.restriction === null)).toBe(true);
    expect(asked.length).toBe(before);
  });

  it('is told to connect when asking for one product, by region', async () => {
    const res = await call(
      app,
      'POST',
      `/v1/reports/${reportId}/products/${PRODUCTS[0]}/restriction`,
      cookies.bob,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'amazon_not_connected', region: 'na' });
    expect(res.json().error.message).toContain('Connect your Amazon account for North America');
  });

  it('has the report checked once connected, through "check restrictions"', async () => {
    await connectNa('bob');
    const res = await call(app, 'POST', `/v1/reports/${reportId}/restrictions`, cookies.bob, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restrictions.state).toBe('waiting');
    const phase = await phaseOver('bob', reportId);
    expect(phase.state).toBe('done');
    expect(phase.total).toBeGreaterThan(0);
    expect(phase.checked).toBe(phase.total);
    const bad = await call(app, 'POST', `/v1/reports/${reportId}/restrictions`, cookies.bob, { again: true });
    expect(bad.statusCode).toBe(400);
  });
});
