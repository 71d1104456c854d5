import { EXTENSION_API_TOKEN_SCOPES } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema';
import { TEST_APP_URL } from './helpers/app';
import { jsonHeaders } from './helpers/auth';
import { userIdOf } from './helpers/analysis';
import { alice, app, bob, create, database, setUpInventories } from './helpers/inventories';
import { listableInCanada, listingsOf, seedPricedProducts } from './helpers/listings';

// Token scopes (issue 56, item 12): a personal token writes to the seller's Amazon account only with the
// `listings_write` scope; the extension's token (read and watches) never does; no token turns the account
// pause off or releases a hold — those need the signed-in seller.

setUpInventories();

let inventoryId: string;
let extension: string;
let writer: string;
let plain: string;
let legacy: string;
let bobsWriter: string;

async function mint(cookie: string, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/api-key/create',
    headers: jsonHeaders(cookie, { origin: TEST_APP_URL }),
    payload: body,
  });
}
async function tokenOf(cookie: string, body: object) {
  const res = await mint(cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; key: string }>();
}

const withToken = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload && { 'content-type': 'application/json' }) },
    ...(payload && { payload }),
  });

const publish = (token: string, id = inventoryId) =>
  withToken(token, 'POST', `/api/inventories/${id}/listings`, { mode: 'publish' });
const release = (token: string, id = inventoryId) =>
  withToken(token, 'PUT', `/api/inventories/${id}/listings/sync`, { enabled: true, release_hold: true });
const pause = (token: string, paused: boolean) => withToken(token, 'PUT', '/api/listings/pause', { paused });

beforeAll(async () => {
  inventoryId = (await create(alice)).id;
  const userId = await userIdOf(database.db, 'alice@example.com');
  const codes = listableInCanada(2, 12600);
  await seedPricedProducts(
    database.db,
    inventoryId,
    userId,
    codes.map((code) => ({ code, std: 30, stock: 4 })),
  );
  extension = (await tokenOf(alice, { name: 'Browser extension', scopes: EXTENSION_API_TOKEN_SCOPES })).key;
  writer = (await tokenOf(alice, { name: 'My tool', scopes: ['read', 'listings_write'] })).key;
  plain = (await tokenOf(alice, { name: 'No scopes named' })).key;
  // A token made before scopes existed: the plugin stored no permissions.
  const old = await tokenOf(alice, { name: 'Old', scopes: ['read', 'watches', 'listings_write'] });
  await database.db.update(apiKeys).set({ permissions: null }).where(eq(apiKeys.id, old.id));
  legacy = old.key;
  bobsWriter = (await tokenOf(bob, { name: 'Bob', scopes: ['read', 'listings_write'] })).key;
});

describe('token scopes', () => {
  it('an extension token gets 403 on publish, release and un-pause, and still reads and watches', async () => {
    for (const res of [await publish(extension), await release(extension), await pause(extension, false)]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('token_scope');
    }
    expect((await withToken(extension, 'GET', `/api/inventories/${inventoryId}/listings`)).statusCode).toBe(
      200,
    );
    expect((await withToken(extension, 'GET', '/api/watches')).statusCode).toBe(200);
    expect((await listingsOf(app, alice, inventoryId)).last_run).toBeNull();
  });

  it('a token made without scopes, or before scopes existed, cannot write to Amazon', async () => {
    for (const token of [plain, legacy]) {
      const res = await publish(token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('token_scope');
      expect((await withToken(token, 'GET', '/api/usage')).statusCode).toBe(200);
    }
  });

  it('listings_write turns the pause on but never off, and never releases a hold', async () => {
    const on = await pause(writer, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ paused: true });
    const off = await pause(writer, false);
    expect(off.statusCode, off.body).toBe(403);
    expect(off.json().error.code).toBe('token_not_allowed');
    expect((await listingsOf(app, alice, inventoryId)).sync.account_paused).toBe(true);
    const released = await release(writer);
    expect(released.statusCode, released.body).toBe(403);
    expect(released.json().error.code).toBe('token_not_allowed');
    // The seller, signed in, resumes.
    const resumed = await app.inject({
      method: 'PUT',
      url: '/api/listings/pause',
      headers: jsonHeaders(alice),
      payload: { paused: false },
    });
    expect(resumed.json()).toEqual({ paused: false });
  });

  it('listings_write may ask for a dry run of its own inventory; another seller gets 404', async () => {
    const dry = await withToken(writer, 'POST', `/api/inventories/${inventoryId}/listings`, {
      mode: 'preview',
    });
    expect(dry.statusCode, dry.body).toBe(202);
    expect((await publish(bobsWriter)).statusCode).toBe(404);
    expect(
      (
        await withToken(bobsWriter, 'PUT', `/api/inventories/${inventoryId}/listings/sync`, {
          enabled: false,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('names a wrong scope on creation (400 on `scopes`) and lists each token with its scopes', async () => {
    const bad = await mint(alice, { name: 'Bad', scopes: ['admin'] });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().field ?? bad.json().error?.field).toBe('scopes.0');
    const listed = await app.inject({
      method: 'GET',
      url: '/api/auth/api-key/list',
      headers: jsonHeaders(alice),
    });
    const byName = Object.fromEntries(
      listed
        .json<{ apiKeys: { name: string; permissions: unknown }[] }>()
        .apiKeys.map((k) => [k.name, k.permissions]),
    );
    expect(byName['Browser extension']).toEqual({ crossmarket: ['read', 'watches'] });
    expect(byName['No scopes named']).toEqual({ crossmarket: ['read', 'watches'] });
  });
});
