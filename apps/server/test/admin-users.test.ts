import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, mailOutbox } from '../src/db/schema';
import { ADMIN_CONFIG, adminPost, consoleCallers, tokenOf, type ConsoleCallers } from './helpers/admin';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, signUp, waitForMail } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let s: TestApp;
let c: ConsoleCallers;
const SELLER = 'seller@example.com';

beforeAll(async () => {
  database = await createTestDatabase();
  s = await buildTestApp(database, ADMIN_CONFIG);
  c = await consoleCallers(s.app, database.db, SELLER);
});
afterAll(async () => {
  await s.close();
  await database.destroy();
});

const get = (url: string, cookie: string) => s.app.inject({ method: 'GET', url, headers: { cookie } });
const auditRows = (action: string) =>
  database.db.select().from(adminAudit).where(eq(adminAudit.action, action));
const mailsTo = async (to: string) =>
  (await database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!.n;

describe('who is an operator', () => {
  it('ADMIN_EMAILS makes the listed account an operator at sign-in, nobody else', async () => {
    expect((await get('/api/me', c.operator)).json().user_data.role).toBe('operator');
    expect((await get('/api/me', c.seller)).json().user_data.role).toBe('seller');
  });
});

describe('the users list', () => {
  it('finds by a piece of the e-mail or the id, filters and pages', async () => {
    await activeUser(s.app, database.db, 'another@example.org');
    const byMail = (await get('/api/admin/users?q=SELLER@', c.operator)).json();
    expect(byMail.users.map((u: { email: string }) => u.email)).toEqual([SELLER]);
    const byId = (await get(`/api/admin/users?q=${c.sellerId}`, c.operator)).json();
    expect(byId.total).toBe(1);
    expect(byId.users[0].id).toBe(c.sellerId);
    // Wildcards in the search are plain characters.
    expect((await get('/api/admin/users?q=%25', c.operator)).json().total).toBe(0);
    const all = (await get('/api/admin/users?sort=asc&page_size=2', c.operator)).json();
    expect(all.total).toBe(3);
    expect(all.users.map((u: { email: string }) => u.email)).toEqual(['operator@example.com', SELLER]);
    const second = (await get('/api/admin/users?sort=asc&page_size=2&page=2', c.operator)).json();
    expect(second.users.map((u: { email: string }) => u.email)).toEqual(['another@example.org']);
    const beyond = (await get('/api/admin/users?page_size=2&page=9', c.operator)).json();
    expect(beyond).toMatchObject({ users: [], total: 3 });
    // New accounts have no subscription yet: locked out until they choose a plan.
    const locked = (await get('/api/admin/users?status=locked_out&plan=F', c.operator)).json();
    expect(locked.total).toBe(3);
    expect((await get('/api/admin/users?plan=P', c.operator)).json().total).toBe(0);
  });

  it("shows a user's page", async () => {
    const res = await get(`/api/admin/users/${c.sellerId}`, c.operator);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.user).toMatchObject({ email: SELLER, role: 'seller', email_verified: true });
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(detail)).not.toMatch(/token/i);
  });
});

describe('actions', () => {
  it('suspend: the next request is refused, the user is mailed, one audit row', async () => {
    expect((await get('/api/usage', c.seller)).statusCode).toBe(200);
    const res = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/suspension`, {
      suspended: true,
      reason: 'Chargeback under review',
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await get('/api/usage', c.seller);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('account_suspended');
    expect((await get('/api/me', c.seller)).json().user_data.suspended).toBe(true);
    await waitForMail(database.db, SELLER, /suspended/);
    const rows = await auditRows('user.suspend');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.json().audit_id,
      actorEmail: 'operator@example.com',
      targetId: c.sellerId,
      targetEmail: SELLER,
      reason: 'Chargeback under review',
      result: 'ok',
    });
    const listed = (await get('/api/admin/users?status=suspended', c.operator)).json();
    expect(listed.users.map((u: { id: string }) => u.id)).toEqual([c.sellerId]);
  });

  it('unsuspend: usable again, mailed, one audit row', async () => {
    const res = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/suspension`, {
      suspended: false,
      reason: 'Resolved',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/usage', c.seller)).statusCode).toBe(200);
    await waitForMail(database.db, SELLER, /active again/);
    expect(await auditRows('user.unsuspend')).toHaveLength(1);
  });

  it("grant and withdraw the operator role; never one's own", async () => {
    const grant = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/role`, {
      role: 'operator',
      reason: 'Joins support',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await get('/api/admin/users', c.seller)).statusCode).toBe(200);
    const withdraw = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/role`, {
      role: 'seller',
      reason: 'Left support',
    });
    expect(withdraw.statusCode).toBe(200);
    expect((await get('/api/admin/users', c.seller)).statusCode).toBe(404);
    const me = (await get('/api/me', c.operator)).json().user.id;
    const own = await adminPost(s.app, c.operator, `/api/admin/users/${me}/role`, {
      role: 'seller',
      reason: 'Oops',
    });
    expect(own.statusCode).toBe(409);
    // The first is the operator's own promotion by ADMIN_EMAILS at activation.
    const rows = await auditRows('user.role');
    expect(rows.map((r) => [r.reason, r.result])).toEqual([
      ['ADMIN_EMAILS', 'ok'],
      ['Joins support', 'ok'],
      ['Left support', 'ok'],
      ['Oops', 'refused'],
    ]);
  });

  it('resend activation: mailed to an account not yet activated, refused to an active one', async () => {
    expect((await signUp(s.app, 'late@example.com')).statusCode).toBe(200);
    await waitForMail(database.db, 'late@example.com', /Activate/);
    const late = (await get('/api/admin/users?q=late@', c.operator)).json().users[0];
    expect(late.status).toBe('not_activated');
    const before = await mailsTo('late@example.com');
    const res = await adminPost(s.app, c.operator, `/api/admin/users/${late.id}/resend-activation`, {
      reason: 'Lost the first mail',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (let i = 0; i < 200 && (await mailsTo('late@example.com')) === before; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await mailsTo('late@example.com')).toBe(before + 1);
    const active = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/resend-activation`, {
      reason: 'Why not',
    });
    expect(active.statusCode).toBe(409);
    expect((await auditRows('user.resend_activation')).map((r) => r.result)).toEqual(['ok', 'refused']);
  });

  it('end all sessions: the user is signed out everywhere, their API tokens end, one audit row', async () => {
    const token = await tokenOf(s.app, c.seller);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await s.app.inject({ url: '/api/usage', headers: bearer })).statusCode).toBe(200);
    const res = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/end-sessions`, {
      reason: 'Shared password',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/usage', c.seller)).statusCode).toBe(401);
    expect((await s.app.inject({ url: '/api/usage', headers: bearer })).statusCode).toBe(401);
    const rows = await auditRows('user.end_sessions');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toEqual({ sessions: 1, api_tokens: 1 });
  });
});

describe('the audit log', () => {
  it('is listed newest first and filtered by action or who', async () => {
    const all = (await get('/api/admin/audit', c.operator)).json();
    expect(all.total).toBe((await database.db.select({ n: count() }).from(adminAudit))[0]!.n);
    expect(all.entries[0].action).toBe('user.end_sessions');
    const suspends = (await get('/api/admin/audit?action=user.suspend', c.operator)).json();
    expect(suspends.entries).toHaveLength(1);
    const late = (await get('/api/admin/audit?who=late@', c.operator)).json();
    expect(late.entries.map((e: { action: string }) => e.action)).toEqual(['user.resend_activation']);
  });

  it('refuses UPDATE, DELETE and TRUNCATE to the application', async () => {
    const before = (await database.db.select({ n: count() }).from(adminAudit))[0]!.n;
    for (const statement of [
      sql`update admin_audit set reason = 'rewritten'`,
      sql`delete from admin_audit`,
      sql`truncate admin_audit`,
    ]) {
      const failure: { message: string; cause?: unknown } = await database.db.execute(statement).then(
        () => new Error('accepted'),
        (error: Error) => error,
      );
      // Drizzle wraps PostgreSQL's error: the trigger's message is its cause.
      expect(String((failure.cause as Error | undefined)?.message ?? failure.message)).toMatch(/append-only/);
    }
    expect((await database.db.select({ n: count() }).from(adminAudit))[0]!.n).toBe(before);
    const reasons = await database.db.select({ reason: adminAudit.reason }).from(adminAudit);
    expect(reasons.map((r) => r.reason)).not.toContain('rewritten');
  });
});
