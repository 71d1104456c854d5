import fs from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, adminAudit, mailOutbox, session, user, userData } from '../src/db/schema';
import { resetOperatorCredentials } from '../src/features/auth';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, cookiesFrom, jsonHeaders, linkIn, PASSWORD, signIn } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { runProgram, tempDataDir } from './helpers/processes';

// Issue 57, item 3: at the upgrade, every operator and every account listed in ADMIN_EMAILS loses the
// password and the sessions it had (a password set before issue 43's fix may be someone else's), with an
// audit row each, once; it signs in again by a link to its own mailbox. Other sellers keep theirs.

let database: TestDatabase;
let s: TestApp;
const dirs: string[] = [];
const OPERATOR = 'ops@example.com';
const LISTED = 'listed@example.com';
const SELLER = 'seller@example.com';

beforeAll(async () => {
  database = await createTestDatabase();
  s = await buildTestApp(database);
});
afterAll(async () => {
  await s.close();
  await database.destroy();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const idOf = async (email: string) =>
  (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
const sessionsOf = async (email: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(session)
      .where(eq(session.userId, await idOf(email)))
  )[0]!.n;
const passwordsOf = async (email: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(account)
      .where(and(eq(account.userId, await idOf(email)), eq(account.providerId, 'credential')))
  )[0]!.n;
const resets = () =>
  database.db.select().from(adminAudit).where(eq(adminAudit.action, 'user.credentials_reset'));
const me = (cookie: string) => s.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

async function magicLinkSignIn(email: string): Promise<string> {
  const before = (
    await database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email))
  )[0]!.n;
  const asked = await s.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/magic-link',
    headers: jsonHeaders(),
    payload: { email, callbackURL: '/' },
  });
  expect(asked.statusCode).toBe(200);
  for (let i = 0; i < 200; i++) {
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    if (mails.length > before) {
      const mail = mails.sort((a, b) => b.id - a.id)[0]!;
      return cookiesFrom((await s.app.inject({ url: linkIn(mail.text) })).headers);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no sign-in link mailed to ${email}`);
}

describe('the upgrade', () => {
  it("takes operators' and ADMIN_EMAILS accounts' passwords and sessions once, audited; others keep theirs", async () => {
    const cookies: Record<string, string> = {};
    for (const email of [OPERATOR, LISTED, SELLER])
      cookies[email] = await activeUser(s.app, database.db, email);
    await database.db
      .update(userData)
      .set({ role: 'operator' })
      .where(eq(userData.userId, await idOf(OPERATOR)));

    const dataDir = tempDataDir();
    dirs.push(dataDir);
    // The listed address in another case: ADMIN_EMAILS is compared without it.
    const upgrade = runProgram(['migrate'], {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN_EMAILS: 'Listed@Example.com',
    });
    expect(await upgrade.exited, upgrade.output()).toBe(0);

    for (const email of [OPERATOR, LISTED]) {
      expect(await passwordsOf(email), email).toBe(0);
      expect(await sessionsOf(email), email).toBe(0);
      expect((await me(cookies[email]!)).statusCode, email).toBe(401);
      expect((await signIn(s.app, email, PASSWORD)).statusCode, email).not.toBe(200);
    }
    expect(await passwordsOf(SELLER)).toBe(1);
    expect((await me(cookies[SELLER]!)).statusCode).toBe(200);
    expect((await signIn(s.app, SELLER)).statusCode).toBe(200);

    const rows = await resets();
    expect(rows.map((r) => r.targetEmail).sort()).toEqual([LISTED, OPERATOR]);
    expect(rows.find((r) => r.targetEmail === OPERATOR)).toMatchObject({
      actorId: 'system',
      result: 'ok',
      details: { operator: true, admin_emails: false, password: true, sessions: 1, api_tokens: 0 },
    });

    // Back in by a link to the mailbox; a later start resets nothing again.
    const back = await magicLinkSignIn(OPERATOR);
    expect((await me(back)).statusCode).toBe(200);
    expect(await resetOperatorCredentials(database.db, [LISTED])).toEqual({ ran: false, accounts: 0 });
    expect((await me(back)).statusCode).toBe(200);
    expect(await resets()).toHaveLength(2);
  });
});
