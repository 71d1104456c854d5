import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/db/schema';
import { ADMIN_CONFIG, adminPost, consoleCallers, type ConsoleCallers } from './helpers/admin';
import { buildTestApp, type TestApp } from './helpers/app';
import { injectJson, waitForMail } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let s: TestApp;
let c: ConsoleCallers;
let ticketId: string;
const SELLER = 'ticket-seller@example.com';

beforeAll(async () => {
  database = await createTestDatabase();
  s = await buildTestApp(database, ADMIN_CONFIG);
  c = await consoleCallers(s.app, database.db, SELLER);
  const created = await injectJson(s.app, 'POST', '/api/create-ticket', c.seller, {
    topic: 'reports',
    message: 'My report is stuck at 40%',
  });
  expect(created.statusCode, created.body).toBe(201);
  ticketId = created.json().id;
  await injectJson(s.app, 'POST', '/api/create-ticket', c.seller, {
    topic: 'payments',
    message: 'Invoice VAT',
  });
});
afterAll(async () => {
  await s.close();
  await database.destroy();
});

const get = (url: string, cookie: string) => s.app.inject({ method: 'GET', url, headers: { cookie } });
const auditOf = (action: string) =>
  database.db.select().from(adminAudit).where(eq(adminAudit.action, action));

describe('the tickets console', () => {
  it('lists, filters by status and searches by e-mail or message', async () => {
    const all = (await get('/api/admin/tickets', c.operator)).json();
    expect(all.total).toBe(2);
    expect(all.tickets[0]).toMatchObject({ email: SELLER, status: 'open', topic: 'payments', replies: 0 });
    const stuck = (await get('/api/admin/tickets?q=stuck', c.operator)).json();
    expect(stuck.tickets.map((t: { id: string }) => t.id)).toEqual([ticketId]);
    expect((await get('/api/admin/tickets?q=ticket-seller', c.operator)).json().total).toBe(2);
    expect((await get('/api/admin/tickets?status=closed', c.operator)).json().total).toBe(0);
  });

  it('a reply is stored in the thread, mailed to the seller, read by them; one audit row', async () => {
    const res = await adminPost(s.app, c.operator, `/api/admin/tickets/${ticketId}/reply`, {
      message: 'We restarted it <b>now</b>.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const thread = (await get(`/api/admin/tickets/${ticketId}`, c.operator)).json();
    expect(thread.status).toBe('answered');
    expect(thread.replies).toEqual([
      expect.objectContaining({
        author: 'operator',
        author_email: 'operator@example.com',
        message: 'We restarted it <b>now</b>.',
      }),
    ]);
    const mail = await waitForMail(database.db, SELLER, /answered your ticket/);
    expect(mail.text).toContain('We restarted it <b>now</b>.');
    expect(mail.html).toContain('&lt;b&gt;now&lt;/b&gt;');
    const mine = (await get('/api/support/tickets', c.seller)).json();
    const seen = mine.find((t: { id: string }) => t.id === ticketId);
    expect(seen.status).toBe('answered');
    expect(seen.replies).toEqual([
      expect.objectContaining({ author: 'operator', message: 'We restarted it <b>now</b>.' }),
    ]);
    // The seller is not told which operator answered.
    expect(JSON.stringify(mine)).not.toContain('operator@example.com');
    const rows = await auditOf('ticket.reply');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetId: c.sellerId, result: 'ok', details: { ticket_id: ticketId } });
  });

  it('closing writes one audit row; the seller answering back reopens it', async () => {
    const closed = await adminPost(s.app, c.operator, `/api/admin/tickets/${ticketId}/close`, {
      reason: 'Solved',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await get(`/api/admin/tickets/${ticketId}`, c.operator)).json().status).toBe('closed');
    expect(await auditOf('ticket.close')).toHaveLength(1);
    const back = await injectJson(s.app, 'POST', `/api/support/tickets/${ticketId}/reply`, c.seller, {
      message: 'It stopped again',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().status).toBe('open');
    const thread = (await get(`/api/admin/tickets/${ticketId}`, c.operator)).json();
    expect(thread.status).toBe('open');
    expect(thread.replies.map((r: { author: string }) => r.author)).toEqual(['operator', 'seller']);
  });

  it("a seller cannot answer someone else's ticket, nor an empty message", async () => {
    const empty = await injectJson(s.app, 'POST', `/api/support/tickets/${ticketId}/reply`, c.seller, {
      message: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields[0].field).toBe('message');
    const foreign = await injectJson(s.app, 'POST', `/api/support/tickets/${ticketId}/reply`, c.operator, {
      message: 'Not mine',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
