import { encodeFilters, filterSetSchema, type ActiveFilter, type FilterSet } from '@crossmarket/domain';
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
let alice: string;
let bob: string;

const TWO: ActiveFilter[] = [
  { id: 'cross_buy_price', value: { min: 5, max: 50 } },
  { id: 'cross_coupons', value: 'percent' },
];
const THREE: ActiveFilter[] = [...TWO, { id: 'to_brand', value: { include: [], exclude: ['Acme'] } }];
const UNKNOWN_ID = '3f1c1a56-5b7e-4d8a-9f55-0a8d4b2c9e11';

// Like the web client, a JSON content type only when there is a body (Fastify refuses an empty JSON body).
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: payload ? jsonHeaders(cookie) : cookie ? { cookie } : {},
    ...(payload && { payload }),
  });

async function create(cookie: string, name: string, filters: ActiveFilter[] = TWO): Promise<FilterSet> {
  const res = await call('POST', '/api/filter-sets', cookie, { name, content: encodeFilters(filters) });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function stored(id: string) {
  const [row] = await database.db.select().from(filterSets).where(eq(filterSets.id, id));
  return row;
}

const fieldsOf = (res: { json(): { error: { fields: { field: string; key: string }[] } } }) =>
  res.json().error.fields.map((f) => `${f.field}: ${f.key}`);

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  [alice, bob] = await Promise.all([
    activeUser(app, database.db, 'alice@example.com'),
    activeUser(app, database.db, 'bob@example.com'),
  ]);
  await Promise.all([subscribe(app, alice, 'S'), subscribe(app, bob, 'S')]);
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

describe('create, list, get, patch, delete', () => {
  it('creates a set and counts its filters itself, whatever the client claims', async () => {
    const content = encodeFilters(TWO);
    const res = await call('POST', '/api/filter-sets', alice, {
      name: '  Cheap toys ',
      content,
      filters_count: 99,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(filterSetSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({ name: 'Cheap toys', content, filters_count: 2 });
    expect(Object.keys(body).sort()).toEqual(['content', 'created_at', 'filters_count', 'id', 'name']);
    expect((await stored(body.id))!.filtersCount).toBe(2);
  });

  it("lists the user's sets newest first and reads one", async () => {
    const older = await create(alice, 'Older');
    const newer = await create(alice, 'Newer', THREE);
    const list = (await call('GET', '/api/filter-sets', alice)).json();
    expect(list.slice(0, 2)).toEqual([newer, older]);
    const one = await call('GET', `/api/filter-sets/${older.id}`, alice);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(older);
  });

  it('renames, replaces the filters and recounts them; a lying count is ignored', async () => {
    const set = await create(alice, 'To edit');
    const renamed = await call('PATCH', `/api/filter-sets/${set.id}`, alice, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...set, name: 'Renamed' });

    const content = encodeFilters(THREE);
    const refiltered = await call('PATCH', `/api/filter-sets/${set.id}`, alice, {
      content,
      filters_count: 1,
    });
    expect(refiltered.json()).toEqual({ ...set, name: 'Renamed', content, filters_count: 3 });
    expect((await stored(set.id))!.filtersCount).toBe(3);

    const empty = await call('PATCH', `/api/filter-sets/${set.id}`, alice, {});
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['body: validation.filterSet.nothingToUpdate']);
  });

  it('deletes with 204; the set is then gone', async () => {
    const set = await create(alice, 'To delete');
    const res = await call('DELETE', `/api/filter-sets/${set.id}`, alice);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await stored(set.id)).toBeUndefined();
    expect((await call('GET', `/api/filter-sets/${set.id}`, alice)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/filter-sets/${set.id}`, alice)).statusCode).toBe(404);
  });
});

describe('bad bodies', () => {
  it('names the missing name', async () => {
    const res = await call('POST', '/api/filter-sets', alice, { content: encodeFilters(TWO) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Invalid body: name: Please input filter set name.',
    });
    expect(fieldsOf(res)).toEqual(['name: validation.filterSet.name']);
  });

  it('names malformed content', async () => {
    const res = await call('POST', '/api/filter-sets', alice, { name: 'x', content: 'not base64!' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['content: validation.filters.malformed']);
  });

  it('refuses a set without filters', async () => {
    for (const content of ['', encodeFilters([])]) {
      const res = await call('POST', '/api/filter-sets', alice, { name: 'x', content });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid body: content: At least 1 filter must be activated.');
    }
  });

  it('answers 401 to a stranger before looking at the body', async () => {
    const res = await call('POST', '/api/filter-sets', undefined, { nonsense: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
    expect((await call('GET', '/api/filter-sets')).statusCode).toBe(401);
    expect((await call('PATCH', '/api/filter-sets/not-a-uuid', undefined, {})).statusCode).toBe(401);
  });
});

describe("another user's or an unknown set", () => {
  it('answers 404 and leaves the set as it was', async () => {
    const set = await create(alice, "Alice's");
    const before = await stored(set.id);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Stolen', content: encodeFilters(THREE) }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/filter-sets/${set.id}`, bob, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'This filter set was not found.' } });
    }
    expect(await stored(set.id)).toEqual(before);
    expect((await call('GET', '/api/filter-sets', bob)).json()).toEqual([]);
  });

  it('answers 404 to an unknown or malformed id, even with a bad body', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid', '1']) {
      expect((await call('GET', `/api/filter-sets/${id}`, alice)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/filter-sets/${id}`, alice, { name: 'x' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/filter-sets/${id}`, alice)).statusCode).toBe(404);
    }
    expect((await call('PATCH', '/api/filter-sets/not-a-uuid', alice, {})).statusCode).toBe(404);
  });
});

describe('a set an inventory uses', () => {
  it('is refused with 409 until the inventory lets go of it', async () => {
    const set = await create(alice, 'In use');
    const [inventory] = await database.db
      .insert(inventories)
      .values({
        userId: await userIdOf(database.db, 'alice@example.com'),
        title: 'My inventory',
        fromCountry: 'us',
        toCountry: 'ca',
        filterId: set.id,
        settings: {},
      })
      .returning();
    const res = await call('DELETE', `/api/filter-sets/${set.id}`, alice);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'filter_set_in_use',
        message: 'This filter-set is already in use.',
        key: 'validation.filterSet.inUse',
      },
    });
    expect(await stored(set.id)).toBeDefined();

    await database.db.delete(inventories).where(eq(inventories.id, inventory!.id));
    expect((await call('DELETE', `/api/filter-sets/${set.id}`, alice)).statusCode).toBe(204);
  });
});
