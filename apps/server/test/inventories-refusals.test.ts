import { describe, expect, it } from 'vitest';
import {
  addProducts,
  alice,
  bob,
  BODY,
  call,
  code,
  create,
  createFilterSet,
  fieldsOf,
  productsOf,
  setUpInventories,
  SETTINGS,
  stored,
  UNKNOWN_ID,
} from './helpers/inventories';

// What the inventory routes refuse: bad bodies, a stranger, and another user's or an unknown inventory
// or filter set (404 or 400, leaving the rows as they were).

setUpInventories();

describe('bad bodies', () => {
  it('names the missing title with the specification message', async () => {
    const { title: _, ...noTitle } = BODY;
    const res = await call('POST', '/api/inventories', alice, noTitle);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Invalid body: title: Please input inventory name.',
    });
    expect(fieldsOf(res)).toEqual(['title: validation.inventory.title']);
  });

  it('names the settings field that fails', async () => {
    const res = await call('POST', '/api/inventories', alice, {
      ...BODY,
      settings: { ...SETTINGS, handling_time: 21 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid body: settings.handling_time: Enter value');
    expect(fieldsOf(res)).toEqual(['settings.handling_time: validation.settings.handlingTime']);
  });

  it('refuses the same country on both sides', async () => {
    const res = await call('POST', '/api/inventories', alice, { ...BODY, to_country: 'us' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid body: to_country: Countries should be different.');
  });

  it('refuses countries outside the inventory regions of their side', async () => {
    for (const countries of [
      { from_country: 'ca' }, // inventory role, but not buying
      { to_country: 'de' }, // no such region
    ]) {
      const res = await call('POST', '/api/inventories', alice, { ...BODY, ...countries });
      expect(res.statusCode).toBe(400);
      const field = Object.keys(countries)[0];
      expect(res.json().error.message).toBe(`Invalid body: ${field}: Please select inventories country.`);
      expect(fieldsOf(res)).toEqual([`${field}: validation.inventory.country`]);
    }
  });

  it('refuses any selling type but fbm', async () => {
    const res = await call('POST', '/api/inventories', alice, { ...BODY, sell_type: 'fba' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid body: sell_type: Please select inventory selling type.');
  });

  it('answers 401 to a stranger before looking at the body', async () => {
    const res = await call('POST', '/api/inventories', undefined, { nonsense: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
    expect((await call('GET', '/api/inventories')).statusCode).toBe(401);
    expect((await call('PATCH', '/api/inventories/not-a-uuid', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', `/api/inventories/${UNKNOWN_ID}/products?page=x`)).statusCode).toBe(401);
  });
});

describe("another user's or an unknown inventory", () => {
  it('answers 404 and leaves the inventory and its products as they were', async () => {
    const inventory = await create(alice, { title: "Alice's" });
    await addProducts(inventory.id, 'alice@example.com', [code(7)]);
    const before = await stored(inventory.id);
    for (const [method, url, payload] of [
      ['GET', `/api/inventories/${inventory.id}`, undefined],
      ['PATCH', `/api/inventories/${inventory.id}`, { title: 'Stolen', settings: SETTINGS }],
      ['DELETE', `/api/inventories/${inventory.id}`, undefined],
      ['GET', `/api/inventories/${inventory.id}/products`, undefined],
    ] as const) {
      const res = await call(method, url, bob, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'This inventory was not found.' } });
    }
    expect(await stored(inventory.id)).toEqual(before);
    expect(await productsOf(inventory.id)).toHaveLength(1);
    expect((await call('GET', '/api/inventories', bob)).json()).toEqual([]);
  });

  it('answers 404 to an unknown or malformed id, even with a bad body or query', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid', '1']) {
      expect((await call('GET', `/api/inventories/${id}`, alice)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/inventories/${id}`, alice, { title: 'x' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/inventories/${id}`, alice)).statusCode).toBe(404);
      expect((await call('GET', `/api/inventories/${id}/products`, alice)).statusCode).toBe(404);
    }
    expect((await call('PATCH', '/api/inventories/not-a-uuid', alice, {})).statusCode).toBe(404);
    expect((await call('GET', '/api/inventories/not-a-uuid/products?page=x', alice)).statusCode).toBe(404);
  });

  it("refuses another user's filter set with 400 naming filter_id", async () => {
    const bobs = await createFilterSet(bob, "Bob's");
    for (const filter_id of [bobs.id, UNKNOWN_ID]) {
      const res = await call('POST', '/api/inventories', alice, { ...BODY, filter_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_error',
        message: 'Invalid body: filter_id: Choose one of your filter sets.',
      });
      expect(fieldsOf(res)).toEqual(['filter_id: validation.inventory.filterId']);
    }
    const inventory = await create(alice);
    const res = await call('PATCH', `/api/inventories/${inventory.id}`, alice, { filter_id: bobs.id });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['filter_id: validation.inventory.filterId']);
    expect((await stored(inventory.id))!.filterId).toBeNull();
  });
});
