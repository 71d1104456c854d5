import type { RouteOptions } from 'fastify';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../src/http/json-body';
import { buildTestApp, fakeWebDist, type TestApp } from './helpers/app';
import { activeUser, addressOf } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Every route as Fastify adds it: the app's onRoute hook, added before anything registers a route.
function routeLog(routes: { method: string; url: string }[]) {
  return (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  };
}

/** better-auth's catch-all, walked through the endpoints a browser posts to. */
const AUTH_PATHS = [
  'sign-in/magic-link',
  'sign-in/email',
  'sign-up/email',
  'request-password-reset',
  'send-verification-email',
  'sign-out',
];

/** A route's URLs with its parameters filled in (each `:param` a plausible value). */
function concrete(url: string): string[] {
  if (url === '/api/auth/*') return AUTH_PATHS.map((p) => `/api/auth/${p}`);
  const filled = url
    .replace(':id', '00000000-0000-4000-8000-000000000000')
    .replace(':productId', 'B000000001')
    .replace(':asin', 'B000000001')
    .replace(':region', 'na')
    .replace(/:(\w+)/g, 'x');
  return [filled === '*' || filled === '/*' ? '/some/page' : filled];
}

// Larger than any route's bodyLimit (reports take 4 MB).
const OVERSIZE = `{"x":"${'a'.repeat(5 * 1024 * 1024)}"}`;

/** Bodies no route is meant to accept, each with the content type it is sent as. */
const HOSTILE: ReadonlyArray<readonly [string, string, string]> = [
  ['__proto__ key', 'application/json', '{"__proto__":{"polluted":true},"report_id":"x"}'],
  ['constructor.prototype', 'application/json', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['invalid JSON', 'application/json', '{"a":'],
  ['empty JSON body', 'application/json', ''],
  ['wrong content type', 'application/xml', '<a/>'],
  ['multipart without a boundary', 'multipart/form-data', '--x\r\n'],
  [
    'cut-off multipart',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  ],
  ['overlong multipart boundary', `multipart/form-data; boundary=${'b'.repeat(300)}`, '--b\r\n'],
  ['plain text', 'text/plain', 'hello'],
  ['oversize body', 'application/json', OVERSIZE],
  // Valid JSON of every shape but the expected one: these reach the handlers.
  ['JSON null', 'application/json', 'null'],
  ['JSON array', 'application/json', '[1,{"a":null},[]]'],
  ['JSON number', 'application/json', '42'],
  ['JSON string', 'application/json', '"text"'],
  [
    'members of the wrong types',
    'application/json',
    JSON.stringify({
      report_id: null,
      settings: null,
      pricing_rules: [null, 7],
      filters: { a: 1 },
      product_ids: null,
      email: ['a@example.com'],
      name: {},
      content: [],
      title: 7,
      topic: null,
      message: { text: 'x' },
      price_id: 12,
      limit: 'all',
      skip: -1,
    }),
  ],
];

let database: TestDatabase;
let distDir: string;
const built: { app: TestApp; routes: { method: string; url: string }[]; logs: string[] }[] = [];
let cookie: string;

async function build(overrides: object, worker: boolean) {
  const routes: { method: string; url: string }[] = [];
  const logs: string[] = [];
  const app = await buildTestApp(
    database,
    { webDistDir: distDir, ...overrides },
    { worker, logs, onRoute: routeLog(routes) },
  );
  built.push({ app, routes, logs });
  return app;
}

interface LogLine {
  level: number;
  reqId?: string;
  msg?: string;
  err?: { type?: string };
  res?: { statusCode?: number };
}
const parsed = (logs: string[]) =>
  logs.flatMap((line) => {
    try {
      return [{ line, log: JSON.parse(line) as LogLine }];
    } catch {
      return [];
    }
  });

/**
 * Server-side failures in the log: an error logged with its exception, or a 5xx answer. (better-auth logs
 * a client's foreign callbackURL at error level too, with neither: the client's mistake, answered 403.)
 */
const failuresIn = (logs: string[]) =>
  parsed(logs)
    .filter(({ log }) => log.level >= 50 && (log.err !== undefined || (log.res?.statusCode ?? 0) >= 500))
    // In Stripe mode a request that reaches Stripe meets the unreachable STRIPE_API_BASE on purpose.
    .filter(({ log }) => !log.err?.type?.startsWith('Stripe'))
    .map(({ line }) => line);

/** Whether the 500 of request `id` was Stripe being unreachable (the test's doing, see above). */
const stripeDown = (logs: string[], id: unknown) =>
  parsed(logs).some(({ log }) => log.reqId === id && log.err?.type?.startsWith('Stripe'));

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = fakeWebDist();
  const { app } = await build({}, true);
  cookie = await activeUser(app, database.db, 'hostile@example.com');
  await subscribe(app, cookie, 'S');
  // Stripe mode adds its own routes (the SetupIntent, the webhook); nothing is asked of Stripe here.
  await build(
    {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_hostile',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_hostile',
      STRIPE_WEBHOOK_SECRET: 'whsec_hostile',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    },
    false,
  );
}, 60_000);
afterAll(async () => {
  for (const { app } of built) await app.close();
  await database.destroy();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('errors raised before a handler', () => {
  it('never answer 500 on any route, signed in or not, and fit the route’s error answers', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const { app, routes, logs } of built) {
      logs.length = 0;
      for (const route of routes) {
        for (const url of concrete(route.url)) {
          for (const [what, type, payload] of HOSTILE) {
            for (const signedIn of [true, false]) {
              sent++;
              const res = await app.app.inject({
                method: route.method as 'POST',
                url,
                // Each request from its own address: the sign-in and mail limits must not hide the parser.
                remoteAddress: addressOf(`${sent}@hostile`),
                headers: { 'content-type': type, ...(signedIn ? { cookie } : {}) },
                payload,
              });
              if (res.statusCode >= 500 && !stripeDown(logs, res.headers['x-request-id']))
                failures.push(`${route.method} ${url} ${what}${signedIn ? ' (signed in)' : ''}: ${res.body}`);
            }
          }
        }
      }
      failures.push(...failuresIn(logs).map((line) => `logged: ${line.slice(0, 400)}`));
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 120_000);

  it('answer /v1/settings in its own error shape (`error: true`)', async () => {
    const { app } = built[0]!.app;
    const res = await app.inject({
      method: 'POST',
      url: '/v1/settings',
      headers: { 'content-type': 'application/json', cookie },
      payload: '{"__proto__":{"x":1},"report_id":"00000000-0000-4000-8000-000000000000"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, code: expect.any(String), message: expect.any(String) });
    for (const [type, payload, status] of [
      ['application/xml', '<a/>', 415],
      ['application/json', OVERSIZE, 413],
    ] as const) {
      const refused = await app.inject({
        method: 'POST',
        url: '/v1/settings',
        headers: { 'content-type': type, cookie },
        payload,
      });
      expect(refused.statusCode).toBe(status);
      expect(refused.json()).toMatchObject({ error: true, code: expect.any(String) });
    }
  });

  it('answer our other routes in the shared `{ error: { code, message } }` shape', async () => {
    const { app } = built[0]!.app;
    const res = await app.inject({
      method: 'POST',
      url: '/api/filter-sets',
      headers: { 'content-type': 'application/json', cookie },
      payload: '{"__proto__":{"x":1}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('POST /api/auth/sign-in/magic-link with odd bodies', () => {
  const deep = (depth: number): unknown => (depth === 0 ? 'a@b.co' : { email: deep(depth - 1) });
  const BODIES: ReadonlyArray<readonly [string, string]> = [
    ['an array', '[]'],
    ['an array of e-mails', '["a@example.com"]'],
    ['a number', '42'],
    ['null', 'null'],
    ['true', 'true'],
    ['a string', '"a@example.com"'],
    ['an empty object', '{}'],
    ['a nested e-mail', '{"email":{"address":"a@example.com"}}'],
    ['an e-mail list', '{"email":["a@example.com"]}'],
    ['a numeric e-mail', '{"email":12345}'],
    ['a null e-mail', '{"email":null}'],
    ['a huge e-mail', JSON.stringify({ email: `${'a'.repeat(200_000)}@example.com` })],
    ['a huge string body', JSON.stringify('x'.repeat(900_000))],
    ['a deep object', JSON.stringify({ email: deep(500) })],
    ['an odd callback', '{"email":"a@example.com","callbackURL":{"x":1}}'],
    ['a numeric name', '{"email":"a@example.com","name":7}'],
    ['a foreign callback', '{"email":"a@example.com","callbackURL":"https://evil.example/x"}'],
  ];

  it('answers 4xx (or the usual 200) to each, and logs no failure', async () => {
    const { app, logs } = built[0]!;
    logs.length = 0;
    const answers: string[] = [];
    let n = 0;
    for (const [what, payload] of BODIES) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/magic-link',
        remoteAddress: addressOf(`${n++}@magic`),
        headers: { 'content-type': 'application/json' },
        payload,
      });
      if (res.statusCode >= 500) answers.push(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    expect(answers).toEqual([]);
    expect(failuresIn(logs).map((line) => line.slice(0, 400))).toEqual([]);
  });
});

describe('U+0000 anywhere in a request', () => {
  const NUL = '\u0000';
  /** Every member a route of ours or better-auth's reads, each holding a NUL. */
  const NUL_BODY = Object.fromEntries(
    [
      'email',
      'password',
      'name',
      'callbackURL',
      'report_id',
      'title',
      'topic',
      'message',
      'content',
      'reason',
      'product_ids',
      'price_id',
      'first_name',
      'token',
      'asin',
    ].map((key) => [key, `a${NUL}b`]),
  );
  const NUL_QUERY = '?q=%00&page=%00&token=%00&asin=%00&status=%00&callbackURL=%00';

  it('is refused on every route, in the body and in the query, signed in or not: never a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const { app, routes, logs } of built) {
      logs.length = 0;
      for (const route of routes) {
        for (const url of concrete(route.url)) {
          for (const signedIn of [true, false]) {
            for (const [what, target, payload] of [
              ['body', url, JSON.stringify(NUL_BODY)],
              ['query', `${url}${url.includes('?') ? '&' : '?'}${NUL_QUERY.slice(1)}`, undefined],
              ['key', url, JSON.stringify({ [`e${NUL}mail`]: 'a@example.com' })],
            ] as const) {
              sent++;
              const res = await app.app.inject({
                method: route.method as 'POST',
                url: target,
                remoteAddress: addressOf(`${sent}@nul`),
                headers: {
                  ...(payload !== undefined && { 'content-type': 'application/json' }),
                  ...(signedIn ? { cookie } : {}),
                },
                ...(payload !== undefined && { payload }),
              });
              if (res.statusCode >= 500 && !stripeDown(logs, res.headers['x-request-id']))
                failures.push(
                  `${route.method} ${target} ${what}${signedIn ? ' (signed in)' : ''}: ${res.body}`,
                );
            }
          }
        }
      }
      failures.push(...failuresIn(logs).map((line) => `logged: ${line.slice(0, 400)}`));
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 400 naming the field, before better-auth or a handler sees it', async () => {
    const { app } = built[0]!.app;
    const post = (url: string, payload: object, signedIn = false) =>
      app.inject({
        method: 'POST',
        url,
        remoteAddress: addressOf(`${url}${JSON.stringify(payload)}`),
        headers: { 'content-type': 'application/json', ...(signedIn ? { cookie } : {}) },
        payload,
      });
    const fieldOf = (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(400);
      const { error } = res.json() as { error: { code: string; fields: { field: string; key: string }[] } };
      expect(error.code).toBe('validation_error');
      expect(error.fields[0]!.key).toBe('validation.nulCharacter');
      return error.fields[0]!.field;
    };
    // The two reported from a fresh start, and a NUL in any other member.
    expect(fieldOf(await post('/api/auth/sign-in/email', { email: NUL, password: 'secret-123' }))).toBe(
      'email',
    );
    expect(
      fieldOf(await post('/api/auth/sign-up/email', { email: NUL, password: 'secret-123', name: 'x' })),
    ).toBe('email');
    expect(
      fieldOf(
        await post('/api/auth/sign-up/email', { email: 'n@example.com', password: `p${NUL}`, name: 'x' }),
      ),
    ).toBe('password');
    expect(
      fieldOf(await post('/api/auth/sign-in/magic-link', { email: 'm@example.com', name: [1, { a: NUL }] })),
    ).toBe('name.1.a');
    expect(fieldOf(await post('/api/auth/sign-in/email', { [`pass${NUL}word`]: 'x' }))).toBe(
      'pass\\u0000word',
    );
    // Nested as deep as the parser lets through (http/json-body.ts; deeper: hostile-depth.test.ts).
    const deep = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${'['.repeat(MAX_JSON_DEPTH - 1)}"\\u0000"${']'.repeat(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(fieldOf(deep)).toBe(`email${'.0'.repeat(MAX_JSON_DEPTH - 1)}`);
    // A query string, and a signed-in route of ours.
    const verify = await app.inject({ url: '/api/auth/verify-email?token=%00' });
    expect(fieldOf(verify)).toBe('token');
    expect(fieldOf(await post('/api/filter-sets', { name: `x${NUL}`, filters: {} }, true))).toBe('name');
  });
});
