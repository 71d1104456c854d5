import { amazonConnectionListSchema } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { amazonOauthStates, user } from '../src/db/schema';
import { loadSellerToken, tokenBoxFor } from '../src/features/amazon';
import { SANDBOX_SELLING_PARTNER_ID } from '../src/features/amazon/consent-page';
import { sandboxSellerId } from '../src/providers/sandbox-seller-id';
import {
  browse,
  call,
  callbackPath,
  connectionRows,
  consentChoices,
  KEY_A,
  startConnecting,
  storedText,
} from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, TEST_APP_URL, testConfig, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { pino } from 'pino';

// Connecting Amazon accounts with the default sandbox marketplace: the local consent page, the in-process
// code exchange, and what the routes refuse (a stranger, another user, a spent or foreign state).

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let alice: string;
let bob: string;
const logs: string[] = [];
const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), pino({ level: 'silent' }));

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { TOKEN_ENCRYPTION_KEY: KEY_A }, { logs });
  app = testApp.app;
  [alice, bob] = await Promise.all([
    activeUser(app, database.db, 'alice@example.com'),
    activeUser(app, database.db, 'bob@example.com'),
  ]);
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const listOf = async (cookie: string) => {
  const res = await call(app, 'GET', '/api/amazon/connections', cookie);
  expect(res.statusCode).toBe(200);
  return amazonConnectionListSchema.parse(res.json());
};
const statusOf = async (cookie: string, region: string) =>
  (await listOf(cookie)).find((c) => c.region === region)!.status;

/** Consent in the sandbox: the page for a new state, and its Allow and Decline links. */
async function consentPage(cookie: string, region: string) {
  const { url, state } = await startConnecting(app, cookie, region);
  const page = await app.inject({ url: url.pathname + url.search, headers: { cookie } });
  expect(page.statusCode, page.body).toBe(200);
  return { state, page, ...consentChoices(page.body) };
}

describe('connecting a region through the sandbox consent page', () => {
  it('stores the authorisation sealed, lists it masked, and never shows or logs the token', async () => {
    const { url, state } = await startConnecting(app, alice, 'na');
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_APP_URL}/dev/amazon/consent`);
    expect(url.searchParams.get('application_id')).toBe('amzn1.sp.solution.crossmarket-sandbox');
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/api/amazon/callback`);
    expect(url.searchParams.has('version')).toBe(false);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await app.inject({ url: url.pathname + url.search, headers: { cookie: alice } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toMatch(/<title>[^<]+<\/title>/);
    expect(page.body).toContain('<h1>Allow Crossmarket to access your Amazon selling account?</h1>');
    // Each user connects a sandbox seller of their own: a shared one would mix users' sandbox orders and money.
    const aliceSeller = sandboxSellerId(await userIdOf(database.db, 'alice@example.com'));
    expect(page.body).toContain(`selling_partner_id" value="${aliceSeller}"`);
    // The page only shows the Allow button: whose seller it connects is the signed-in user's.
    const bobsPage = await app.inject({ url: url.pathname + url.search, headers: { cookie: bob } });
    expect(bobsPage.body).toContain(
      `selling_partner_id" value="${sandboxSellerId(await userIdOf(database.db, 'bob@example.com'))}"`,
    );
    expect(bobsPage.body).not.toContain(aliceSeller);
    const { allow } = consentChoices(page.body);
    const code = new URL(allow, TEST_APP_URL).searchParams.get('spapi_oauth_code')!;

    const { res, location } = await browse(app, allow, alice);
    expect(res.statusCode).toBe(302);
    expect(location).toBe('/settings/amazon?connected=na');

    const list = await listOf(alice);
    expect(list.map((c) => [c.region, c.status])).toEqual([
      ['na', 'connected'],
      ['eu', 'not_connected'],
      ['fe', 'not_connected'],
    ]);
    const na = list[0]!;
    expect(na.selling_partner_id).toBe('ASAN…');
    const year = Date.parse(na.renew_by!) - Date.parse(na.connected_at!);
    expect(year).toBe(365 * 24 * 3600 * 1000);
    expect(list[1]).toEqual({
      region: 'eu',
      status: 'not_connected',
      selling_partner_id: null,
      connected_at: null,
      renew_by: null,
      // The sandbox marketplace needs no authorisation anywhere.
      required: false,
      not_selling_in: [],
    });

    const aliceId = await userIdOf(database.db, 'alice@example.com');
    const [row] = await connectionRows(database.db, aliceId);
    expect(row).toMatchObject({
      region: 'na',
      status: 'connected',
      selling_partner_id: aliceSeller,
    });
    expect(row!.key_id).toBe(box.keyId);
    const token = (await loadSellerToken(database.db, box, aliceId, 'na'))!;
    expect(token).toMatch(/^Atzr\|sandbox-/);
    // Neither the table, nor any answer, nor any log line holds the token; the logs not the code or state.
    expect(await storedText(database.db)).not.toContain(token);
    expect(JSON.stringify(list)).not.toContain(token);
    const logged = logs.join('\n');
    for (const secret of [token, code, state]) expect(logged).not.toContain(secret);
    expect(logged).toContain('amazon connection');
    // The request lines are there, with the query's secrets censored.
    expect(logged).toContain('spapi_oauth_code=[redacted]');
  });

  it('answers the consent page to this machine only, and for our application only', async () => {
    const { url } = await startConnecting(app, alice, 'fe');
    const path = url.pathname + url.search;
    const far = await app.inject({ url: path, headers: { cookie: alice }, remoteAddress: '203.0.113.9' });
    expect(far.statusCode).toBe(404);
    const other = path.replace('crossmarket-sandbox', 'someone-else');
    expect((await app.inject({ url: other, headers: { cookie: alice } })).statusCode).toBe(400);
    expect((await app.inject({ url: path })).statusCode).toBe(401);
  });
});

describe('a callback that stores nothing', () => {
  it('refuses a missing, spent, expired or another user’s state', async () => {
    const aliceId = await userIdOf(database.db, 'alice@example.com');
    const bobId = await userIdOf(database.db, 'bob@example.com');
    const before = await connectionRows(database.db, aliceId);

    // No state at all.
    const code = { selling_partner_id: SANDBOX_SELLING_PARTNER_ID, spapi_oauth_code: 'ANsandboxmadeup' };
    expect((await browse(app, callbackPath(code), alice)).location).toBe(
      '/settings/amazon?error=amazon_state_invalid',
    );

    // Alice's link in Bob's browser: refused for Bob, and still good for Alice afterwards.
    const foreign = await consentPage(alice, 'eu');
    expect((await browse(app, foreign.allow, bob)).location).toBe(
      '/settings/amazon?error=amazon_state_invalid',
    );
    expect(await connectionRows(database.db, bobId)).toEqual([]);

    // Expired: ten minutes have passed.
    const late = await consentPage(alice, 'fe');
    await database.db
      .update(amazonOauthStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${amazonOauthStates.region} = 'fe' and ${amazonOauthStates.usedAt} is null`);
    expect((await browse(app, late.allow, alice)).location).toBe(
      '/settings/amazon?error=amazon_state_invalid',
    );
    expect(await connectionRows(database.db, aliceId)).toEqual(before);

    // Spent: the first use connects, the same link again is refused and changes nothing.
    expect((await browse(app, foreign.allow, alice)).location).toBe('/settings/amazon?connected=eu');
    const connected = await connectionRows(database.db, aliceId);
    expect((await browse(app, foreign.allow, alice)).location).toBe(
      '/settings/amazon?error=amazon_state_invalid',
    );
    expect(await connectionRows(database.db, aliceId)).toEqual(connected);
  });

  it('says amazon_declined when the seller declines, and spends the state', async () => {
    const { decline, allow } = await consentPage(bob, 'na');
    expect(decline).toContain('error=access_denied');
    expect((await browse(app, decline, bob)).location).toBe('/settings/amazon?error=amazon_declined');
    expect((await browse(app, allow, bob)).location).toBe('/settings/amazon?error=amazon_state_invalid');
    expect(await statusOf(bob, 'na')).toBe('not_connected');
  });

  it('says amazon_exchange_failed for a code Login with Amazon does not know, or a malformed answer', async () => {
    const { state } = await startConnecting(app, bob, 'na');
    const made = callbackPath({ state, selling_partner_id: 'A9Z9', spapi_oauth_code: 'ANsandboxnotminted' });
    expect((await browse(app, made, bob)).location).toBe('/settings/amazon?error=amazon_exchange_failed');
    const other = await startConnecting(app, bob, 'na');
    const noSeller = callbackPath({ state: other.state, spapi_oauth_code: 'ANsandboxx' });
    expect((await browse(app, noSeller, bob)).location).toBe('/settings/amazon?error=amazon_exchange_failed');
    expect(await statusOf(bob, 'na')).toBe('not_connected');
  });
});

describe('the routes', () => {
  it('answers a stranger 401, and sends a stranger’s browser to sign in', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/amazon/connections', undefined],
      ['POST', '/api/amazon/connections', { region: 'na' }],
      ['DELETE', '/api/amazon/connections/na', undefined],
      ['GET', '/api/amazon/callback?state=x', undefined],
      ['GET', '/api/amazon/login', undefined],
    ] as const) {
      const res = await call(app, method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
    const page = await browse(app, '/api/amazon/callback?state=x');
    expect([page.res.statusCode, page.location]).toEqual([302, '/login']);
  });

  it('refuses a region it does not know, naming the field', async () => {
    const res = await call(app, 'POST', '/api/amazon/connections', alice, { region: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: 'region', key: 'validation.amazon.region', message: 'Choose an Amazon region.' },
    ]);
  });

  it("builds the consent link from the marketplace the seller's account is in; one outside the region is refused", async () => {
    const res = await call(app, 'POST', '/api/amazon/connections', alice, {
      region: 'fe',
      marketplace: 'sg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<{ authorize_url: string }>().authorize_url);
    expect(url.searchParams.get('seller_central')).toBe('https://sellercentral.amazon.sg');
    // The page the seller opens says so.
    const consent = await app.inject({ url: url.pathname + url.search, headers: { cookie: alice } });
    expect(consent.body).toContain('https://sellercentral.amazon.sg');
    const wrong = await call(app, 'POST', '/api/amazon/connections', alice, {
      region: 'fe',
      marketplace: 'us',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual([
      {
        field: 'marketplace',
        key: 'validation.amazon.marketplace',
        message: 'Choose a marketplace of this region.',
      },
    ]);
  });

  it('holds at most 20 live consent links per user', async () => {
    const carol = await activeUser(app, database.db, 'carol@example.com');
    for (let i = 0; i < 20; i++) await startConnecting(app, carol, 'na');
    const res = await call(app, 'POST', '/api/amazon/connections', carol, { region: 'na' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({ code: 'rate_limited', key: 'apiErrors.tooMany' });
  });

  it('takes 30 consent links an hour from one user, even when each was used (a connect loop)', async () => {
    const erin = await activeUser(app, database.db, 'erin@example.com');
    const erinId = await userIdOf(database.db, 'erin@example.com');
    // Each link used at once, as a callback would: the live links' cap never bites.
    const useAll = () =>
      database.db
        .update(amazonOauthStates)
        .set({ usedAt: sql`now()` })
        .where(eq(amazonOauthStates.userId, erinId));
    for (let i = 0; i < 30; i++) {
      await startConnecting(app, erin, 'na');
      await useAll();
    }
    const res = await call(app, 'POST', '/api/amazon/connections', erin, { region: 'na' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({ code: 'rate_limited', key: 'apiErrors.tooMany' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    // Someone else still connects.
    expect((await call(app, 'POST', '/api/amazon/connections', bob, { region: 'na' })).statusCode).toBe(200);
  });
});

describe("another user's connection", () => {
  it('is neither listed nor deleted for Bob: 404, and Alice keeps it', async () => {
    expect(await statusOf(alice, 'eu')).toBe('connected');
    expect(await statusOf(bob, 'eu')).toBe('not_connected');
    const res = await call(app, 'DELETE', '/api/amazon/connections/eu', bob);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'No Amazon account is connected in this region.' },
    });
    expect(await statusOf(alice, 'eu')).toBe('connected');
  });

  it('is deleted by its owner, once; an unknown region is 404', async () => {
    const res = await call(app, 'DELETE', '/api/amazon/connections/eu', alice);
    expect(res.statusCode).toBe(204);
    expect(await statusOf(alice, 'eu')).toBe('not_connected');
    expect((await call(app, 'DELETE', '/api/amazon/connections/eu', alice)).statusCode).toBe(404);
    expect((await call(app, 'DELETE', '/api/amazon/connections/xx', alice)).statusCode).toBe(404);
    expect(await statusOf(alice, 'na')).toBe('connected');
  });

  it('goes with the account, links and all', async () => {
    const dave = await activeUser(app, database.db, 'dave@example.com');
    const { allow } = await consentPage(dave, 'fe');
    expect((await browse(app, allow, dave)).location).toBe('/settings/amazon?connected=fe');
    await startConnecting(app, dave, 'na');
    const daveId = await userIdOf(database.db, 'dave@example.com');
    expect(await connectionRows(database.db, daveId)).toHaveLength(1);
    await database.db.delete(user).where(eq(user.id, daveId));
    expect(await connectionRows(database.db, daveId)).toEqual([]);
    const states = await database.db
      .select()
      .from(amazonOauthStates)
      .where(eq(amazonOauthStates.userId, daveId));
    expect(states).toEqual([]);
  });
});
