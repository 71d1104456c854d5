import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { mailOutbox, userData, userProfiles, user } from '../src/db/schema';
import { buildTestApp, TEST_APP_URL, type TestApp } from './helpers/app';
import {
  activeUser,
  cookiesFrom,
  jsonHeaders,
  linkIn,
  PASSWORD,
  signIn,
  signUp,
  waitForMail,
} from './helpers/auth';
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

describe('sign-up and activation', () => {
  it('sends an activation mail in the chosen language and refuses sign-in until it is followed', async () => {
    const email = 'ayse@example.com';
    const res = await signUp(app, email, PASSWORD, 'tr');
    expect(res.statusCode).toBe(200);

    const mail = await waitForMail(database.db, email);
    expect(mail.subject).toBe('Crossmarket hesabınızı etkinleştirin');
    expect(mail.html).toContain('<a href="http://localhost:3999/api/auth/verify-email?token=');

    const early = await signIn(app, email);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    // Followed in the browser that signed up (its sign-up cookie along): the password is kept.
    const verified = await app.inject({
      method: 'GET',
      url: linkIn(mail.text),
      headers: { cookie: cookiesFrom(res.headers) },
    });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/welcome');
    const cookie = cookiesFrom(verified.headers);
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // plain http here; https APP_URLs get Secure cookies
    const me = await app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email, email_verified: true },
      profile: { comm_lang: 'tr', autopay: true },
      user_data: {
        welcome_done: false,
        suspended: false,
        is_active: true,
        plan: { code: 'F', daily_report_quota: 0 },
      },
      usage: { r_count: 0, ip_count: 0 },
    });
    expect((await signIn(app, email)).statusCode).toBe(200);
  });

  it('creates the account rows with the user, and answers a duplicate sign-up without revealing it', async () => {
    const [row] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'ayse@example.com'));
    expect(await database.db.select().from(userData).where(eq(userData.userId, row!.id))).toHaveLength(1);
    expect(
      await database.db.select().from(userProfiles).where(eq(userProfiles.userId, row!.id)),
    ).toHaveLength(1);
    const again = await signUp(app, 'ayse@example.com');
    expect(again.statusCode).toBe(200);
  });

  it('refuses a password under 8 characters', async () => {
    const res = await signUp(app, 'short@example.com', '1234567');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_TOO_SHORT');
  });

  it('stores no password or token in the logs: the user row holds none either', async () => {
    const rows = await database.db.select().from(user);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });
});

describe('magic link', () => {
  it('signs an existing user in through the mailed link', async () => {
    await activeUser(app, database.db, 'magic@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: jsonHeaders(),
      payload: { email: 'magic@example.com', callbackURL: '/' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(database.db, 'magic@example.com', /sign-in link/);
    const followed = await app.inject({ url: linkIn(mail.text) });
    expect(followed.statusCode).toBe(302);
    const me = await app.inject({ url: '/api/me', headers: { cookie: cookiesFrom(followed.headers) } });
    expect(me.json().user.email).toBe('magic@example.com');
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: jsonHeaders(),
      payload: { email: 'nobody@example.com', callbackURL: '/' },
    });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@example.com')),
    ).toEqual([]);
  });
});

describe('passwords', () => {
  it('recovers a forgotten password: the link signs in for the reset modal, set-password changes it', async () => {
    const email = 'forgot@example.com';
    await activeUser(app, database.db, email);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/password-recovery',
      headers: jsonHeaders(),
      payload: { email },
    });
    expect(asked.json()).toEqual({ result: true });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/password-recovery',
      headers: jsonHeaders(),
      payload: { email: 'ghost@example.com' },
    });
    expect(unknown.json()).toEqual({ result: true });

    const mail = await waitForMail(database.db, email, /Reset/);
    const followed = await app.inject({ url: linkIn(mail.text) });
    expect(followed.headers.location).toBe(`${TEST_APP_URL}/settings/security?recovery=1`);
    const cookie = cookiesFrom(followed.headers);

    const tooShort = await app.inject({
      method: 'POST',
      url: '/api/set-password',
      headers: jsonHeaders(cookie),
      payload: { password: 'abc' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.message).toContain('New password must be at least 8 characters.');

    const set = await app.inject({
      method: 'POST',
      url: '/api/set-password',
      headers: jsonHeaders(cookie),
      payload: { password: 'brand-new-1' },
    });
    expect(set.json()).toEqual({ result: true });
    expect((await signIn(app, email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(app, email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('changes a password only with the current one, showing the failure message', async () => {
    const email = 'change@example.com';
    const cookie = await activeUser(app, database.db, email);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/change-user-password',
      headers: jsonHeaders(cookie),
      payload: { current_plain_password: 'not-it', new_plain_password: 'another-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Invalid password');

    const missing = await app.inject({
      method: 'POST',
      url: '/api/change-user-password',
      headers: jsonHeaders(cookie),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((f: { field: string }) => f.field)).toEqual([
      'current_plain_password',
      'new_plain_password',
    ]);

    const ok = await app.inject({
      method: 'POST',
      url: '/api/change-user-password',
      headers: jsonHeaders(cookie),
      payload: { current_plain_password: PASSWORD, new_plain_password: 'another-1' },
    });
    expect(ok.json()).toEqual({ result: true });
    expect((await signIn(app, email, 'another-1')).statusCode).toBe(200);
  });

  it('mails the signed-in user a recovery link from Security', async () => {
    const cookie = await activeUser(app, database.db, 'selfreset@example.com');
    const res = await app.inject({ method: 'POST', url: '/api/reset-password', headers: { cookie } });
    expect(res.json()).toEqual({ result: true });
    await waitForMail(database.db, 'selfreset@example.com', /Reset/);
  });
});

describe('abuse', () => {
  it('rate-limits sign-in per address with a 429, a clear message and Retry-After', async () => {
    const guess = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: jsonHeaders(),
        remoteAddress: '192.0.2.77',
        payload: { email: 'target@example.com', password: 'wrong-guess' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await guess()).statusCode);
    expect(codes).toEqual(Array(30).fill(401));
    const last = await guess();
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rate-limits recovery mails per e-mail', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/password-recovery',
        headers: jsonHeaders(),
        payload: { email: 'spam@example.com' },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });

  it('refuses state-changing requests from another origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/password-recovery',
      headers: jsonHeaders(undefined, { origin: 'https://evil.example' }),
      payload: { email: 'x@example.com' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('bad_origin');
  });
});
