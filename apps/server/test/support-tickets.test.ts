import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, supportTickets, userData, userProfiles } from '../src/db/schema';
import { userIdOf } from './helpers/analysis';
import { waitForMail } from './helpers/auth';
import { alice, app, bob, carol, database, get, setUpSupport, SUPPORT, ticket } from './helpers/support';

// Support tickets: who may write one, what a bad one is told, what is stored and mailed, and how many an
// hour one user may send. The support page's feeds are in support-feeds.test.ts.

setUpSupport();

describe('POST /api/create-ticket', () => {
  const fieldsOf = (res: { json(): { error: { fields: { field: string; key: string }[] } } }) =>
    res.json().error.fields.map((f) => `${f.field}: ${f.key}`);

  it('refuses a stranger, whatever the body', async () => {
    expect((await ticket(undefined, { topic: 'account', message: 'Hi' })).statusCode).toBe(401);
    expect((await ticket(undefined, { nonsense: true })).statusCode).toBe(401);
  });

  it('names the field of a bad body', async () => {
    const empty = await ticket(alice, {});
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual([
      'topic: validation.support.topic',
      'message: validation.support.message',
    ]);
    expect(empty.json().error.message).toContain('topic: Select your topic');
    expect(fieldsOf(await ticket(alice, { topic: 'billing', message: 'Hi' }))).toEqual([
      'topic: validation.support.topic',
    ]);
    expect(fieldsOf(await ticket(alice, { topic: 'other', message: '   ' }))).toEqual([
      'message: validation.support.message',
    ]);
    expect(fieldsOf(await ticket(alice, { topic: 'other', message: 'x'.repeat(5001) }))).toEqual([
      'message: validation.support.messageTooLong',
    ]);
    const aliceId = await userIdOf(database.db, 'alice@example.com');
    expect(await database.db.select().from(supportTickets).where(eq(supportTickets.userId, aliceId))).toEqual(
      [],
    );
  });

  it("stores the ticket as the session's user and mails support and the user; HTML stays text", async () => {
    const message = 'My report is stuck.\n<script>alert("x")</script> & <b>bold</b>';
    const res = await ticket(alice, {
      topic: 'reports',
      message,
      // The specification's client sent these; the session decides who is writing.
      user_id: 'someone-else',
      user_email: 'mallory@example.com',
      access_token: 'ignored',
    });
    expect(res.statusCode).toBe(201);
    const { result, id } = res.json();
    expect(result).toBe(true);
    const [row] = await database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({
      userId: await userIdOf(database.db, 'alice@example.com'),
      topic: 'reports',
      message,
      status: 'open',
    });

    const toSupport = await waitForMail(database.db, SUPPORT, new RegExp(id.split('-')[0]));
    expect(toSupport.subject).toBe(`Support ticket #${id.split('-')[0]}: Reports from alice@example.com`);
    expect(toSupport.text).toContain(message);
    expect(toSupport.text).toContain('From: alice@example.com');
    expect(toSupport.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(toSupport.html).not.toContain('<script>');
    expect(toSupport.html).not.toContain('<b>bold');

    const ack = await waitForMail(database.db, 'alice@example.com', /support ticket/);
    expect(ack.subject).toBe(`We received your support ticket #${id.split('-')[0]}`);
    expect(ack.text).toContain('within 24 hours');
    expect(ack.text).toContain(message);
    expect(ack.html).toContain('&lt;script&gt;');
    expect(ack.html).not.toContain('<script>');
    const toMallory = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'mallory@example.com'));
    expect(toMallory).toEqual([]);
  });

  it("acknowledges in the user's communication language, also when locked out or suspended", async () => {
    const bobId = await userIdOf(database.db, 'bob@example.com');
    await database.db.update(userProfiles).set({ commLang: 'tr' }).where(eq(userProfiles.userId, bobId));
    await database.db.update(userData).set({ suspended: true }).where(eq(userData.userId, bobId));
    const res = await ticket(bob, { topic: 'payments', message: 'Hesabım neden askıya alındı?' });
    expect(res.statusCode).toBe(201);
    const ack = await waitForMail(database.db, 'bob@example.com', /Destek talebinizi aldık/);
    expect(ack.text).toContain('Ödemeler');
    expect(ack.text).toContain('24 saat içinde');
    expect((await get(app, '/api/support/posts?kind=kb', bob)).statusCode).toBe(200);
    expect((await get(app, '/api/get-yt-videos', bob)).statusCode).toBe(200);
    // Other areas stay closed to him.
    expect((await get(app, '/api/filter-sets', bob)).json().error.code).toBe('account_suspended');

    await database.db.update(userData).set({ isActive: false }).where(eq(userData.userId, bobId));
    const inactive = await ticket(bob, { topic: 'account', message: 'Hello?' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().error.code).toBe('account_inactive');
  });

  it('takes 5 tickets an hour from one user', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await ticket(carol, { topic: 'other', message: `Question ${i}` })).statusCode).toBe(201);
    }
    const refused = await ticket(carol, { topic: 'other', message: 'Question 6' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    const carolId = await userIdOf(database.db, 'carol@example.com');
    const stored = await database.db
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.userId, carolId), eq(supportTickets.topic, 'other')));
    expect(stored).toHaveLength(5);
    // Another user is not slowed by Carol's tickets.
    expect((await ticket(alice, { topic: 'account', message: 'Still here' })).statusCode).toBe(201);
  });
});

describe('POST /api/support/tickets/:id/reply', () => {
  const reply = (cookie: string, id: string, message: string) =>
    app.inject({
      method: 'POST',
      url: `/api/support/tickets/${id}/reply`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: { message },
    });

  it("takes 10 replies an hour on one ticket and 20 from one seller; another seller's ticket is 404, uncounted", async () => {
    const first = (await ticket(alice, { topic: 'other', message: 'First' })).json().id as string;
    const second = (await ticket(alice, { topic: 'other', message: 'Second' })).json().id as string;
    for (let i = 1; i <= 10; i++) expect((await reply(alice, first, `More ${i}`)).statusCode).toBe(200);
    const perTicket = await reply(alice, first, 'More 11');
    expect(perTicket.statusCode).toBe(429);
    expect(perTicket.json().error.code).toBe('rate_limited');
    expect(Number(perTicket.headers['retry-after'])).toBeGreaterThan(0);

    // Carol cannot reach Alice's ticket, and trying counts against neither of them.
    for (let i = 0; i < 3; i++) expect((await reply(carol, second, 'Not mine')).statusCode).toBe(404);

    // Alice's other ticket still takes replies until her hour's 20 (the refused 11th counted too).
    for (let i = 1; i <= 9; i++) expect((await reply(alice, second, `Other ${i}`)).statusCode).toBe(200);
    expect((await reply(alice, second, 'Other 10')).statusCode).toBe(429);

    const thread = (await get(app, '/api/support/tickets', alice)).json() as {
      id: string;
      replies: unknown[];
    }[];
    expect(thread.find((t) => t.id === first)!.replies).toHaveLength(10);
    expect(thread.find((t) => t.id === second)!.replies).toHaveLength(9);
  });
});
