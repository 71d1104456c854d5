import { API_TOKEN_LIMIT } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app';
import { apiKeys, session, user } from '../src/db/schema';
import { buildTestApp, TEST_APP_URL, type TestApp } from './helpers/app';
import { activeUser, cookiesFrom, jsonHeaders, linkIn, PASSWORD, signIn, waitForMail } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Security review (issue 26), items 3–5: a token needs a recent sign-in or the password, a new password
// revokes every token, wrong current passwords are limited, the cap holds under a race, and wrong bearer
// tokens are throttled per client before any lookup.

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

async function userIdOf(email: string) {
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/** The session as if its sign-in happened 20 minutes ago (the test does not wait for it). */
async function ageSessions(email: string) {
  await database.db
    .update(session)
    .set({ createdAt: sql`now() - interval '20 minutes'` })
    .where(eq(session.userId, await userIdOf(email)));
}

const createToken = (cookie: string, body: object, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/api-key/create',
    headers: jsonHeaders(cookie, { origin: TEST_APP_URL }),
    ...(remoteAddress && { remoteAddress }),
    payload: body,
  });

const tokensOf = async (email: string) =>
  database.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.referenceId, await userIdOf(email)));

const usage = (token: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'GET',
    url: '/api/usage',
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
  });

const changePassword = (cookie: string, current: string, next: string) =>
  app.inject({
    method: 'POST',
    url: '/api/change-user-password',
    headers: jsonHeaders(cookie),
    payload: { current_plain_password: current, new_plain_password: next },
  });

describe('making a token needs a recent sign-in or the password', () => {
  it('refuses an older session without the password (403 PASSWORD_REQUIRED), takes it with the right one', async () => {
    const email = 'old-session@example.com';
    const cookie = await activeUser(app, database.db, email);
    await ageSessions(email);

    const refused = await createToken(cookie, { name: 'Stolen cookie' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PASSWORD_REQUIRED',
      message: expect.stringContaining('password'),
    });

    const wrong = await createToken(cookie, { name: 'Guess', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(await tokensOf(email)).toEqual([]);

    const made = await createToken(cookie, { name: 'Mine', password: PASSWORD });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().key).toMatch(/^cm_/);
    // The password never reaches the stored key's metadata.
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, made.json().id));
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
  });

  it('lets a fresh sign-in make one without the password', async () => {
    const email = 'fresh-session@example.com';
    const cookie = await activeUser(app, database.db, email);
    expect((await createToken(cookie, { name: 'Fresh' })).statusCode).toBe(200);
  });

  it('counts wrong passwords in the dialog: the sixth try is 429, even with the right password', async () => {
    const email = 'token-guesser@example.com';
    const cookie = await activeUser(app, database.db, email);
    await ageSessions(email);
    for (let i = 0; i < 5; i++) {
      expect((await createToken(cookie, { name: 'Guess', password: `guess-${i}-x` })).statusCode).toBe(403);
    }
    const stopped = await createToken(cookie, { name: 'Right', password: PASSWORD });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ code: 'rate_limited', key: 'apiErrors.tooMany' });
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a new password revokes every API token', () => {
  it('change-password', async () => {
    const email = 'change-revokes@example.com';
    const cookie = await activeUser(app, database.db, email);
    const token = (await createToken(cookie, { name: 'Before change' })).json().key as string;
    expect((await usage(token)).statusCode).toBe(200);

    const changed = await changePassword(cookie, PASSWORD, 'changed-pass-1');
    expect(changed.json()).toEqual({ result: true });
    expect(await tokensOf(email)).toEqual([]);
    expect((await usage(token)).statusCode).toBe(401);
  });

  it('set-password after a recovery link (a reset)', async () => {
    const email = 'reset-revokes@example.com';
    const cookie = await activeUser(app, database.db, email);
    const token = (await createToken(cookie, { name: 'Before reset' })).json().key as string;

    await app.inject({
      method: 'POST',
      url: '/api/password-recovery',
      headers: jsonHeaders(),
      remoteAddress: '198.51.100.77',
      payload: { email },
    });
    const mail = await waitForMail(database.db, email, /Reset/);
    const recovered = cookiesFrom((await app.inject({ url: linkIn(mail.text) })).headers);
    const set = await app.inject({
      method: 'POST',
      url: '/api/set-password',
      headers: jsonHeaders(recovered),
      payload: { password: 'recovered-pass-1' },
    });
    expect(set.json()).toEqual({ result: true });
    expect(await tokensOf(email)).toEqual([]);
    expect((await usage(token)).statusCode).toBe(401);
  });

  it("leaves another user's tokens alone", async () => {
    const mine = 'changer@example.com';
    const theirs = 'bystander@example.com';
    const cookie = await activeUser(app, database.db, mine);
    const other = await activeUser(app, database.db, theirs);
    expect((await createToken(other, { name: 'Theirs' })).statusCode).toBe(200);
    expect((await changePassword(cookie, PASSWORD, 'changed-pass-2')).statusCode).toBe(200);
    expect(await tokensOf(theirs)).toHaveLength(1);
  });
});

describe('change-password limits wrong current passwords', () => {
  it('answers 400 five times, then 429 with the app message and Retry-After, even for the right one', async () => {
    const email = 'change-guesser@example.com';
    const cookie = await activeUser(app, database.db, email);
    for (let i = 0; i < 5; i++) {
      const res = await changePassword(cookie, `wrong-${i}-guess`, 'new-pass-word-1');
      expect(res.statusCode).toBe(400);
    }
    const stopped = await changePassword(cookie, PASSWORD, 'new-pass-word-1');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error).toMatchObject({ code: 'rate_limited', key: 'apiErrors.tooMany' });
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed: the old password still signs in.
    expect((await signIn(app, email, PASSWORD)).statusCode).toBe(200);
  });

  it("limits better-auth's own /api/auth/change-password the same way", async () => {
    const email = 'direct-guesser@example.com';
    const cookie = await activeUser(app, database.db, email);
    const direct = (current: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: jsonHeaders(cookie, { origin: TEST_APP_URL }),
        payload: { currentPassword: current, newPassword: 'new-pass-word-2' },
      });
    for (let i = 0; i < 5; i++) expect((await direct(`wrong-${i}-guess`)).statusCode).toBe(400);
    const stopped = await direct(PASSWORD);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('parallel password guesses', () => {
  it('get five tries between them, not one each', async () => {
    const email = 'parallel-guesser@example.com';
    const cookie = await activeUser(app, database.db, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => changePassword(cookie, `wrong-${i}-guess`, 'new-pass-word-3')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('a right password gives its try back', async () => {
    const email = 'right-after-wrong@example.com';
    const cookie = await activeUser(app, database.db, email);
    for (let i = 0; i < 4; i++)
      expect((await changePassword(cookie, `wrong-${i}`, 'x-pass-word-1')).statusCode).toBe(400);
    expect((await changePassword(cookie, PASSWORD, 'right-pass-1')).statusCode).toBe(200);
    // The change ended the session; signed in again, four wrong ones are still counted: one more, then 429.
    const again = cookiesFrom((await signIn(app, email, 'right-pass-1')).headers);
    expect((await changePassword(again, 'wrong-5', 'x-pass-word-1')).statusCode).toBe(400);
    expect((await changePassword(again, 'right-pass-1', 'x-pass-word-1')).statusCode).toBe(429);
  });

  it("better-auth's uncounted /verify-password is not served", async () => {
    const cookie = await activeUser(app, database.db, 'verify-guesser@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password',
      headers: jsonHeaders(cookie, { origin: TEST_APP_URL }),
      payload: { password: 'a-guess-1' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe(`the cap of ${API_TOKEN_LIMIT} tokens`, () => {
  it('holds when 20 creations race: exactly the cap is stored, the rest get 409', async () => {
    const email = 'racer@example.com';
    const cookie = await activeUser(app, database.db, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createToken(cookie, { name: `Race ${i}` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(await tokensOf(email)).toHaveLength(API_TOKEN_LIMIT);
    expect(codes.filter((c) => c === 200)).toHaveLength(API_TOKEN_LIMIT);
    expect(codes.filter((c) => c === 409)).toHaveLength(20 - API_TOKEN_LIMIT);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'API_KEY_LIMIT_REACHED' });
    }
  });
});

describe('wrong bearer tokens are throttled per client', () => {
  const wrong = (i: number) => `cm_${String(i).padStart(64, 'x')}`;

  it('answers 401 thirty times, then 429 without looking the token up, even for a valid one', async () => {
    const email = 'bearer-owner@example.com';
    const cookie = await activeUser(app, database.db, email);
    const valid = (await createToken(cookie, { name: 'Valid' })).json().key as string;
    const verify = vi.spyOn(app.auth.api, 'verifyApiKey');
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await usage(wrong(i), '203.0.113.80')).statusCode);
      expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
      expect(codes[30]).toBe(429);
      expect(verify).toHaveBeenCalledTimes(30);

      const blocked = await usage(valid, '203.0.113.80');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(verify).toHaveBeenCalledTimes(30);
      // Another client is not affected.
      expect((await usage(valid, '203.0.113.81')).statusCode).toBe(200);
    } finally {
      verify.mockRestore();
    }
  });

  it('counts an IPv6 /64 as one client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push((await usage(wrong(i), `2001:db8:7:7::${(i + 1).toString(16)}`)).statusCode);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes[30]).toBe(429);
  });
});
