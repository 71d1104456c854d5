import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { mailOutbox } from '../src/db/schema';
import { loadSellerToken, markRevoked, tokenBoxFor, UnknownTokenKeyError } from '../src/features/amazon';
import { createConnectFlow } from '../src/features/amazon/connect-flow';
import { createTokenBox, keyIdOf } from '../src/features/amazon/token-box';
import { parseEncryptionKey } from '../src/config';
import { pgBossQueue } from '../src/jobs/queue';
import {
  browse,
  call,
  callbackPath,
  connectionRows,
  KEY_A,
  KEY_B,
  startConnecting,
  storedText,
} from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, TEST_APP_URL, testConfig, type TestApp } from './helpers/app';
import { activeUser, waitForMail } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// Connecting with SP-API: Amazon's consent link, the code exchanged at Login with Amazon (the stand-in),
// the Appstore's log-in URI, an authorisation Amazon revokes, and the key rotating under stored tokens.

const REDIRECT_URI = `${TEST_APP_URL}/api/amazon/callback`;
const SPAPI = {
  MARKETPLACE_PROVIDER: 'spapi',
  SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
  SPAPI_CLIENT_SECRET: 'secret',
  SPAPI_REFRESH_TOKEN_NA: 'Atzr|app-own',
  SPAPI_APP_ID: 'amzn1.sp.solution.test-app',
  SPAPI_APP_DRAFT: true,
  TOKEN_ENCRYPTION_KEY: KEY_A,
} as const;

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let stand: SpapiStandIn;
let seller: string;
let sellerId: string;
const logs: string[] = [];
/** The selling partner every authorisation belongs to at the stand-in, when a test says (else any id). */
let realSeller: string | undefined;
/** The marketplace ids the stand-in's sellers participate in, when a test says (else all). */
let participating: string[] | undefined;
const silent = pino({ level: 'silent' });
const boxA = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), silent);

beforeAll(async () => {
  database = await createTestDatabase();
  stand = await startSpapiStandIn(undefined, {
    sellerOf: () => realSeller,
    participations: () => participating,
  });
  testApp = await buildTestApp(
    database,
    { ...SPAPI, LWA_TOKEN_URL: stand.lwaUrl, SPAPI_ENDPOINT: stand.url },
    { logs },
  );
  app = testApp.app;
  seller = await activeUser(app, database.db, 'seller@example.com');
  sellerId = await userIdOf(database.db, 'seller@example.com');
});
afterAll(async () => {
  await testApp.close();
  await stand.close();
  await database.destroy();
});

/** A seller's Amazon authorisation through the stand-in: the consent link, Amazon's code, the callback. */
async function connect(region: string, sellingPartnerId = 'A3SPAPISELLER1') {
  const { url, state } = await startConnecting(app, seller, region);
  const code = stand.mintCode({ redirectUri: REDIRECT_URI });
  const { location } = await browse(
    app,
    callbackPath({ state, selling_partner_id: sellingPartnerId, spapi_oauth_code: code }),
    seller,
  );
  return { url, state, code, location, token: stand.issuedRefreshTokens.at(-1)! };
}

/** A refresh-token exchange at the stand-in, as the lookups will make one. */
const refresh = (refreshToken: string) =>
  fetch(stand.lwaUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: SPAPI.SPAPI_CLIENT_ID,
      client_secret: SPAPI.SPAPI_CLIENT_SECRET,
    }),
  });

describe('the consent link', () => {
  it("opens the region's Seller Central for our application, as a draft with version=beta", async () => {
    const { url } = await startConnecting(app, seller, 'eu');
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://sellercentral-europe.amazon.com/apps/authorize/consent',
    );
    expect(url.searchParams.get('application_id')).toBe('amzn1.sp.solution.test-app');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('version')).toBe('beta');
  });

  it('goes to SELLER_CENTRAL_URL when set; no application id means not configured', async () => {
    const flow = createConnectFlow(
      testConfig({ ...SPAPI, SPAPI_APP_DRAFT: false, SELLER_CENTRAL_URL: 'http://127.0.0.1:9' }),
    );
    const url = new URL(flow.authorizeUrl('fe', 'st'));
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/apps/authorize/consent');
    expect(url.searchParams.has('version')).toBe(false);
    expect(createConnectFlow(testConfig({ ...SPAPI, SPAPI_APP_ID: undefined })).available).toBe(false);
  });
});

describe('the code exchange at Login with Amazon', () => {
  it('stores the refresh token Amazon gives, sealed; the lookups get it back', async () => {
    const { location, token, code } = await connect('na');
    expect(location).toBe('/settings/amazon?connected=na');
    expect(token).toMatch(/^Atzr\|/);
    expect(await loadSellerToken(database.db, boxA, sellerId, 'na')).toBe(token);
    expect(await storedText(database.db)).not.toContain(token);
    for (const secret of [token, code]) expect(logs.join('\n')).not.toContain(secret);
    // The stored authorisation works at Amazon; its code does not work twice.
    expect((await refresh(token)).status).toBe(200);
    const again = await fetch(stand.lwaUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: 'x',
        client_secret: 'y',
      }),
    });
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a selling partner id the authorisation does not speak for, proven by one call; stores nothing', async () => {
    realSeller = 'A3REALSELLER1';
    try {
      const before = await connectionRows(database.db, sellerId);
      const calls = stand.arrivals.getListingsRestrictions.length;
      // The browser's redirect names another seller: Amazon refuses restrictions for it (403).
      expect((await connect('fe', 'A3SOMEONEELSE')).location).toBe(
        '/settings/amazon?error=amazon_seller_mismatch',
      );
      expect(await connectionRows(database.db, sellerId)).toEqual(before);
      expect(logs.join('\n')).toContain('seller_mismatch');
      // The right id connects, after one call.
      expect((await connect('fe', 'A3REALSELLER1')).location).toBe('/settings/amazon?connected=fe');
      expect(stand.arrivals.getListingsRestrictions.length - calls).toBeGreaterThanOrEqual(2);
    } finally {
      realSeller = undefined;
    }
  });

  it('reads where the seller may sell at connect time, and shows the countries they are not registered in', async () => {
    // A US seller not registered in Canada (nor Mexico).
    participating = ['ATVPDKIKX0DER'];
    try {
      expect((await connect('na')).location).toBe('/settings/amazon?connected=na');
    } finally {
      participating = undefined;
    }
    const list = (await call(app, 'GET', '/api/amazon/connections', seller)).json<
      { region: string; not_selling_in: string[] }[]
    >();
    expect(list.find((c) => c.region === 'na')!.not_selling_in).toEqual(['ca', 'mx']);
    // Registered everywhere, nothing to say.
    expect((await connect('na')).location).toBe('/settings/amazon?connected=na');
    const again = (await call(app, 'GET', '/api/amazon/connections', seller)).json<
      { region: string; not_selling_in: string[] }[]
    >();
    expect(again.find((c) => c.region === 'na')!.not_selling_in).toEqual([]);
  });

  it('stores nothing when Amazon refuses the code (expired, or for another redirect URI)', async () => {
    const before = await connectionRows(database.db, sellerId);
    for (const code of [
      stand.mintCode({ redirectUri: REDIRECT_URI, lifeMs: -1 }),
      stand.mintCode({ redirectUri: 'https://elsewhere.example/callback' }),
    ]) {
      const { state } = await startConnecting(app, seller, 'fe');
      const path = callbackPath({ state, selling_partner_id: 'A3SPAPISELLER1', spapi_oauth_code: code });
      expect((await browse(app, path, seller)).location).toBe(
        '/settings/amazon?error=amazon_exchange_failed',
      );
    }
    expect(await connectionRows(database.db, sellerId)).toEqual(before);
    expect(logs.join('\n')).toContain('amazon code exchange failed');
  });
});

describe('the Appstore log-in URI', () => {
  it("sends a signed-in seller back to Amazon's callback with our state, then connects", async () => {
    const amazonCallback =
      'https://sellercentral.amazon.co.uk/apps/authorize/confirm/amzn1.sp.solution.test-app';
    const { location } = await browse(
      app,
      `/api/amazon/login?${new URLSearchParams({
        amazon_callback_uri: amazonCallback,
        amazon_state: 'amazon-state-1',
        selling_partner_id: 'A3APPSTORE01',
      })}`,
      seller,
    );
    const back = new URL(location!);
    expect(`${back.origin}${back.pathname}`).toBe(amazonCallback);
    expect(back.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(back.searchParams.get('amazon_state')).toBe('amazon-state-1');
    expect(back.searchParams.get('version')).toBe('beta');
    const state = back.searchParams.get('state')!;
    const code = stand.mintCode({ redirectUri: REDIRECT_URI });
    const done = await browse(
      app,
      callbackPath({ state, selling_partner_id: 'A3APPSTORE01', spapi_oauth_code: code }),
      seller,
    );
    // The UK's Seller Central is the Europe region.
    expect(done.location).toBe('/settings/amazon?connected=eu');
  });

  it("refuses any callback but Amazon's own Seller Central over HTTPS: no open redirect", async () => {
    for (const uri of [
      'https://evil.example/apps/authorize/confirm/x',
      'http://sellercentral.amazon.com/apps/authorize/confirm/x',
      'https://sellercentral.amazon.com.evil.example/x',
      'https://sellercentral.amazon.com:8443/x',
      'not a url',
    ]) {
      const path = `/api/amazon/login?${new URLSearchParams({ amazon_callback_uri: uri, amazon_state: 's' })}`;
      expect((await browse(app, path, seller)).location, uri).toBe(
        '/settings/amazon?error=amazon_state_invalid',
      );
    }
  });
});

describe('an authorisation Amazon revokes', () => {
  it('turns revoked on invalid_grant, mails the seller once, and is handed out no more', async () => {
    const { token } = await connect('fe', 'A3REVOKED001');
    stand.revoke(token);
    const refused = await refresh(token);
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_grant',
    ]);

    const queue = pgBossQueue(testApp.worker!.boss);
    // Several lookups hit the refusal at once, and one later: only one of them changes anything.
    const outcomes = await Promise.all([1, 2, 3].map(() => markRevoked(database.db, queue, sellerId, 'fe')));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await markRevoked(database.db, queue, sellerId, 'fe')).toBe(false);
    expect(await loadSellerToken(database.db, boxA, sellerId, 'fe')).toBeNull();

    const mail = await waitForMail(database.db, 'seller@example.com', /disconnected/);
    expect(mail.text).toContain('Far East (AU, SG)');
    expect(mail.text).not.toContain(token);
    await new Promise((r) => setTimeout(r, 500));
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'seller@example.com'));
    expect(mails.filter((m) => /disconnected/.test(m.subject))).toHaveLength(1);

    const list = (await call(app, 'GET', '/api/amazon/connections', seller)).json();
    expect(list.find((c: { region: string }) => c.region === 'fe').status).toBe('revoked');
    const [row] = (await connectionRows(database.db, sellerId)).filter((r) => r.region === 'fe');
    expect(row!.revoked_at).not.toBeNull();

    // A new consent connects the region again.
    expect((await connect('fe', 'A3REVOKED001')).location).toBe('/settings/amazon?connected=fe');
    const [again] = (await connectionRows(database.db, sellerId)).filter((r) => r.region === 'fe');
    expect([again!.status, again!.revoked_at]).toEqual(['connected', null]);
  });
});

describe('rotating the token key', () => {
  it('reads a token sealed under an old key and seals it again under the new one', async () => {
    const { token } = await connect('na', 'A3ROTATION01');
    const keyIdA = keyIdOf(parseEncryptionKey(KEY_A)!);
    const keyIdB = keyIdOf(parseEncryptionKey(KEY_B)!);
    const keyOf = async () =>
      (await connectionRows(database.db, sellerId)).find((r) => r.region === 'na')!.key_id;
    expect(await keyOf()).toBe(keyIdA);

    // Only the new key: the old token cannot be read, and that is said, not guessed around.
    const onlyB = createTokenBox({ current: parseEncryptionKey(KEY_B)!, old: [] });
    await expect(loadSellerToken(database.db, onlyB, sellerId, 'na')).rejects.toThrow(UnknownTokenKeyError);

    // TOKEN_ENCRYPTION_KEY=B with TOKEN_ENCRYPTION_OLD_KEYS=A, as the deploy guide says.
    const rotated = tokenBoxFor(
      testConfig({ TOKEN_ENCRYPTION_KEY: KEY_B, TOKEN_ENCRYPTION_OLD_KEYS: [KEY_A] }),
      silent,
    );
    expect(await loadSellerToken(database.db, rotated, sellerId, 'na')).toBe(token);
    expect(await keyOf()).toBe(keyIdB);
    expect(await loadSellerToken(database.db, onlyB, sellerId, 'na')).toBe(token);
    expect(await storedText(database.db)).not.toContain(token);
  });
});

describe('the stand-in', () => {
  it('keeps one rate bucket per authorisation', async () => {
    const own = await startSpapiStandIn({ getItemOffersBatch: { rate: 0.01, burst: 1 } });
    try {
      const tokenOf = async (refreshToken: string) => {
        const res = await fetch(own.lwaUrl, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: 'c',
            client_secret: 's',
          }),
        });
        return ((await res.json()) as { access_token: string }).access_token;
      };
      const batch = (accessToken: string) =>
        fetch(`${own.url}/batches/products/pricing/v0/itemOffers`, {
          method: 'POST',
          headers: { 'x-amz-access-token': accessToken, 'content-type': 'application/json' },
          body: JSON.stringify({
            requests: [
              {
                uri: '/products/pricing/v0/items/B000000001/offers',
                method: 'GET',
                MarketplaceId: 'ATVPDKIKX0DER',
                ItemCondition: 'New',
              },
            ],
          }),
        }).then((r) => r.status);
      const [one, oneAgain, two] = [
        await tokenOf('Atzr|one'),
        await tokenOf('Atzr|one'),
        await tokenOf('Atzr|two'),
      ];
      expect(await batch(one)).toBe(200);
      // Another access token of the same authorisation shares its bucket; another seller has their own.
      expect(await batch(oneAgain)).toBe(429);
      expect(await batch(two)).toBe(200);
      expect(await batch('not-an-access-token')).toBe(403);
    } finally {
      await own.close();
    }
  });
});
