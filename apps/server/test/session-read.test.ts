import { eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { session, user, userProfiles } from '../src/db/schema';
import { verifySignedToken } from '../src/features/auth/session-read';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// The guard reads a fresh session and its account in one query (session-read.ts); these tests pin that
// the shortcut never lets through what better-auth would refuse.

let database: TestDatabase;
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const me = (cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });
/** The session token cookie's name and signed value. */
const tokenCookie = (cookie: string) => {
  const pair = cookie.split('; ').find((c) => c.includes('session_token='))!;
  const [name, value] = pair.split('=') as [string, string];
  return { name, value: decodeURIComponent(value) };
};
const sign = (token: string, secret: string) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('verifySignedToken', () => {
  it('answers the token of a value signed with the secret, and null for anything else', () => {
    const secret = 'a-secret-of-some-length-0123456789';
    const signed = sign('abc123', secret);
    expect(verifySignedToken(signed, secret)).toBe('abc123');
    expect(verifySignedToken(signed, `${secret}x`)).toBeNull();
    expect(verifySignedToken(sign('abc124', secret).replace('abc124', 'abc123'), secret)).toBeNull();
    expect(verifySignedToken(`${signed}A`, secret)).toBeNull();
    expect(verifySignedToken('abc123', secret)).toBeNull();
    expect(verifySignedToken('.abc', secret)).toBeNull();
  });
});

describe('the session read of every guarded request', () => {
  it('ends access the moment the session row is gone', async () => {
    const cookie = await activeUser(app, database.db, 'gone@example.com');
    expect((await me(cookie)).statusCode).toBe(200);
    const { value } = tokenCookie(cookie);
    await database.db.delete(session).where(eq(session.token, value.slice(0, value.lastIndexOf('.'))));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("refuses another session's token under a signature that is not the server's", async () => {
    const mine = await activeUser(app, database.db, 'forger@example.com');
    const theirs = await activeUser(app, database.db, 'victim@example.com');
    const victim = tokenCookie(theirs);
    const token = victim.value.slice(0, victim.value.lastIndexOf('.'));
    for (const forged of [sign(token, 'not-the-secret'), token, `${token}.`]) {
      const cookie = `${victim.name}=${encodeURIComponent(forged)}`;
      expect((await me(cookie)).statusCode, forged).toBe(401);
    }
    // The forger's own cookie still works, and is the forger.
    expect((await me(mine)).json().user.email).toBe('forger@example.com');
    expect((await me(theirs)).json().user.email).toBe('victim@example.com');
  });

  it('falls back to better-auth for an account whose rows are missing, which repairs them', async () => {
    const cookie = await activeUser(app, database.db, 'repair@example.com');
    const [row] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'repair@example.com'));
    await database.db.delete(userProfiles).where(eq(userProfiles.userId, row!.id));
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('repair@example.com');
    const profiles = await database.db.select().from(userProfiles).where(eq(userProfiles.userId, row!.id));
    expect(profiles).toHaveLength(1);
  });
});
