import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CONFIG, consoleCallers, tokenOf, type ConsoleCallers } from './helpers/admin';
import { buildTestApp, fakeWebDist, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { concrete, registeredRoutes } from './helpers/routes';

let database: TestDatabase;
let s: TestApp;
let callers: ConsoleCallers;
let sellerToken: string;
let operatorToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  s = await buildTestApp(database, { ...ADMIN_CONFIG, webDistDir: fakeWebDist() });
  callers = await consoleCallers(s.app, database.db);
  sellerToken = await tokenOf(s.app, callers.seller);
  operatorToken = await tokenOf(s.app, callers.operator);
});
afterAll(async () => {
  await s.close();
  await database.destroy();
});

const adminRoutes = () => registeredRoutes(s.app).filter(([, path]) => path.startsWith('/api/admin/'));
/** Console GETs that take no query: any query string is ignored, not refused. */
const NO_QUERY = ['/api/admin/work', '/api/admin/system'];
const BODIES = [
  '{"reason":"because","suspended":true,"role":"operator","days":3}',
  '{"unexpected":1}',
  '{"not json',
];

describe('the console to anyone but an operator', () => {
  it('answers 404 on every /api/admin/* route: signed out, as a seller, with a token', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const who: [string, Record<string, string>][] = [
      ['signed out', {}],
      ['seller', { cookie: callers.seller }],
      ['seller token', { authorization: `Bearer ${sellerToken}` }],
      // A token is never the console's, not even an operator's.
      ['operator token', { authorization: `Bearer ${operatorToken}` }],
      [
        'operator token with the cookie',
        { authorization: `Bearer ${operatorToken}`, cookie: callers.operator },
      ],
    ];
    for (const [method, path] of routes) {
      const url = concrete(path).replace(':userId', callers.sellerId);
      for (const [name, headers] of who) {
        for (const payload of method === 'GET' ? [undefined] : BODIES) {
          const res = await s.app.inject({
            method: method as 'GET',
            url,
            headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            ...(payload !== undefined && { payload }),
          });
          expect({ name, method, path, status: res.statusCode }).toEqual({ name, method, path, status: 404 });
          expect(res.json().error.code).toBe('not_found');
        }
      }
    }
  });

  it('answers 404 on the console pages, and the page to an operator', async () => {
    const pages = ['/admin', '/admin/users', `/admin/users/${callers.sellerId}`, '/admin/audit'];
    for (const url of [...pages, '/admin/work', '/admin/system']) {
      const stranger = await s.app.inject({ method: 'GET', url });
      expect(stranger.statusCode).toBe(404);
      const seller = await s.app.inject({ method: 'GET', url, headers: { cookie: callers.seller } });
      expect(seller.statusCode).toBe(404);
      const token = await s.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${sellerToken}` },
      });
      expect(token.statusCode).toBe(404);
      const operator = await s.app.inject({ method: 'GET', url, headers: { cookie: callers.operator } });
      expect(operator.statusCode).toBe(200);
      expect(operator.headers['content-type']).toContain('text/html');
    }
  });
});

describe('the console to an operator', () => {
  it('answers 400 naming the field to a bad body or query', async () => {
    const checked: string[] = [];
    for (const [method, path] of adminRoutes()) {
      // A scheduled job's name is checked before the body: a real one, so the body's field is named.
      const url = concrete(path).replace(':userId', callers.sellerId).replace(':name', 'watch-refresh');
      const res =
        method === 'GET'
          ? await s.app.inject({ method: 'GET', url: `${url}?page=0`, headers: { cookie: callers.operator } })
          : await s.app.inject({
              method: method as 'POST',
              url,
              headers: { cookie: callers.operator, 'content-type': 'application/json' },
              payload: '{"reason":"","days":"many"}',
            });
      if (method === 'GET' && /\/:(userId|id)$/.test(path)) {
        // A user's or a ticket's page has no query: its bad input is an unknown id, a 404 like any.
        expect(res.statusCode).toBe(path.endsWith(':userId') ? 200 : 404);
        continue;
      }
      if (method === 'GET' && NO_QUERY.includes(path)) {
        expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
        continue;
      }
      expect({ path, status: res.statusCode }).toEqual({ path, status: 400 });
      const fields = res.json().error.fields.map((f: { field: string }) => f.field);
      expect(fields).toContain(method === 'GET' ? 'page' : path.endsWith('/reply') ? 'message' : 'reason');
      checked.push(`${method} ${path}`);
    }
    expect(checked).toContain('POST /api/admin/users/:userId/suspension');
    expect(checked).toContain('GET /api/admin/users');
    expect(checked).toContain('POST /api/admin/tickets/:id/reply');
    expect(checked).toContain('POST /api/admin/reports/:id/cancel');
    expect(checked).toContain('POST /api/admin/jobs/:id/retry');
  });

  it('answers 404 for an unknown user id', async () => {
    const unknown = await s.app.inject({
      method: 'GET',
      url: '/api/admin/users/nobody-has-this-id',
      headers: { cookie: callers.operator },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
