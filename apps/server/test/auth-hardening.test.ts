import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { account, rateLimits, session, user, verification } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, cookiesFrom, jsonHeaders, linkIn, PASSWORD, signIn, waitForMail } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

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

async function userIdOf(email: string) {
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders(),
    remoteAddress,
    payload: { email, password },
  });

const setPassword = (cookie: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/set-password',
    headers: jsonHeaders(cookie),
    payload: { password },
  });

/** Asks for a recovery link, follows it, and answers the session cookie it gives. */
async function recoverySession(email: string) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/password-recovery',
    headers: jsonHeaders(),
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    payload: { email },
  });
  expect(asked.statusCode).toBe(200);
  const mail = await waitForMail(database.db, email, /Reset/);
  const followed = await app.inject({ url: linkIn(mail.text) });
  return cookiesFrom(followed.headers);
}

describe('/api/set-password needs a recovery sign-in or an account without a password', () => {
  it('refuses a session that signed in with the password: 403 pointing to change-password', async () => {
    const email = 'stolen@example.com';
    const cookie = await activeUser(app, database.db, email);
    const res = await setPassword(cookie, 'taken-over-1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'use_change_password',
      key: 'apiErrors.setPasswordNeedsRecovery',
    });
    expect(res.json().error.message).toContain('Change password');
    expect((await signIn(app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets a recovery link set it once, within 15 minutes, and ends every other session', async () => {
    const email = 'recover@example.com';
    const other = await activeUser(app, database.db, email);
    const cookie = await recoverySession(email);

    const set = await setPassword(cookie, 'recovered-1');
    expect(set.json()).toEqual({ result: true });
    expect((await signIn(app, email, 'recovered-1')).statusCode).toBe(200);
    // The other session (a thief's, say) has ended; the one that set the password goes on.
    expect((await app.inject({ url: '/api/me', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    // The grant is used up.
    expect((await setPassword(cookie, 'recovered-2')).statusCode).toBe(403);
  });

  it('refuses a recovery session whose 15 minutes have passed', async () => {
    const email = 'late@example.com';
    await activeUser(app, database.db, email);
    const cookie = await recoverySession(email);
    await database.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${verification.identifier} like 'password-grant:%'`);
    expect((await setPassword(cookie, 'too-late-1')).statusCode).toBe(403);
  });

  it('lets an account without a password set one from any session', async () => {
    const email = 'nopass@example.com';
    await activeUser(app, database.db, email);
    const userId = await userIdOf(email);
    await database.db
      .delete(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: jsonHeaders(),
      payload: { email, callbackURL: '/' },
    });
    const mail = await waitForMail(database.db, email, /sign-in link/);
    const cookie = cookiesFrom((await app.inject({ url: linkIn(mail.text) })).headers);
    expect((await setPassword(cookie, 'first-one-1')).json()).toEqual({ result: true });
    expect((await signIn(app, email, 'first-one-1')).statusCode).toBe(200);
  });
});

describe('sign-in limits cannot lock the owner out', () => {
  it("signs the owner in with the right password after a stranger's failures", async () => {
    const email = 'victim@example.com';
    await activeUser(app, database.db, email);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await signInFrom('203.0.113.7', email, 'wrong-guess')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes[30]).toBe(429); // the stranger's address is stopped…
    const owner = await signInFrom('198.51.100.20', email, PASSWORD);
    expect(owner.statusCode).toBe(200); // …the owner is not
  });

  it('stops every sign-in of an e-mail once its ceiling of failures (from anywhere) is reached', async () => {
    const email = 'spread@example.com';
    await activeUser(app, database.db, email);
    await database.db
      .insert(rateLimits)
      .values({ key: `sign-in-failures:email:${email}`, windowStart: new Date(), count: 100 });
    const res = await signInFrom('198.51.100.21', email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('does not count a right password against the e-mail', async () => {
    const email = 'regular@example.com';
    await activeUser(app, database.db, email);
    for (let i = 0; i < 3; i++) {
      expect((await signInFrom(`198.51.100.${30 + i}`, email, PASSWORD)).statusCode).toBe(200);
    }
    const rows = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `sign-in-failures:email:${email}`));
    expect(rows).toEqual([]);
  });
});

describe('mail limits', () => {
  const magicLink = (remoteAddress: string, email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: jsonHeaders(),
      remoteAddress,
      payload: { email, callbackURL: '/' },
    });

  it("count per e-mail and address and per kind of mail: a stranger's flood leaves the owner's mail", async () => {
    const email = 'flooded@example.com';
    for (let i = 0; i < 3; i++) expect((await magicLink('203.0.113.50', email)).statusCode).toBe(200);
    const fourth = await magicLink('203.0.113.50', email);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own address, still gets a sign-in link and a recovery link.
    expect((await magicLink('198.51.100.60', email)).statusCode).toBe(200);
    const recovery = await app.inject({
      method: 'POST',
      url: '/api/password-recovery',
      headers: jsonHeaders(),
      remoteAddress: '203.0.113.50',
      payload: { email },
    });
    expect(recovery.statusCode).toBe(200);
  });

  it('still caps the mails one e-mail receives from every address together', async () => {
    const email = 'inbox@example.com';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await magicLink(`203.0.113.${100 + i}`, email)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('stored secrets and sessions', () => {
  it('stores magic-link tokens hashed: the mailed token is nowhere in the database', async () => {
    const email = 'hashed@example.com';
    await activeUser(app, database.db, email);
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: jsonHeaders(),
      payload: { email, callbackURL: '/' },
    });
    const mail = await waitForMail(database.db, email, /sign-in link/);
    const token = new URL(linkIn(mail.text), 'http://x').searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    const rows = await database.db.select().from(verification);
    expect(JSON.stringify(rows)).not.toContain(token);
    const followed = await app.inject({ url: linkIn(mail.text) });
    expect(cookiesFrom(followed.headers)).toContain('session_token');
  });

  it('ends a session after the idle timeout, and never later than the absolute lifetime', async () => {
    const short = await buildTestApp(
      database,
      { SESSION_IDLE_TIMEOUT_HOURS: 2, SESSION_MAX_LIFETIME_HOURS: 3 },
      { worker: false },
    );
    try {
      const email = 'lifetime@example.com';
      await activeUser(app, database.db, email);
      const signedIn = await short.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: jsonHeaders(),
        payload: { email, password: PASSWORD },
      });
      const cookie = cookiesFrom(signedIn.headers);
      const userId = await userIdOf(email);
      const row = async () => (await database.db.select().from(session).where(eq(session.id, id)))[0]!;
      const [newest] = await database.db
        .select({ id: session.id })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(sql`${session.createdAt} desc`)
        .limit(1);
      const id = newest!.id;
      const first = await row();
      const idleMs = first.expiresAt.getTime() - first.createdAt.getTime();
      expect(Math.abs(idleMs - 2 * 3600_000)).toBeLessThan(60_000);

      // In use for 2 h 50 min, last refreshed an hour ago: the refresh stops at created + 3 h.
      await database.db
        .update(session)
        .set({
          createdAt: sql`now() - interval '170 minutes'`,
          expiresAt: sql`now() + interval '1 hour'`,
        })
        .where(eq(session.id, first.id));
      expect((await short.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
      const capped = await row();
      expect(capped.expiresAt.getTime() - capped.createdAt.getTime()).toBeLessThanOrEqual(3 * 3600_000);

      // Unused past its expiry: over.
      await database.db
        .update(session)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(session.id, first.id));
      expect((await short.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('passwords', () => {
  const signUpWith = (email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      remoteAddress: '198.51.100.90',
      payload: { email, password, name: email, callbackURL: '/welcome' },
    });

  it('needs 8 characters and refuses the common ones', async () => {
    expect((await signUpWith('seven@example.com', 'abcdefg')).json().code).toBe('PASSWORD_TOO_SHORT');
    for (const [i, common] of ['password1', 'Password1', 'qwertyuiop', '12345678'].entries()) {
      const res = await signUpWith(`common${i}@example.com`, common);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Please choose another one.',
      });
    }
    const cookie = await recoverySession((await activeUserEmail('commonset@example.com'))!);
    const res = await setPassword(cookie, 'iloveyou1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({
      field: 'password',
      key: 'validation.password.common',
    });
  });

  it('keeps spaces: a password is used exactly as typed', async () => {
    const email = 'spaces@example.com';
    await activeUser(app, database.db, email);
    const cookie = await recoverySession(email);
    expect((await setPassword(cookie, '  two words  ')).json()).toEqual({ result: true });
    expect((await signIn(app, email, 'two words')).statusCode).toBe(401);
    expect((await signIn(app, email, '  two words  ')).statusCode).toBe(200);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/change-user-password',
      headers: jsonHeaders(cookie),
      payload: { current_plain_password: '  two words  ', new_plain_password: ' three words ' },
    });
    expect(changed.json()).toEqual({ result: true });
    expect((await signIn(app, email, ' three words ')).statusCode).toBe(200);
  });
});

describe('the other loopback name', () => {
  it('signs up from a page opened at 127.0.0.1 when APP_URL names localhost, and refuses other hosts', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      // A browser sends the cookies it holds for 127.0.0.1, and with cookies better-auth checks the origin.
      headers: jsonHeaders('crossmarket-theme=dark', {
        origin: 'http://127.0.0.1:3999',
        host: '127.0.0.1:3999',
      }),
      remoteAddress: '198.51.100.91',
      payload: { email: 'loopback@example.com', password: PASSWORD, name: 'x', callbackURL: '/welcome' },
    });
    expect(res.statusCode).toBe(200);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders('crossmarket-theme=dark', {
        origin: 'http://evil.test:3999',
        host: 'evil.test:3999',
      }),
      remoteAddress: '198.51.100.92',
      payload: { email: 'evil@example.com', password: PASSWORD, name: 'x', callbackURL: '/welcome' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

async function activeUserEmail(email: string) {
  await activeUser(app, database.db, email);
  return email;
}

describe('links in the job queue', () => {
  it('no pg-boss row (queued, done or archived) holds a working link; the mails still carry them', async () => {
    const email = 'queue-links@example.com';
    await activeUser(app, database.db, email);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/password-recovery',
      headers: jsonHeaders(),
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(database.db, email, /Reset|recover/i);
    const link = linkIn(mail.text);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);
    // Every copy pg-boss keeps of the mail jobs: the activation's and the recovery's.
    const rows = await database.db.execute<{ name: string; data: unknown }>(sql`
      select name, data from pgboss.job where data::text like ${`%${email}%`}
      union all
      select name, data from pgboss.archive where data::text like ${`%${email}%`}`);
    expect(rows.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows.rows) {
      const text = JSON.stringify(row.data);
      expect(text).not.toContain(token);
      expect(text).not.toMatch(/verify-email\?token=|magic-link\/verify\?token=/);
    }
    // The link the mail carried still signs in.
    const followed = await app.inject({ url: link });
    expect(cookiesFrom(followed.headers)).toContain('session_token');
  });

  it("migration 0024 empties the earlier plain mail jobs' payloads that hold a link, done or archived", async () => {
    const boss = testApp.worker!.boss;
    const link = 'http://localhost:3999/api/auth/magic-link/verify?token=legacy-token-1&callbackURL=%2F';
    const old = {
      to: 'legacy@example.com',
      subject: 'Your sign-in link',
      text: `Sign in: ${link}`,
      html: link,
    };
    const plain = { to: 'legacy@example.com', subject: 'Ticket answered', text: 'No link here', html: 'x' };
    const ids = [await boss.send('send-mail', old), await boss.send('send-mail', plain)];
    for (let i = 0; i < 200; i++) {
      const done = await database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from pgboss.job where id = any(${sql.param(ids)}::uuid[]) and state = 'completed'`);
      if (done.rows[0]!.n === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const file = path.join(__dirname, '../src/db/migrations/0024_operator_withdrawal.sql');
    const scrub = fs
      .readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .find((s) => s.includes('DO $$'))!;
    await database.db.execute(sql.raw(scrub));
    const rows = await database.db.execute<{ id: string; data: unknown }>(sql`
      select id, data from pgboss.job where id = any(${sql.param(ids)}::uuid[])`);
    const byId = new Map(rows.rows.map((r) => [r.id, r.data]));
    expect(byId.get(ids[0]!)).toEqual({});
    expect(byId.get(ids[1]!)).toEqual(plain);
  });
});
