import {
  encodeFilters,
  FILTER_SET_LIMITS,
  INVENTORY_LIMITS,
  INVENTORY_UPDATES_PER_HOUR,
  PLANS,
  PRESET_RULE_SETS,
  type Inventory,
} from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { filterSets, inventories } from '../src/db/schema';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let testApp: TestApp;
let app: App;

const INVENTORY = {
  title: 'US to CA',
  from_country: 'us',
  to_country: 'ca',
  sell_type: 'fbm',
  settings: {
    handling_time: 2,
    parity: 1.35,
    parity_type: 'auto',
    default_category_commission_rate: 15,
    commission_rate_type: 'fixed',
    min_stock: 1,
    def_stock: 5,
    pricing_rules: PRESET_RULE_SETS.recommended,
  },
};
const CONTENT = encodeFilters([{ id: 'cross_buy_price', value: { min: 5, max: 50 } }]);

const post = (cookie: string, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: payload ? jsonHeaders(cookie) : { cookie },
    ...(payload && { payload }),
  });

/** A signed-up user on plan `plan`, with their cookie and id. */
async function seller(email: string, plan = 'S') {
  const cookie = await activeUser(app, database.db, email);
  await subscribe(app, cookie, plan);
  return { cookie, id: await userIdOf(database.db, email) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

describe('the plans’ object limits', () => {
  it('grow with the plan, for every plan', () => {
    const codes = PLANS.map((p) => p.code);
    expect(Object.keys(INVENTORY_LIMITS).sort()).toEqual([...codes].sort());
    expect(Object.keys(FILTER_SET_LIMITS).sort()).toEqual([...codes].sort());
    const paid = codes.filter((c) => c !== 'F');
    for (let i = 1; i < paid.length; i++) {
      expect(INVENTORY_LIMITS[paid[i]!]).toBeGreaterThan(INVENTORY_LIMITS[paid[i - 1]!]);
      expect(FILTER_SET_LIMITS[paid[i]!]).toBeGreaterThan(FILTER_SET_LIMITS[paid[i - 1]!]);
    }
  });
});

describe('inventories per plan', () => {
  it('refuses one past the plan’s limit with 409 and a clear message, even when sent at once', async () => {
    const { cookie, id } = await seller('inv-limit@example.com', 'S');
    const limit = INVENTORY_LIMITS.S;
    // All but three already there; then ten at once: exactly three more fit.
    await database.db.insert(inventories).values(
      Array.from({ length: limit - 3 }, (_, i) => ({
        userId: id,
        title: `Held ${i}`,
        sellType: 'fbm',
        fromCountry: 'us',
        toCountry: 'ca',
        settings: INVENTORY.settings,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(cookie, '/api/inventories', { ...INVENTORY, title: `New ${i}` }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(7);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'inventory_limit',
        key: 'validation.inventory.limitReached',
        params: { limit },
        limit,
        message: `Your plan allows ${limit} inventories. Delete one to create another, or upgrade your plan.`,
      });
    }
    const held = await database.db.select().from(inventories).where(eq(inventories.userId, id));
    expect(held).toHaveLength(limit);

    // Deleting one makes room for one.
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/inventories/${held[0]!.id}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(204);
    expect((await post(cookie, '/api/inventories', INVENTORY)).statusCode).toBe(201);
    expect((await post(cookie, '/api/inventories', INVENTORY)).statusCode).toBe(409);
  });

  it('counts per user: another seller is not held back', async () => {
    const { cookie } = await seller('inv-other@example.com', 'S');
    expect((await post(cookie, '/api/inventories', INVENTORY)).statusCode).toBe(201);
  });
});

describe('filter sets per plan', () => {
  it('refuses one past the plan’s limit with 409 and a clear message, even when sent at once', async () => {
    const { cookie, id } = await seller('fs-limit@example.com', 'S');
    const limit = FILTER_SET_LIMITS.S;
    await database.db.insert(filterSets).values(
      Array.from({ length: limit - 2 }, (_, i) => ({
        userId: id,
        name: `Held ${i}`,
        content: CONTENT,
        filtersCount: 1,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(cookie, '/api/filter-sets', { name: `New ${i}`, content: CONTENT }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'filter_set_limit',
        key: 'validation.filterSet.limitReached',
        params: { limit },
        limit,
        message: `Your plan allows ${limit} filter sets. Delete one to save another, or upgrade your plan.`,
      });
    }
    const held = await database.db.select().from(filterSets).where(eq(filterSets.userId, id));
    expect(held).toHaveLength(limit);
  });
});

describe('"Update now" per user', () => {
  it(`queues at most ${INVENTORY_UPDATES_PER_HOUR} an hour across inventories, deleted ones included`, async () => {
    const { cookie } = await seller('updates@example.com', 'S');
    const made: Inventory[] = [];
    for (let i = 0; i < INVENTORY_UPDATES_PER_HOUR + 2; i++) {
      const res = await post(cookie, '/api/inventories', { ...INVENTORY, title: `Inv ${i}` });
      expect(res.statusCode).toBe(201);
      made.push(res.json());
    }
    // One request per inventory, all at once: the per-inventory hour allows each, the user's does not.
    const answers = await Promise.all(made.map((inv) => post(cookie, `/api/inventories/${inv.id}/update`)));
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(INVENTORY_UPDATES_PER_HOUR);
    const refused = answers.filter((r) => r.statusCode !== 202);
    expect(refused).toHaveLength(2);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error).toMatchObject({
        code: 'update_limit',
        key: 'validation.inventory.updateLimit',
        params: { max: INVENTORY_UPDATES_PER_HOUR, when: expect.stringMatching(/^after \d\d:\d\d /) },
        max: INVENTORY_UPDATES_PER_HOUR,
        retry_at: expect.any(String),
      });
      expect(res.json().error.message).toMatch(/^You can ask for 10 inventory updates an hour\./);
    }

    // Deleting an inventory and making a new one starts nothing over.
    const gone = made[0]!;
    await app.inject({ method: 'DELETE', url: `/api/inventories/${gone.id}`, headers: { cookie } });
    const fresh = (await post(cookie, '/api/inventories', INVENTORY)).json() as Inventory;
    const again = await post(cookie, `/api/inventories/${fresh.id}/update`);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('update_limit');
  });

  it('does not use one up on a refused request (already queued, unknown)', async () => {
    const { cookie } = await seller('updates-refused@example.com', 'S');
    const inv = (await post(cookie, '/api/inventories', INVENTORY)).json() as Inventory;
    expect((await post(cookie, `/api/inventories/${inv.id}/update`)).statusCode).toBe(202);
    for (let i = 0; i < INVENTORY_UPDATES_PER_HOUR + 2; i++) {
      const res = await post(cookie, `/api/inventories/${inv.id}/update`);
      expect([409, 429]).toContain(res.statusCode);
      expect(res.json().error.code).not.toBe('update_limit');
    }
    const other = (await post(cookie, '/api/inventories', INVENTORY)).json() as Inventory;
    expect((await post(cookie, `/api/inventories/${other.id}/update`)).statusCode).toBe(202);
  });
});
