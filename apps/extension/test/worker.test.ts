import { describe, expect, it, vi } from 'vitest';
import { handle } from '../src/worker/handle';

// The service worker's calls: the token only to the saved address, never a cookie, and every way a call
// can end said as one of the panel's states.

const SETTINGS = { server: 'https://crossmarket.example', token: 'cm_secret', sellTo: 'ca' as const };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the worker', () => {
  it('is signed out without an address or a token, and asks nothing', async () => {
    const fetchFn = vi.fn();
    expect(await handle({ type: 'latest', asin: 'B0C1XAMPLE' }, {}, fetchFn, 'content')).toEqual({
      ok: false,
      reason: 'signed-out',
    });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('sends the token as a bearer to the saved address only, without cookies', async () => {
    const fetchFn = vi.fn(async () => json(200, { latest: null }));
    await handle({ type: 'latest', asin: 'B0C1XAMPLE' }, SETTINGS, fetchFn, 'content');
    expect(fetchFn).toHaveBeenCalledWith('https://crossmarket.example/v1/products/B0C1XAMPLE/latest', {
      method: 'GET',
      credentials: 'omit',
      headers: { authorization: 'Bearer cm_secret' },
    });
  });

  it("asks a product's history of one marketplace with the token (public data, no credit)", async () => {
    const fetchFn = vi.fn(async () => json(200, { points: [] }));
    const answer = await handle(
      { type: 'history', marketplace: 'ae', asin: 'B0C1XAMPLE', days: 90 },
      SETTINGS,
      fetchFn,
      'content',
    );
    expect(answer).toEqual({ ok: true, data: { points: [] } });
    expect(fetchFn).toHaveBeenCalledWith(
      'https://crossmarket.example/v1/products/ae/B0C1XAMPLE/history?days=90',
      {
        method: 'GET',
        credentials: 'omit',
        headers: { authorization: 'Bearer cm_secret' },
      },
    );
  });

  it('gives the content script the remembered choices, never the address or token', async () => {
    const status = await handle({ type: 'status' }, SETTINGS, vi.fn(), 'content');
    expect(status).toEqual({
      ok: true,
      data: { signedIn: true, server: null, prefs: { sellTo: 'ca' } },
    });
  });

  it('tells a refused token, a refusal, and no answer apart', async () => {
    const lookup = {
      type: 'lookup',
      body: { product_id: 'B0C1XAMPLE', from_country: 'us', to_country: 'ca' },
    } as const;
    expect(
      await handle(lookup, SETTINGS, async () => json(401, { error: { code: 'invalid_token' } }), 'content'),
    ).toEqual({
      ok: false,
      reason: 'signed-out',
    });
    expect(
      await handle(
        lookup,
        SETTINGS,
        async () => json(429, { error: { code: 'quota_used_up', message: 'Used up.' } }),
        'content',
      ),
    ).toEqual({
      ok: false,
      reason: 'refused',
      status: 429,
      code: 'quota_used_up',
      message: 'Used up.',
    });
    expect(
      await handle(lookup, SETTINGS, () => Promise.reject(new TypeError('Failed to fetch')), 'content'),
    ).toEqual({
      ok: false,
      reason: 'unreachable',
    });
    expect(
      await handle(
        lookup,
        SETTINGS,
        async () => new Response('<html>Bad gateway</html>', { status: 502 }),
        'content',
      ),
    ).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('offers only the inventories with both countries of the check', async () => {
    const listed = [
      { id: 'a', title: 'US to CA', from_country: 'us', to_country: 'ca' },
      { id: 'b', title: 'UK to CA', from_country: 'uk', to_country: 'ca' },
    ];
    const fetchFn = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, listed));
    const answer = await handle({ type: 'inventories', from: 'us', to: 'ca' }, SETTINGS, fetchFn, 'content');
    expect(answer).toEqual({ ok: true, data: [listed[0]] });
    expect(fetchFn.mock.calls[0]![0]).toBe('https://crossmarket.example/api/inventories?to_country=ca');
  });
});

describe('testing an address (issue 46)', () => {
  it("asks the address's health check without the token, and takes only Crossmarket's answer", async () => {
    const fetchFn = vi.fn(async () => json(200, { status: 'ok' }));
    expect(
      await handle({ type: 'probe', server: 'http://localhost:4100/x' }, SETTINGS, fetchFn, 'options'),
    ).toEqual({
      ok: true,
      data: null,
    });
    expect(fetchFn).toHaveBeenCalledWith('http://localhost:4100/healthz', {
      method: 'GET',
      credentials: 'omit',
    });
    const other = async () => new Response('<html>', { status: 200 });
    expect(
      await handle({ type: 'probe', server: 'http://localhost:4100' }, SETTINGS, other, 'options'),
    ).toEqual({
      ok: false,
      reason: 'unreachable',
    });
    const down = async () => Promise.reject(new TypeError('fetch failed'));
    expect(
      await handle({ type: 'probe', server: 'http://localhost:4100' }, SETTINGS, down, 'options'),
    ).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });
});

describe('watches (issue 49)', () => {
  const watch = (id: string, marketplace: string, asin: string | null) => ({
    id,
    marketplace,
    asin,
    inventory_id: asin ? null : 'a5c1e1f4-0a52-4d7e-9a3c-1f2b3c4d5e6f',
    condition: 'back_in_stock',
    threshold: null,
    created_at: '2026-11-20T09:00:00.000Z',
  });
  const bearerOnly = { authorization: 'Bearer cm_secret' };

  it("lists the page product's watches on this marketplace, with how many of the plan's are used", async () => {
    const all = [
      watch('w1', 'ae', 'B0C1XAMPLE'),
      watch('w2', 'us', 'B0C1XAMPLE'),
      watch('w3', 'ae', 'B0OTHER001'),
      watch('w4', 'ae', null),
    ];
    const fetchFn = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json(200, { watches: all, limit: 50 }),
    );
    const answer = await handle(
      { type: 'watches', marketplace: 'ae', asin: 'b0c1xample' },
      SETTINGS,
      fetchFn,
      'content',
    );
    expect(answer).toEqual({ ok: true, data: { watches: [all[0]], used: 4, limit: 50 } });
    expect(fetchFn).toHaveBeenCalledWith('https://crossmarket.example/api/watches', {
      method: 'GET',
      credentials: 'omit',
      headers: bearerOnly,
    });
  });

  it('sets a watch with its body as JSON, and removes one by its id', async () => {
    const body = {
      marketplace: 'ae',
      asin: 'B0C1XAMPLE',
      condition: 'price_at_or_below',
      threshold: 45.5,
    } as const;
    const made = { ...watch('w9', 'ae', 'B0C1XAMPLE'), condition: body.condition, threshold: 45.5 };
    const post = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(201, made));
    expect(await handle({ type: 'addWatch', body }, SETTINGS, post, 'content')).toEqual({
      ok: true,
      data: made,
    });
    expect(post).toHaveBeenCalledWith('https://crossmarket.example/api/watches', {
      method: 'POST',
      credentials: 'omit',
      headers: { ...bearerOnly, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    const del = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    expect(await handle({ type: 'removeWatch', id: 'w/9' }, SETTINGS, del, 'content')).toEqual({
      ok: true,
      data: null,
    });
    expect(del).toHaveBeenCalledWith('https://crossmarket.example/api/watches/w%2F9', {
      method: 'DELETE',
      credentials: 'omit',
      headers: bearerOnly,
    });
  });

  it("passes the plan's cap on as a refusal with its key and limit; another's watch is a 404", async () => {
    const key = 'validation.watch.limit';
    const capped = await handle(
      { type: 'addWatch', body: { marketplace: 'us', asin: 'B0C1XAMPLE', condition: 'back_in_stock' } },
      SETTINGS,
      async () =>
        json(409, {
          error: {
            code: 'watch_limit',
            message: 'You can watch at most 5 products.',
            key,
            params: { limit: 5 },
            fields: [{ field: 'limit', key, params: { limit: 5 } }],
          },
        }),
      'content',
    );
    expect(capped).toEqual({
      ok: false,
      reason: 'refused',
      status: 409,
      code: 'watch_limit',
      message: 'You can watch at most 5 products.',
      key,
      params: { limit: 5 },
    });
    const missing = await handle(
      { type: 'removeWatch', id: 'w1' },
      SETTINGS,
      async () => json(404, { error: { code: 'not_found', message: 'This watch was not found.' } }),
      'content',
    );
    expect(missing).toMatchObject({ ok: false, reason: 'refused', status: 404 });
    expect(
      await handle({ type: 'watches', marketplace: 'us', asin: 'B0C1XAMPLE' }, {}, vi.fn(), 'content'),
    ).toEqual({
      ok: false,
      reason: 'signed-out',
    });
  });
});
