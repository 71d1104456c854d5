import {
  encodeFilters,
  PRESET_RULE_SETS,
  settingsSchema,
  type FilterSet,
  type Inventory,
} from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../src/app';
import { inventories, inventoryProducts } from '../../src/db/schema';
import { userIdOf } from './analysis';
import { buildTestApp, type TestApp } from './app';
import { activeUser, injectJson } from './auth';
import { subscribe } from './billing';
import { createTestDatabase, type TestDatabase } from './db';

// The inventories tests' setting: Alice and Bob, both on plan S, on a database and app of the test file's
// own. A test file calls `setUpInventories()` once at its top level; `alice` and `bob` (their session
// cookies) are set by its beforeAll, and the calls below use that file's app and database.

export let database: TestDatabase;
let testApp: TestApp;
export let app: App;
export let alice: string;
export let bob: string;

export function setUpInventories({ plan = 'S' }: { plan?: 'S' | 'L' } = {}) {
  beforeAll(async () => {
    database = await createTestDatabase();
    testApp = await buildTestApp(database);
    app = testApp.app;
    [alice, bob] = await Promise.all([
      activeUser(app, database.db, 'alice@example.com'),
      activeUser(app, database.db, 'bob@example.com'),
    ]);
    await Promise.all([subscribe(app, alice, plan), subscribe(app, bob, plan)]);
  });
  afterAll(async () => {
    await testApp.close();
    await database.destroy();
  });
}

export const SETTINGS = {
  handling_time: 2,
  parity: 1.35,
  parity_type: 'auto',
  default_category_commission_rate: 15,
  commission_rate_type: 'fixed',
  min_stock: 1,
  def_stock: 5,
  pricing_rules: PRESET_RULE_SETS.recommended,
};
export const STORED_SETTINGS = settingsSchema.parse(SETTINGS);
export const BODY = {
  title: 'US to CA',
  from_country: 'us',
  to_country: 'ca',
  sell_type: 'fbm',
  settings: SETTINGS,
};
export const UNKNOWN_ID = '3f1c1a56-5b7e-4d8a-9f55-0a8d4b2c9e11';

export const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) => injectJson(app, method, url, cookie, payload);

export async function create(cookie: string, fields: object = {}): Promise<Inventory> {
  const res = await call('POST', '/api/inventories', cookie, { ...BODY, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function createFilterSet(cookie: string, name: string): Promise<FilterSet> {
  const content = encodeFilters([
    { id: 'cross_buy_price', value: { min: 5, max: 50 } },
    { id: 'cross_coupons', value: 'percent' },
  ]);
  const res = await call('POST', '/api/filter-sets', cookie, { name, content });
  expect(res.statusCode).toBe(201);
  return res.json();
}

export async function stored(id: string) {
  const [row] = await database.db.select().from(inventories).where(eq(inventories.id, id));
  return row;
}

export const productsOf = (id: string) =>
  database.db.select().from(inventoryProducts).where(eq(inventoryProducts.inventoryId, id));

export async function addProducts(inventoryId: string, email: string, codes: string[]) {
  const userId = await userIdOf(database.db, email);
  await database.db
    .insert(inventoryProducts)
    .values(codes.map((code) => ({ inventoryId, userId, code, image: `https://img.example/${code}.jpg` })));
}

export const code = (i: number) => `B${String(i).padStart(9, '0')}`;

export const fieldsOf = (res: { json(): { error: { fields: { field: string; key: string }[] } } }) =>
  res.json().error.fields.map((f) => `${f.field}: ${f.key}`);
