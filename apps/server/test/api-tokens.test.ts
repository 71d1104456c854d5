import { API_TOKEN_LIMIT } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, userData } from '../src/db/schema';
import { TEST_APP_URL } from './helpers/app';
import { jsonHeaders } from './helpers/auth';
import { analysisSetting } from './helpers/analysis-setting';
import { productIds, waitForReport } from './helpers/reports';

// Personal API tokens: made, listed and revoked with the session (better-auth's api-key plugin), used
// with `Authorization: Bearer` on the routes token-scope.ts names, with the session's gating and
// ownership, a limit of their own, and no Origin needed.

let s: Awaited<ReturnType<typeof analysisSetting>>;
beforeAll(async () => {
  s = await analysisSetting();
}, 60_000);
afterAll(() => s.close());

const EVIL = 'https://evil.example';
/** better-auth wants the app's Origin on a cookie POST, as the browser sends it. */
const session = (cookie?: string) => jsonHeaders(cookie, { origin: TEST_APP_URL });
const bearer = (token: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  ...extra,
});

interface Created {
  id: string;
  key: string;
  name: string;
  start: string;
  prefix: string;
  expiresAt: string | null;
}

async function createToken(cookie: string, body: object) {
  return s.app.inject({
    method: 'POST',
    url: '/api/auth/api-key/create',
    headers: session(cookie),
    payload: body,
  });
}

async function tokenOf(cookie: string, name: string): Promise<Created> {
  const res = await createToken(cookie, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const list = async (cookie: string) => {
  const res = await s.app.inject({
    method: 'GET',
    url: '/api/auth/api-key/list',
    headers: jsonHeaders(cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { apiKeys: Record<string, unknown>[]; total: number };
};

const revokeAll = async (cookie: string) => {
  for (const k of (await list(cookie)).apiKeys) {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/delete',
      headers: session(cookie),
      payload: { keyId: k.id },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
};

describe('making tokens (session only)', () => {
  it('answers the key once, stores its hash, and lists name, start, dates but never the key', async () => {
    const res = await createToken(s.owner, { name: 'Nightly sync', expiresIn: 30 * 86_400 });
    expect(res.statusCode, res.body).toBe(200);
    const created: Created = res.json();
    expect(created.key).toMatch(/^cm_[A-Za-z]{64}$/);
    expect(created).toMatchObject({ name: 'Nightly sync', prefix: 'cm_', start: created.key.slice(0, 7) });
    const days = (Date.parse(created.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const [row] = await s.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.key).not.toBe(created.key);
    expect(row!.key).not.toContain(created.key.slice(3, 20));

    const listed = await list(s.owner);
    const item = listed.apiKeys.find((k) => k.id === created.id)!;
    expect(item).toMatchObject({ name: 'Nightly sync', start: created.key.slice(0, 7), lastRequest: null });
    expect(item.createdAt).toEqual(expect.any(String));
    expect(item.expiresAt).toBe(created.expiresAt);
    expect(item).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(created.key);
    // Another user's list does not show it.
    expect((await list(s.other)).apiKeys.map((k) => k.id)).not.toContain(created.id);
    await revokeAll(s.owner);
  });

  it('needs a name, refuses fields a client may not set, and an expiry beyond a year', async () => {
    for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(51) }, { name: 'A', expiresIn: 3600 }]) {
      const res = await createToken(s.owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const prefixed = await createToken(s.owner, { name: 'Mine', prefix: 'evil_' });
    expect(prefixed.statusCode).toBe(400);
    expect(prefixed.body).toContain('prefix');
    const tooLong = await createToken(s.owner, { name: 'Long', expiresIn: 400 * 86_400 });
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('1 year'),
    });
    expect((await list(s.owner)).total).toBe(0);
  });

  it(`holds at most ${API_TOKEN_LIMIT} per user: the next is refused until one is revoked`, async () => {
    for (let i = 0; i < API_TOKEN_LIMIT; i++) await tokenOf(s.owner, `Token ${i}`);
    const refused = await createToken(s.owner, { name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'API_KEY_LIMIT_REACHED' });
    // Another user's tokens are theirs to count.
    await tokenOf(s.other, 'Theirs');
    const first = (await list(s.owner)).apiKeys[0]!;
    await s.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/delete',
      headers: session(s.owner),
      payload: { keyId: first.id },
    });
    expect((await createToken(s.owner, { name: 'Room again' })).statusCode).toBe(200);
    await revokeAll(s.owner);
    await revokeAll(s.other);
  });

  it('cannot be made, listed or revoked without a session', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/create',
      headers: session(),
      payload: { name: 'Anonymous' },
    });
    expect(res.statusCode).toBe(401);
    const listed = await s.app.inject({ method: 'GET', url: '/api/auth/api-key/list' });
    expect(listed.statusCode).toBe(401);
  });
});

describe('calling the API with a token', () => {
  it('creates a report, lists it, reads it, filters rows and reads the usage; records last use', async () => {
    const { key, id } = await tokenOf(s.owner, 'Script');
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(key),
      payload: {
        title: 'From my script',
        from_country: 'us',
        to_country: 'ca',
        marketplace: 'amazon',
        source: 'manual',
        product_ids: productIds(3, 'TK').join('\n'),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const reportId = created.json().report_id as string;
    await waitForReport(s.database.db, reportId);

    const listed = await s.app.inject({ method: 'GET', url: '/api/reports', headers: bearer(key) });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain(reportId);
    const detail = await s.app.inject({
      method: 'GET',
      url: `/api/reports/${reportId}`,
      headers: bearer(key),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ title: 'From my script' });

    const rows = await s.app.inject({
      method: 'POST',
      url: '/v1/filters',
      headers: bearer(key),
      payload: { report_id: s.report.id, filters: '', limit: 5, skip: 0 },
    });
    expect(rows.statusCode, rows.body).toBe(200);
    expect(rows.json()).toMatchObject({ total: 30 });
    expect(rows.json().data).toHaveLength(5);

    const usage = await s.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(key) });
    expect(usage.statusCode, usage.body).toBe(200);
    // The owner's day: the seeded report's 30 products and these 3.
    expect(usage.json()).toMatchObject({ r_count: 33 });

    const item = (await list(s.owner)).apiKeys.find((k) => k.id === id)!;
    expect(item.lastRequest).toEqual(expect.any(String));
    await revokeAll(s.owner);
  }, 60_000);

  it('is refused (403) on the account, billing and the token routes, with or without a cookie', async () => {
    const { key } = await tokenOf(s.owner, 'Scoped');
    const calls: [string, string, object?][] = [
      ['GET', '/api/me'],
      ['POST', '/api/set-password', { password: 'another-secret-7' }],
      ['POST', '/api/get-products', {}],
      ['POST', '/api/check-coupon', { coupon: 'X' }],
      ['GET', '/api/auth/api-key/list'],
      ['POST', '/api/auth/api-key/create', { name: 'Minted by a token' }],
      ['GET', '/api/auth/get-session'],
    ];
    for (const [method, url, payload] of calls) {
      for (const headers of [bearer(key), bearer(key, { cookie: s.owner })]) {
        const res = await s.app.inject({ method: method as 'GET', url, headers, payload });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json().error.code).toBe('token_not_allowed');
      }
    }
    expect((await list(s.owner)).total).toBe(1);
    await revokeAll(s.owner);
  });

  it("acts as its owner: another user's token finds no report of the owner's (404)", async () => {
    const { key } = await tokenOf(s.other, 'Stranger');
    const detail = await s.app.inject({
      method: 'GET',
      url: `/api/reports/${s.report.id}`,
      headers: bearer(key),
    });
    expect(detail.statusCode).toBe(404);
    const rows = await s.app.inject({
      method: 'POST',
      url: '/v1/filters',
      headers: bearer(key),
      payload: { report_id: s.report.id, filters: '', limit: 5, skip: 0 },
    });
    expect(rows.statusCode).toBe(404);
    await revokeAll(s.other);
  });

  it('a revoked, expired, unknown or malformed token gets 401', async () => {
    const revoked = await tokenOf(s.owner, 'Revoked');
    const expired = await tokenOf(s.owner, 'Expired');
    const usage = (authorization: string) =>
      s.app.inject({ method: 'GET', url: '/api/usage', headers: { authorization } });
    expect((await usage(`Bearer ${revoked.key}`)).statusCode).toBe(200);
    await s.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/delete',
      headers: session(s.owner),
      payload: { keyId: revoked.id },
    });
    await s.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.id));
    for (const authorization of [
      `Bearer ${revoked.key}`,
      `Bearer ${expired.key}`,
      `Bearer cm_${'x'.repeat(64)}`,
      'Bearer',
      'Bearer two words',
    ]) {
      const res = await usage(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code).toBe('invalid_token');
    }
    // A broken bearer never falls back to the cookie beside it.
    const withCookie = await s.app.inject({
      method: 'GET',
      url: '/api/usage',
      headers: { authorization: `Bearer ${revoked.key}`, cookie: s.owner },
    });
    expect(withCookie.statusCode).toBe(401);
    await revokeAll(s.owner);
  });

  it("keeps the session's gating: a suspended owner's token gets 403", async () => {
    const { key } = await tokenOf(s.other, 'Suspended');
    const otherId = (
      await s.database.db.execute<{ id: string }>(
        sql`select id from "user" where email = 'other@example.com'`,
      )
    ).rows[0]!.id;
    await s.database.db.update(userData).set({ suspended: true }).where(eq(userData.userId, otherId));
    try {
      const res = await s.app.inject({ method: 'GET', url: '/api/reports', headers: bearer(key) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('account_suspended');
    } finally {
      await s.database.db.update(userData).set({ suspended: false }).where(eq(userData.userId, otherId));
      await revokeAll(s.other);
    }
  });

  it('allows 60 requests a minute per token, then 429 with Retry-After; another token has its own', async () => {
    const busy = await tokenOf(s.owner, 'Busy');
    const calm = await tokenOf(s.owner, 'Calm');
    const usage = (key: string) => s.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(key) });
    for (let i = 0; i < 60; i++) expect((await usage(busy.key)).statusCode).toBe(200);
    const limited = await usage(busy.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await usage(calm.key)).statusCode).toBe(200);
    await revokeAll(s.owner);
  }, 60_000);
});

describe('Origin (CSRF)', () => {
  it('a token without a cookie needs no Origin; a cookie, alone or beside a token, still does', async () => {
    const { key } = await tokenOf(s.owner, 'Cross-site');
    const filter = (headers: Record<string, string>) =>
      s.app.inject({
        method: 'POST',
        url: '/v1/filters',
        headers,
        payload: { report_id: s.report.id, filters: '', limit: 1, skip: 0 },
      });
    expect((await filter(bearer(key, { origin: EVIL }))).statusCode).toBe(200);
    expect((await filter(bearer(key))).statusCode).toBe(200);
    const cookieOnly = await filter(jsonHeaders(s.owner, { origin: EVIL }));
    expect(cookieOnly.statusCode).toBe(403);
    expect(cookieOnly.json().error.code).toBe('bad_origin');
    const both = await filter(bearer(key, { origin: EVIL, cookie: s.owner }));
    expect(both.statusCode).toBe(403);
    expect(both.json().error.code).toBe('bad_origin');
    await revokeAll(s.owner);
  });
});
