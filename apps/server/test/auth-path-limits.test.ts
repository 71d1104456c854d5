import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// app.inject parses its URL with WHATWG's parser, which would tidy these spellings away before the
// server saw them; a real socket sends them exactly as written, as an attacker's client would.
const SPELLINGS = [
  { path: '/api/auth/sign-in/email', reachesSignIn: true },
  { path: '/api/auth/./sign-in/email', reachesSignIn: true },
  { path: '/api/auth/x/../sign-in/email', reachesSignIn: true },
  { path: '/api/auth/%2e/sign-in/email', reachesSignIn: true },
  { path: '/api/auth/x/%2E%2E/sign-in/email', reachesSignIn: true },
  { path: '/api/auth/sign-in/./email', reachesSignIn: true },
  { path: '/api/auth/sign-in/email#x', reachesSignIn: true },
  { path: '/api/auth/sign-in\\email', reachesSignIn: true },
  // better-auth answers these 404 today; they count all the same, should that ever change.
  { path: '/api/auth/sign-in/email/', reachesSignIn: false },
  { path: '/api/auth//sign-in/email', reachesSignIn: false },
  { path: '/api/auth/sign-in//email', reachesSignIn: false },
];

const EMAIL = 'victim@example.com';

let database: TestDatabase;
let testApp: TestApp;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { RATE_LIMIT_SCALE: 1 });
  await activeUser(testApp.app, database.db, EMAIL);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});
// Every case starts with fresh windows, so one spelling's attempts do not decide another's answers.
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_limits`);
});

/** POSTs JSON to `path` sent byte for byte, and resolves with the status code. */
function post(path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

const wrongPassword = (path: string, email: string, i: number) =>
  post(path, { email, password: `wrong-guess-${i}` });

describe('sign-in limits under other spellings of the path', () => {
  it.each(SPELLINGS)('limits 40 wrong passwords sent to $path', async ({ path, reachesSignIn }) => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push(await wrongPassword(path, EMAIL, i));
    // Thirty attempts per address in the window, then 429 for the rest.
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(reachesSignIn ? 401 : 404));
    expect(codes.slice(30)).toEqual(Array(10).fill(429));
  });

  it("counts every spelling's wrong passwords against the one per-e-mail window of failures", async () => {
    // 98 failures from elsewhere already; two more through other spellings reach the ceiling of 100.
    await database.db.execute(
      sql`insert into rate_limits (key, window_start, count) values (${`sign-in-failures:email:${EMAIL}`}, now(), 98)`,
    );
    const codes: number[] = [];
    for (const { path } of [SPELLINGS[1]!, SPELLINGS[3]!, SPELLINGS[7]!, SPELLINGS[0]!]) {
      codes.push(await wrongPassword(path, EMAIL, codes.length));
    }
    expect(codes).toEqual([401, 401, 429, 429]);
  });

  it('counts every spelling against the one per-address window (a different e-mail each time)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const { path } = SPELLINGS[i % SPELLINGS.length]!;
      codes.push(await wrongPassword(path, `stuffed-${i}@example.com`, i));
    }
    // Thirty attempts per address in the window.
    expect(codes.slice(0, 30).every((code) => code !== 429)).toBe(true);
    expect(codes.slice(30)).toEqual(Array(10).fill(429));
  });
});
