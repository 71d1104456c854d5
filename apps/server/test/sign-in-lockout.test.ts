import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { rateLimits } from '../src/db/schema';
import { addressKey } from '../src/http/rate-limit';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders, linkIn, PASSWORD, waitForMail } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Security review (issue 26), item 6: per-address buckets count an IPv6 /64 as one client (and an
// IPv4-mapped address as its IPv4 one), and a sign-in through a mailed link clears the e-mail's failures.

let database: TestDatabase;
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { RATE_LIMIT_SCALE: 1 });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_limits`);
});

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders(),
    remoteAddress,
    payload: { email, password },
  });

const magicLinkFrom = (remoteAddress: string, email: string, callbackURL = '/') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/magic-link',
    headers: jsonHeaders(),
    remoteAddress,
    payload: { email, callbackURL },
  });

async function keysLike(pattern: string) {
  const rows = await database.db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(like(rateLimits.key, pattern));
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.count)]));
}

describe('addressKey', () => {
  it('keeps IPv4, maps IPv4-mapped IPv6 to IPv4, and cuts IPv6 to its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('not-an-address')).toBe('not-an-address');
  });
});

describe('per-address limits count an IPv6 /64 as one client', () => {
  it('stops the 31st wrong password from anywhere in one /64', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push(
        (await signInFrom(`2001:db8:1:2::${(i + 1).toString(16)}`, `v6-${i}@example.com`, 'wrong-1'))
          .statusCode,
      );
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes[30]).toBe(429);
    expect(await keysLike('sign-in:ip:%')).toEqual({ 'sign-in:ip:2001:db8:1:2::/64': 31 });
    // The next /64 is another client.
    expect((await signInFrom('2001:db8:1:3::1', 'v6-next@example.com', 'wrong-1')).statusCode).toBe(401);
  });

  it('cannot use up one e-mail’s failure ceiling from one /64', async () => {
    const email = 'v6-victim@example.com';
    await activeUser(app, database.db, email);
    for (let i = 0; i < 40; i++) await signInFrom(`2001:db8:9:9:${i.toString(16)}::1`, email, 'wrong-1');
    expect(await keysLike('sign-in-failures:%')).toEqual({ [`sign-in-failures:email:${email}`]: 30 });
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    await signInFrom('::ffff:203.0.113.9', 'a@example.com', 'wrong-1');
    await signInFrom('203.0.113.9', 'b@example.com', 'wrong-1');
    expect(await keysLike('sign-in:ip:%')).toEqual({ 'sign-in:ip:203.0.113.9': 2 });
  });

  it('limits magic links per e-mail and /64: the fourth from the same /64 is refused', async () => {
    const email = 'v6-inbox@example.com';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await magicLinkFrom(`2001:db8:5:5::${i + 1}`, email)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    // From elsewhere the owner still gets one.
    expect((await magicLinkFrom('198.51.100.90', email)).statusCode).toBe(200);
  });
});

describe("a mailed link's sign-in clears the e-mail's failures", () => {
  it('lets the owner sign in with the password again after a recovery link', async () => {
    const email = 'locked-owner@example.com';
    await activeUser(app, database.db, email);
    // Strangers from four addresses have used the ceiling up.
    await database.db
      .insert(rateLimits)
      .values({ key: `sign-in-failures:email:${email}`, windowStart: new Date(), count: 100 });
    expect((await signInFrom('198.51.100.91', email, PASSWORD)).statusCode).toBe(429);

    const asked = await app.inject({
      method: 'POST',
      url: '/api/password-recovery',
      headers: jsonHeaders(),
      remoteAddress: '198.51.100.91',
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(database.db, email, /Reset/);
    const followed = await app.inject({ url: linkIn(mail.text) });
    expect(followed.statusCode).toBe(302);

    expect(await keysLike('sign-in-failures:%')).toEqual({});
    expect((await signInFrom('198.51.100.91', email, PASSWORD)).statusCode).toBe(200);
  });

  it('also after an ordinary sign-in link', async () => {
    const email = 'link-owner@example.com';
    await activeUser(app, database.db, email);
    await database.db
      .insert(rateLimits)
      .values({ key: `sign-in-failures:email:${email}`, windowStart: new Date(), count: 100 });
    expect((await magicLinkFrom('198.51.100.92', email)).statusCode).toBe(200);
    const mail = await waitForMail(database.db, email, /sign-in link/);
    await app.inject({ url: linkIn(mail.text) });
    expect((await signInFrom('198.51.100.92', email, PASSWORD)).statusCode).toBe(200);
  });

  it('leaves the failures of an e-mail whose link was not followed', async () => {
    const email = 'not-followed@example.com';
    await activeUser(app, database.db, email);
    await database.db
      .insert(rateLimits)
      .values({ key: `sign-in-failures:email:${email}`, windowStart: new Date(), count: 100 });
    expect((await magicLinkFrom('198.51.100.93', email)).statusCode).toBe(200);
    expect((await signInFrom('198.51.100.93', email, PASSWORD)).statusCode).toBe(429);
  });
});
