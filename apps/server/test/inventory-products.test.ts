import {
  buildInventoryFile,
  PRESET_RULE_SETS,
  type Inventory,
  type InventoryProductPage,
  type ProductSnapshot,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { updateInventory } from '../src/features/inventories/update-inventory';
import { createLogger } from '../src/logger';
import { baselineSandbox } from './helpers/sandbox';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { seedReport, userIdOf } from './helpers/analysis';
import { defaults, id, rowsForTest } from './helpers/analysis-setting';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let alice: string;
let bob: string;
let aliceId: string;
let report: { id: string };
let otherCountries: { id: string };
const QUOTA = 40;

const SETTINGS = {
  handling_time: 3,
  parity: 1.35,
  parity_type: 'auto',
  default_category_commission_rate: 15,
  commission_rate_type: 'fixed',
  min_stock: 1,
  def_stock: 5,
  pricing_rules: PRESET_RULE_SETS.recommended,
};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: payload ? jsonHeaders(cookie) : cookie ? { cookie } : {},
    ...(payload && { payload }),
  });

async function create(cookie: string, fields: object = {}): Promise<Inventory> {
  const res = await call('POST', '/api/inventories', cookie, {
    title: 'US to CA',
    from_country: 'us',
    to_country: 'ca',
    sell_type: 'fbm',
    settings: SETTINGS,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const add = (cookie: string, inventoryId: string, productIds: string[], reportId = report.id) =>
  call('POST', `/api/inventories/${inventoryId}/products`, cookie, {
    report_id: reportId,
    product_ids: productIds,
  });
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => id(from + i));
const usage = async (cookie: string) =>
  ((await call('GET', '/api/me', cookie)).json() as { usage: { ip_count: number } }).usage.ip_count;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  [alice, bob] = await Promise.all([
    activeUser(app, database.db, 'alice@example.com'),
    activeUser(app, database.db, 'bob@example.com'),
  ]);
  // A plan with a small inventory quota, so the tests can reach it.
  await database.db.execute(sql`update plans set inventory_quota = ${QUOTA} where code = 'M'`);
  await Promise.all([subscribe(app, alice, 'M'), subscribe(app, bob, 'M')]);
  aliceId = await userIdOf(database.db, 'alice@example.com');
  report = await seedReport(database.db, aliceId, rowsForTest(), { pricedWith: defaults });
  otherCountries = await seedReport(database.db, aliceId, rowsForTest(), { pricedWith: defaults, to: 'uk' });
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

describe('POST /api/inventories/:id/products', () => {
  it('adds products of a matching report, priced with the inventory settings; re-adding is a no-op', async () => {
    const inventory = await create(alice);
    const res = await add(alice, inventory.id, [...ids(1, 5), 'B999999999']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ added: 5, skipped: 1, remaining: QUOTA - 5 });
    expect((await add(alice, inventory.id, ids(1, 5))).json()).toEqual({
      added: 0,
      skipped: 5,
      remaining: QUOTA - 5,
    });
    expect(await usage(alice)).toBe(5);
    const page = (
      await call('GET', `/api/inventories/${inventory.id}/products`, alice)
    ).json<InventoryProductPage>();
    expect(page.total).toBe(5);
    expect(page.products.every((p) => p.available !== null && p.updated_at !== null)).toBe(true);
    // Dated with the report they came from, so the table does not call their offers "of unknown age".
    const [made] = (
      await database.db.execute<{ at: string }>(
        sql`select to_json(created_at)#>>'{}' as at from reports where id = ${report.id}::uuid`,
      )
    ).rows;
    expect(page.products.map((p) => p.full_lookup_at)).toEqual(
      page.products.map(() => new Date(made!.at).toISOString()),
    );
    // Titled as the report showed them: the selling side's title, else the buying side's.
    const titles = await database.db.execute<{ product_id: string; title: string | null }>(
      sql`select product_id, coalesce(nullif(row_to->>'title', ''), nullif(row_cross->>'title', '')) as title
            from report_product_snapshots where report_id = ${report.id}::uuid`,
    );
    const titleOf = new Map(titles.rows.map((r) => [r.product_id, r.title]));
    for (const p of page.products) expect(p.title, p.code).toBe(titleOf.get(p.code));
    expect(page.products.every((p) => p.title)).toBe(true);
    await call('DELETE', `/api/inventories/${inventory.id}`, alice);
    expect(await usage(alice)).toBe(0);
  });

  it('lists each product with the stock and price the file will say, 0 when no longer available', async () => {
    const inventory = await create(alice);
    const codes = ids(1, 4);
    await add(alice, inventory.id, codes);
    // The pricing proposed a stock for a product that is no longer available: the file lists it with 0.
    const gone = codes[0]!;
    await database.db.execute(
      sql`update inventory_products set available = false, stock = 5
           where inventory_id = ${inventory.id}::uuid and code = ${gone}`,
    );
    const page = (
      await call('GET', `/api/inventories/${inventory.id}/products`, alice)
    ).json<InventoryProductPage>();
    const file = (await call('GET', `/api/inventories/${inventory.id}/file`, alice)).body;
    const [header, ...lines] = file
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    const col = (name: string) => header!.indexOf(name);
    const inFile = new Map(lines.map((cells) => [cells[col('product-id')], cells]));
    expect(page.products).toHaveLength(codes.length);
    for (const p of page.products) {
      const cells = inFile.get(p.code)!;
      expect(Number(cells[col('quantity')]), p.code).toBe(p.stock);
      expect(cells[col('price')], p.code).toBe(p.std_price === null ? '' : p.std_price.toFixed(2));
    }
    expect(page.products.find((p) => p.code === gone)).toMatchObject({ available: false, stock: 0 });
    await call('DELETE', `/api/inventories/${inventory.id}`, alice);
  });

  it('refuses a report of other countries or of another user, and bad bodies, naming the field', async () => {
    const inventory = await create(alice);
    const wrong = await add(alice, inventory.id, ids(1, 2), otherCountries.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields[0]).toMatchObject({ field: 'report_id' });
    expect(wrong.json().error.message).toContain("This report's countries are not the inventory's.");
    const bobs = await create(bob);
    const foreign = await add(bob, bobs.id, ids(1, 2));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields[0]).toMatchObject({ field: 'report_id' });
    for (const body of [
      { report_id: report.id, product_ids: [] },
      { report_id: report.id, product_ids: ['x'] },
    ]) {
      const bad = await call('POST', `/api/inventories/${inventory.id}/products`, alice, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields[0].field).toMatch(/^product_ids/);
    }
    expect(await usage(alice)).toBe(0);
  });

  it("answers 404 for another user's inventory, to add, remove, update or download", async () => {
    const inventory = await create(alice);
    await add(alice, inventory.id, ids(1, 3));
    const url = `/api/inventories/${inventory.id}`;
    expect((await add(bob, inventory.id, ids(4, 5))).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/products`, bob, { product_ids: ids(1, 3) })).statusCode).toBe(404);
    expect((await call('POST', `${url}/update`, bob)).statusCode).toBe(404);
    expect((await call('GET', `${url}/file`, bob)).statusCode).toBe(404);
    expect((await call('GET', `${url}/products`, alice)).json().total).toBe(3);
    await call('DELETE', url, alice);
  });

  it('adds nothing past the quota and says how many remain', async () => {
    const inventory = await create(alice);
    expect((await add(alice, inventory.id, ids(1, 25))).json().remaining).toBe(QUOTA - 25);
    const other = await create(alice, { title: 'Second' });
    const over = await add(alice, other.id, ids(1, 20));
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'inventory_quota',
      key: 'validation.inventory.quotaExceeded',
      params: { remaining: 15 },
      remaining: 15,
    });
    expect(over.json().error.message).toBe("Your plan's inventory quota allows 15 more products.");
    expect(await usage(alice)).toBe(25);
    // Removing frees quota.
    const removed = await call('DELETE', `/api/inventories/${inventory.id}/products`, alice, {
      product_ids: ids(1, 10),
    });
    expect(removed.json()).toEqual({ removed: 10, remaining: 25 });
    expect((await add(alice, other.id, ids(1, 20))).json()).toMatchObject({ added: 20, remaining: 5 });
    await call('DELETE', `/api/inventories/${inventory.id}`, alice);
    await call('DELETE', `/api/inventories/${other.id}`, alice);
  });

  it('holds the quota exactly under 10 concurrent adds that together exceed it', async () => {
    const targets = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create(alice, { title: `C${i}` })),
    );
    // Each asks for 6 products: 60 in all against a quota of 40.
    const answers = await Promise.all(targets.map((t) => add(alice, t.id, ids(1, 6))));
    const added = answers.filter((a) => a.statusCode === 200).length;
    expect(added).toBe(6);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    expect(await usage(alice)).toBe(36);
    for (const t of targets) await call('DELETE', `/api/inventories/${t.id}`, alice);
  });
});

/** The sandbox in batches of 4, counting lookups, failing on demand after `failAfter` batches. */
function countingMarketplace(failAfter = Infinity) {
  const sandbox = baselineSandbox();
  const looked: string[] = [];
  let batches = 0;
  const provider: MarketplaceProvider = {
    name: 'sandbox',
    batchSize: 4,
    async lookup(productIds, region, options): Promise<ProductSnapshot[]> {
      if (region === 'us' && ++batches > failAfter) throw new Error('worker killed');
      if (region === 'us') looked.push(...productIds);
      return sandbox.lookup(productIds, region, options);
    },
  };
  return { provider, looked };
}

describe('the inventory update', () => {
  it('"Update now" runs the job, keeps the counts, refuses a second ask within the hour, and the file follows', async () => {
    const inventory = await create(alice);
    await add(alice, inventory.id, ids(1, 12));
    // Forget what adding computed: the update must write the cost and profit again.
    await database.db.execute(
      sql`update inventory_products set cost_in_tc = null, std_profit = null where inventory_id = ${inventory.id}::uuid`,
    );
    const asked = await call('POST', `/api/inventories/${inventory.id}/update`, alice);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(['queued', 'running', 'done']).toContain(asked.json().status);
    await expect
      .poll(async () => (await call('GET', `/api/inventories/${inventory.id}`, alice)).json().update.status, {
        timeout: 30_000,
      })
      .toBe('done');
    const after = (await call('GET', `/api/inventories/${inventory.id}`, alice)).json<Inventory>();
    expect(after.update).toMatchObject({ updated: 12 });
    expect(after.update.next_manual_at).not.toBeNull();
    // Every product says when its full lookup was made (the report's, or the update's if renewed).
    const listedProducts = (
      await call('GET', `/api/inventories/${inventory.id}/products`, alice)
    ).json<InventoryProductPage>().products;
    expect(listedProducts.filter((p) => p.full_lookup_at !== null)).toHaveLength(12);
    expect(Date.parse(listedProducts[0]!.full_lookup_at!)).toBeLessThanOrEqual(Date.now());
    // Every product the update priced shows its landed cost and the profit at that price.
    const priced = listedProducts.filter((p) => p.std_price !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const p of priced) {
      expect(p.cost_in_tc, p.code).toBeGreaterThan(0);
      expect(p.std_profit, p.code).not.toBeNull();
    }
    const again = await call('POST', `/api/inventories/${inventory.id}/update`, alice);
    expect(again.statusCode).toBe(429);
    // Retry-After says when the next manual update is allowed (within the hour).
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(again.json().error).toMatchObject({
      code: 'update_too_soon',
      key: 'validation.inventory.updateTooSoon',
      params: { when: expect.stringMatching(/^after \d\d:\d\d \(Europe\/Istanbul\)$/) },
      next_manual_at: after.update.next_manual_at,
    });
    expect(again.json().error.message).toMatch(
      /^This inventory was updated recently\. You can update it again after /,
    );

    const file = await call('GET', `/api/inventories/${inventory.id}/file`, alice);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="inventory-[0-9a-f]{8}-us-ca-/,
    );
    const lines = file.body.trimEnd().split('\n');
    expect(lines[0]).toBe(buildInventoryFile([], { handlingTime: 3 }).trimEnd().split('\n')[0]);
    expect(lines.length).toBeGreaterThan(1);
    // Every product of the inventory is in the file once, unavailable ones with stock 0.
    const listed = lines.slice(1).map((l) => l.split('\t'));
    expect(new Set(listed.map((cells) => cells.find((c) => /^B\d{9}$/.test(c)))).size).toBe(listed.length);
  });

  it('resumes after a crash without looking up the products it already updated', async () => {
    const inventory = await create(alice);
    await add(alice, inventory.id, ids(13, 30));
    await database.db.execute(
      sql`update inventories set update_status = 'queued', update_queued_at = now() where id = ${inventory.id}::uuid`,
    );
    const logger = createLogger(testConfig({ LOG_LEVEL: 'silent' }));
    const crashing = countingMarketplace(2);
    const deps = { db: database.db, logger, leaseSeconds: 60 };
    await expect(
      updateInventory({ ...deps, marketplace: crashing.provider, owner: 'first' }, inventory.id),
    ).rejects.toThrow('worker killed');
    expect(crashing.looked).toHaveLength(8);
    // The first worker died: its lease runs out, and another takes over.
    await database.db.execute(
      sql`update inventories set update_lease_until = now() - interval '1 second' where id = ${inventory.id}::uuid`,
    );
    const second = countingMarketplace();
    expect(
      await updateInventory({ ...deps, marketplace: second.provider, owner: 'second' }, inventory.id),
    ).toBe('done');
    expect(second.looked).toHaveLength(18 - 8);
    expect(second.looked.some((code) => crashing.looked.includes(code))).toBe(false);
    const state = (await call('GET', `/api/inventories/${inventory.id}`, alice)).json<Inventory>().update;
    expect(state).toMatchObject({ status: 'done', updated: 18 });
  });

  it('keeps the last prices of a product Amazon did not answer for, rather than taking it down', async () => {
    const inventory = await create(alice);
    const codes = ids(1, 4);
    expect((await add(alice, inventory.id, codes)).json()).toMatchObject({ added: codes.length });
    const silent = codes[0]!;
    const product = async () =>
      (
        await database.db.execute<{ std_price: number | null; stock: number; updated_at: string | null }>(
          sql`select std_price, stock, updated_at::text from inventory_products
               where inventory_id = ${inventory.id}::uuid and code = ${silent}`,
        )
      ).rows[0]!;
    const before = await product();
    await database.db.execute(
      sql`update inventories set update_status = 'queued', update_queued_at = now() where id = ${inventory.id}::uuid`,
    );
    const sandbox = baselineSandbox();
    const unanswering: MarketplaceProvider = {
      name: 'sandbox',
      batchSize: 4,
      async lookup(productIds, region, options) {
        const found = await sandbox.lookup(productIds, region, options);
        return found.map((s) =>
          s.product_id === silent && region === 'ca'
            ? { ...s, side: { ...s.side, status: 'noanswer' as const }, offers: [] }
            : s,
        );
      },
    };
    const logger = createLogger(testConfig({ LOG_LEVEL: 'silent' }));
    expect(
      await updateInventory(
        { db: database.db, logger, leaseSeconds: 60, marketplace: unanswering, owner: 'quiet' },
        inventory.id,
      ),
    ).toBe('done');
    expect(await product()).toEqual(before);
    const state = (await call('GET', `/api/inventories/${inventory.id}`, alice)).json<Inventory>().update;
    expect(state).toMatchObject({ status: 'done', updated: codes.length - 1 });
  });
});

describe("the inventory update quotes the lane's route (issue 59)", () => {
  it('on a reship lane (the default) the buying side is asked for delivery at home, light checks too', async () => {
    const inventory = await create(alice);
    await add(alice, inventory.id, ids(1, 6));
    await database.db.execute(
      sql`update inventories set update_status = 'queued', update_queued_at = now() where id = ${inventory.id}::uuid`,
    );
    const sandbox = baselineSandbox();
    const routes: string[] = [];
    const recording: MarketplaceProvider = {
      name: 'sandbox',
      batchSize: 4,
      lookup(productIds, region, options) {
        if (region === 'us') routes.push(`lookup:${options.route ?? 'none'}`);
        return sandbox.lookup(productIds, region, options);
      },
      refreshPrices(productIds, region, options) {
        if (region === 'us') routes.push(`light:${options.route ?? 'none'}`);
        return sandbox.refreshPrices!(productIds, region, options);
      },
    };
    const logger = createLogger(testConfig({ LOG_LEVEL: 'silent' }));
    const update = () =>
      updateInventory(
        { db: database.db, logger, leaseSeconds: 60, marketplace: recording, owner: 'routed' },
        inventory.id,
      );
    expect(await update()).toBe('done');
    // Again, with the snapshots the first run kept: now the light checks answer.
    await database.db.execute(
      sql`update inventory_products set updated_at = now() - interval '2 days' where inventory_id = ${inventory.id}::uuid`,
    );
    await database.db.execute(
      sql`update inventories set update_status = 'queued', update_queued_at = now(), update_started_at = null
           where id = ${inventory.id}::uuid`,
    );
    expect(await update()).toBe('done');
    expect(new Set(routes)).toEqual(new Set(['lookup:reship', 'light:reship']));
  });
});
