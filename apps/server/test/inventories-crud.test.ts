import {
  inventoryProductPageSchema,
  inventorySchema,
  PRESET_RULE_SETS,
  settingsSchema,
} from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import {
  addProducts,
  alice,
  BODY,
  call,
  code,
  create,
  createFilterSet,
  fieldsOf,
  productsOf,
  setUpInventories,
  SETTINGS,
  STORED_SETTINGS,
  stored,
} from './helpers/inventories';

// What the owner of an inventory can do with it: create, list, read, patch and delete it, page its
// products, and hold on to the filter set it uses. Refusals are in inventories-refusals.test.ts.

setUpInventories();

describe('create, list, get, patch, delete', () => {
  it('creates an inventory with its settings; no filter set and no products yet', async () => {
    const res = await call('POST', '/api/inventories', alice, {
      ...BODY,
      title: '  My inventory ',
      amazon_store_id: 'A1STORE',
      products_count: 99,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(inventorySchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      title: 'My inventory',
      sell_type: 'fbm',
      from_country: 'us',
      to_country: 'ca',
      from_marketplace: 'amazon',
      to_marketplace: 'amazon',
      amazon_store_id: 'A1STORE',
      filter_id: null,
      filter_set: null,
      settings: STORED_SETTINGS,
      products_count: 0,
    });
    expect(Object.keys(body).sort()).toEqual([
      'amazon_store_id',
      'created_at',
      'filter_id',
      'filter_set',
      'from_country',
      'from_marketplace',
      'id',
      'products_count',
      'sell_type',
      'settings',
      'title',
      'to_country',
      'to_marketplace',
      'update',
    ]);
    expect(body.update).toEqual({
      status: 'never',
      finished_at: null,
      updated: 0,
      unavailable: 0,
      price_changed: 0,
      next_manual_at: null,
      rates_of: null,
      per_run: 0,
      refreshed_by: null,
      full_lookup_max_days: 7,
    });
    expect(await stored(body.id)).toMatchObject({ title: 'My inventory', settings: STORED_SETTINGS });
  });

  it('joins the filter set it uses', async () => {
    const set = await createFilterSet(alice, 'Cheap toys');
    const inventory = await create(alice, { filter_id: set.id });
    expect(inventory).toMatchObject({
      filter_id: set.id,
      filter_set: { id: set.id, name: 'Cheap toys', filters_count: 2 },
    });
  });

  it("lists the user's inventories newest first with their product counts, optionally by to_country", async () => {
    const older = await create(alice, { title: 'Older', to_country: 'mx' });
    const newer = await create(alice, { title: 'Newer', from_country: 'uk', to_country: 'mx' });
    await addProducts(older.id, 'alice@example.com', [code(1), code(2)]);

    const list = (await call('GET', '/api/inventories', alice)).json();
    // With products, the sandbox refreshes them all in the next scheduled run.
    const withProducts = {
      ...older,
      products_count: 2,
      update: { ...older.update, per_run: 2, refreshed_by: expect.any(String) },
    };
    expect(list.slice(0, 2)).toEqual([newer, withProducts]);

    const mx = await call('GET', '/api/inventories?to_country=mx', alice);
    expect(mx.statusCode).toBe(200);
    expect(mx.json()).toEqual([newer, withProducts]);
    expect((await call('GET', '/api/inventories?to_country=sg', alice)).json()).toEqual([]);

    const bad = await call('GET', '/api/inventories?to_country=xx', alice);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['to_country: validation.inventory.country']);

    const one = await call('GET', `/api/inventories/${older.id}`, alice);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(withProducts);
  });

  it('patches the fields sent and leaves the rest', async () => {
    const set = await createFilterSet(alice, 'For patching');
    const inventory = await create(alice, { filter_id: set.id, amazon_store_id: 'STORE' });

    const renamed = await call('PATCH', `/api/inventories/${inventory.id}`, alice, { title: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...inventory, title: 'Renamed' });

    const settings = { ...SETTINGS, handling_time: 5, pricing_rules: PRESET_RULE_SETS.cost_ladder };
    const resettled = await call('PATCH', `/api/inventories/${inventory.id}`, alice, {
      settings,
      to_country: 'uk',
      filter_id: null,
      amazon_store_id: '',
    });
    expect(resettled.statusCode).toBe(200);
    expect(resettled.json()).toEqual({
      ...inventory,
      title: 'Renamed',
      to_country: 'uk',
      filter_id: null,
      filter_set: null,
      amazon_store_id: null,
      settings: settingsSchema.parse(settings),
    });
    expect((await stored(inventory.id))!.settings).toEqual(settingsSchema.parse(settings));

    const empty = await call('PATCH', `/api/inventories/${inventory.id}`, alice, { products_count: 3 });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['body: validation.inventory.nothingToUpdate']);
  });

  it('checks a country sent alone against the stored other one', async () => {
    const inventory = await create(alice); // us → ca
    const before = await stored(inventory.id);
    const res = await call('PATCH', `/api/inventories/${inventory.id}`, alice, { to_country: 'us' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Invalid body: to_country: Countries should be different.',
    });
    expect(fieldsOf(res)).toEqual(['to_country: validation.report.sameCountries']);
    expect(await stored(inventory.id)).toEqual(before);

    const swapped = await call('PATCH', `/api/inventories/${inventory.id}`, alice, { from_country: 'uk' });
    expect(swapped.json()).toMatchObject({ from_country: 'uk', to_country: 'ca' });
  });

  it('deletes with 204, and its products with it', async () => {
    const inventory = await create(alice);
    await addProducts(inventory.id, 'alice@example.com', [code(1), code(2), code(3)]);
    const res = await call('DELETE', `/api/inventories/${inventory.id}`, alice);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await stored(inventory.id)).toBeUndefined();
    expect(await productsOf(inventory.id)).toEqual([]);
    expect((await call('GET', `/api/inventories/${inventory.id}`, alice)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/inventories/${inventory.id}`, alice)).statusCode).toBe(404);
  });
});

describe('products', () => {
  it('pages them by code with the total; 20 a page by default', async () => {
    const inventory = await create(alice, { title: 'With products' });
    // Inserted out of order: the page order is the code's.
    await addProducts(
      inventory.id,
      'alice@example.com',
      Array.from({ length: 25 }, (_, i) => code(25 - i)),
    );
    const url = `/api/inventories/${inventory.id}/products`;

    const first = await call('GET', `${url}?page=1&per_page=10`, alice);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(inventoryProductPageSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({ total: 25, page: 1, per_page: 10 });
    expect(body.products.map((p: { code: string }) => p.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => code(i + 1)),
    );
    expect(Object.keys(body.products[0]).sort()).toEqual([
      'available',
      'code',
      'cost_in_tc',
      'created_at',
      'full_lookup_at',
      'image',
      // Null but for a supplier-fed product whose pack needed the seller's word (issue 62).
      'pack',
      'restriction',
      'std_price',
      'std_profit',
      'stock',
      'title',
      'unavailable_reason',
      'updated_at',
    ]);
    // Alice has no Amazon authorisation of her own: no restriction was ever checked.
    expect(body.products[0].restriction).toBeNull();
    expect(body.products[0].image).toBe(`https://img.example/${code(1)}.jpg`);

    const last = (await call('GET', `${url}?page=3&per_page=10`, alice)).json();
    expect(last.products.map((p: { code: string }) => p.code)).toEqual([21, 22, 23, 24, 25].map(code));
    expect((await call('GET', `${url}?page=9&per_page=10`, alice)).json()).toEqual({
      products: [],
      total: 25,
      page: 9,
      per_page: 10,
    });
    const byDefault = (await call('GET', url, alice)).json();
    expect(byDefault).toMatchObject({ total: 25, page: 1, per_page: 20 });
    expect(byDefault.products).toHaveLength(20);
  });

  it('answers an empty page for an inventory without products, and 400 to a bad page size', async () => {
    const inventory = await create(alice, { title: 'Empty' });
    const url = `/api/inventories/${inventory.id}/products`;
    expect((await call('GET', url, alice)).json()).toEqual({ products: [], total: 0, page: 1, per_page: 20 });
    for (const query of ['per_page=101', 'per_page=0', 'page=0', 'page=x']) {
      const res = await call('GET', `${url}?${query}`, alice);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect(fieldsOf(await call('GET', `${url}?per_page=101`, alice))).toEqual([
      'per_page: validation.paging.perPage',
    ]);
  });
});

describe('a filter set an inventory uses', () => {
  it('cannot be deleted (409) until the inventory lets go of it', async () => {
    const set = await createFilterSet(alice, 'In use');
    const inventory = await create(alice, { filter_id: set.id });
    expect((await call('DELETE', `/api/filter-sets/${set.id}`, alice)).statusCode).toBe(409);
    await call('PATCH', `/api/inventories/${inventory.id}`, alice, { filter_id: null });
    expect((await call('DELETE', `/api/filter-sets/${set.id}`, alice)).statusCode).toBe(204);
  });
});
