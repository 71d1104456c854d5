import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, adminAudit, mailOutbox, session, user, userData } from '../src/db/schema';
import { adminPost, OPERATOR_EMAIL } from './helpers/admin';
import { buildTestApp, type TestApp } from './helpers/app';
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
let s: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  s = await buildTestApp(database, { ADMIN_EMAILS: [OPERATOR_EMAIL, 'second-operator@example.com'] });
});
afterAll(async () => {
  await s.close();
  await database.destroy();
});

const ATTACKER_PASSWORD = 'attacker-chose-this-1';
const get = (url: string, cookie: string) => s.app.inject({ method: 'GET', url, headers: { cookie } });
const idOf = async (email: string) =>
  (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
const sessionsOf = async (userId: string) =>
  (await database.db.select({ n: count() }).from(session).where(eq(session.userId, userId)))[0]!.n;
const roleOf = async (userId: string) =>
  (await database.db.select({ role: userData.role }).from(userData).where(eq(userData.userId, userId)))[0]!
    .role;
const promotions = (userId: string) =>
  database.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetId, userId), eq(adminAudit.reason, 'ADMIN_EMAILS')));

async function magicLinkSignIn(email: string): Promise<string> {
  const before = await database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email));
  const asked = await s.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/magic-link',
    headers: jsonHeaders(),
    payload: { email, callbackURL: '/' },
  });
  expect(asked.statusCode).toBe(200);
  for (let i = 0; i < 200; i++) {
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    if (mails.length > before[0]!.n) {
      const mail = mails.sort((a, b) => b.id - a.id)[0]!;
      return cookiesFrom((await s.app.inject({ url: linkIn(mail.text) })).headers);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no sign-in link');
}

describe('an address signed up by someone else first (ADMIN_EMAILS)', () => {
  it('the owner verifying it adopts neither the password nor gives the stranger an operator', async () => {
    // The attacker signs up with the listed address; the activation link goes to the owner's inbox.
    const attacker = await signUp(s.app, OPERATOR_EMAIL, ATTACKER_PASSWORD);
    expect(attacker.statusCode).toBe(200);
    const activation = await waitForMail(database.db, OPERATOR_EMAIL, /Activate/);
    // The owner's own sign-up is answered as usual and sends nothing new.
    expect((await signUp(s.app, OPERATOR_EMAIL, 'owner-chose-this-2')).statusCode).toBe(200);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, OPERATOR_EMAIL));
    expect(mails).toHaveLength(1);

    // The owner follows the link already in their inbox, in their own browser (no sign-up cookie).
    const followed = await s.app.inject({ url: linkIn(activation.text) });
    expect(followed.statusCode).toBe(302);
    const owner = cookiesFrom(followed.headers);
    const ownerId = await idOf(OPERATOR_EMAIL);

    // The attacker signs in with the password they chose: refused, no session, no operator.
    const signedIn = await signIn(s.app, OPERATOR_EMAIL, ATTACKER_PASSWORD);
    expect(signedIn.statusCode).toBe(401);
    expect(cookiesFrom(signedIn.headers)).not.toContain('session_token');
    expect(await sessionsOf(ownerId)).toBe(1); // the owner's, from the link
    const credentials = await database.db.select().from(account).where(eq(account.userId, ownerId));
    expect(credentials.filter((a) => a.providerId === 'credential')).toEqual([]);

    // The owner's session proved the mailbox: theirs is the operator, and they choose their password.
    const me = await get('/api/me', owner);
    expect(me.json().user).toMatchObject({ email: OPERATOR_EMAIL, email_verified: true });
    expect(me.json().user_data.role).toBe('operator');
    const set = await s.app.inject({
      method: 'POST',
      url: '/api/set-password',
      headers: jsonHeaders(owner),
      payload: { password: 'owner-chose-this-2' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await signIn(s.app, OPERATOR_EMAIL, 'owner-chose-this-2')).statusCode).toBe(200);
    expect((await signIn(s.app, OPERATOR_EMAIL, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it('the same for any account: a link followed elsewhere ends its sessions and drops the password', async () => {
    const email = 'any@example.com';
    await signUp(s.app, email, ATTACKER_PASSWORD);
    const activation = await waitForMail(database.db, email, /Activate/);
    const followed = await s.app.inject({ url: linkIn(activation.text) });
    expect(cookiesFrom(followed.headers)).toContain('session_token');
    expect((await signIn(s.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it('the browser that signed up keeps its password when it follows the link', async () => {
    const email = 'same-browser@example.com';
    const signedUp = await signUp(s.app, email, PASSWORD);
    expect(String(signedUp.headers['set-cookie'])).toMatch(
      /crossmarket\.sign_up=[^;]+;.*Path=\/api\/auth\/verify-email.*HttpOnly/i,
    );
    const activation = await waitForMail(database.db, email, /Activate/);
    // Another browser's cookie (a stranger's own sign-up) does not count for this account.
    const stranger = await signUp(s.app, 'stranger@example.com', PASSWORD);
    const wrong = await s.app.inject({
      url: linkIn(activation.text),
      headers: { cookie: cookiesFrom(stranger.headers) },
    });
    expect(wrong.statusCode).toBe(302);
    expect((await signIn(s.app, email, PASSWORD)).statusCode).toBe(401);

    const email2 = 'same-browser-2@example.com';
    const signedUp2 = await signUp(s.app, email2, PASSWORD);
    const activation2 = await waitForMail(database.db, email2, /Activate/);
    await s.app.inject({
      url: linkIn(activation2.text),
      headers: { cookie: cookiesFrom(signedUp2.headers) },
    });
    expect((await signIn(s.app, email2, PASSWORD)).statusCode).toBe(200);
  });
});

describe('ADMIN_EMAILS promotions', () => {
  it('a password sign-in never promotes; a sign-in link does, with an audit row', async () => {
    const email = 'second-operator@example.com';
    await activeUser(s.app, database.db, email);
    const id = await idOf(email);
    expect(await roleOf(id)).toBe('operator'); // the activation link proved the mailbox
    expect(await promotions(id)).toHaveLength(1);
    // The list changed hands meanwhile (say): a password alone does not bring the role back.
    await database.db.update(userData).set({ role: 'seller' }).where(eq(userData.userId, id));
    expect((await signIn(s.app, email)).statusCode).toBe(200);
    expect(await roleOf(id)).toBe('seller');
    await magicLinkSignIn(email);
    expect(await roleOf(id)).toBe('operator');
    const rows = await promotions(id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ actorId: id, action: 'user.role', result: 'ok' });
    expect(rows[1]!.details).toMatchObject({ from: 'seller', to: 'operator', by: 'ADMIN_EMAILS' });
  });

  it('an operator withdrawn in the console stays withdrawn at their next sign-in', async () => {
    const owner = await magicLinkSignIn(OPERATOR_EMAIL);
    const email = 'second-operator@example.com';
    const id = await idOf(email);
    const withdrawn = await adminPost(s.app, owner, `/api/admin/users/${id}/role`, {
      role: 'seller',
      reason: 'Left the team',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const cookie = await magicLinkSignIn(email);
    expect((await get('/api/me', cookie)).json().user_data.role).toBe('seller');
    expect(await promotions(id)).toHaveLength(2);
    // Granting it in the console again clears the withdrawal.
    await adminPost(s.app, owner, `/api/admin/users/${id}/role`, { role: 'operator', reason: 'Back' });
    const [row] = await database.db.select().from(userData).where(eq(userData.userId, id));
    expect(row!.operatorWithdrawnAt).toBeNull();
  });
});
