import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { loadConfig } from '../src/config';
import { rateLimits } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { jsonHeaders } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// The address our proxy saw and appended; everything left of it is whatever the client wrote.
const CLIENT = '192.0.2.50';

let database: TestDatabase;
let behindProxy: TestApp;
let direct: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // Parsed as the environment would be, so the test also covers what TRUST_PROXY=127.0.0.1 becomes.
  const { TRUST_PROXY } = loadConfig({ TRUST_PROXY: '127.0.0.1' });
  behindProxy = await buildTestApp(database, { RATE_LIMIT_SCALE: 1, TRUST_PROXY }, { worker: false });
  direct = await buildTestApp(database, { RATE_LIMIT_SCALE: 1 }, { worker: false });
});
afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
  await database.destroy();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_limits`);
});

/** A wrong password for `email`, from `remoteAddress` (app.inject's default is 127.0.0.1). */
const signIn = (app: App, email: string, forwardedFor?: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: jsonHeaders(undefined, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    payload: { email, password: 'wrong-guess' },
  });

async function perAddressKeys() {
  const rows = await database.db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(like(rateLimits.key, 'sign-in:ip:%'));
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.count)]));
}

describe('TRUST_PROXY=127.0.0.1', () => {
  it('limits the address the proxy appended, whatever the client wrote before it', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const invented = `198.51.100.${i + 1}`;
      codes.push(
        (await signIn(behindProxy.app, `user-${i}@example.com`, `${invented}, ${CLIENT}`)).statusCode,
      );
    }
    // Thirty attempts per address in the window, then 429 for the rest.
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes.slice(30)).toEqual(Array(30).fill(429));
    expect(await perAddressKeys()).toEqual({ [`sign-in:ip:${CLIENT}`]: 60 });
  });

  it('keeps another client behind the same proxy in its own window', async () => {
    for (let i = 0; i < 31; i++) await signIn(behindProxy.app, `user-${i}@example.com`, CLIENT);
    expect((await signIn(behindProxy.app, 'next@example.com', CLIENT)).statusCode).toBe(429);
    expect((await signIn(behindProxy.app, 'other@example.com', '192.0.2.51')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    await signIn(behindProxy.app, 'a@example.com', CLIENT, '203.0.113.9');
    expect(await perAddressKeys()).toEqual({ 'sign-in:ip:203.0.113.9': 1 });
  });
});

describe('TRUST_PROXY unset', () => {
  it('ignores X-Forwarded-For entirely: the peer is the client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const invented = `198.51.100.${i + 1}, 192.0.2.${i + 1}`;
      codes.push((await signIn(direct.app, `user-${i}@example.com`, invented, '203.0.113.7')).statusCode);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes.slice(30)).toEqual(Array(10).fill(429));
    expect(await perAddressKeys()).toEqual({ 'sign-in:ip:203.0.113.7': 40 });
  });
});
