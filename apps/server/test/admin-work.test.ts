import { JOB_NAMES } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, amazonConnections, reports, spapiCalls } from '../src/db/schema';
import { postgresCallCounter } from '../src/providers/marketplace/spapi/call-counter';
import { ADMIN_CONFIG, adminPost, consoleCallers, type ConsoleCallers } from './helpers/admin';
import { buildTestApp, type TestApp } from './helpers/app';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let s: TestApp;
let c: ConsoleCallers;

beforeAll(async () => {
  database = await createTestDatabase();
  s = await buildTestApp(database, ADMIN_CONFIG);
  c = await consoleCallers(s.app, database.db);
  await subscribe(s.app, c.seller);
});
afterAll(async () => {
  await s.close();
  await database.destroy();
});

const work = async () => {
  const res = await s.app.inject({ url: '/api/admin/work', headers: { cookie: c.operator } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const used = async () =>
  (await s.app.inject({ url: '/api/usage', headers: { cookie: c.seller } })).json().r_count as number;
/** A report of `products` products, `done` of them looked up on both sides, as the worker leaves it. */
const runningReport = async (products: number, done: number) => {
  const [row] = await database.db
    .insert(reports)
    .values({
      userId: c.sellerId,
      title: 'Big one',
      fromCountry: 'US',
      toCountry: 'CA',
      content: Array.from({ length: products }, (_, i) => `B0000000${String(i).padStart(2, '0')}`),
      size: products * 2,
      doneSize: done * 2,
    })
    .returning({ id: reports.id });
  return row!.id;
};
const cancelRows = () => database.db.select().from(adminAudit).where(eq(adminAudit.action, 'report.cancel'));

// A queue the sandbox worker does not consume (Stripe's side of billing): its jobs stay where we put them.
const IDLE_QUEUE = JOB_NAMES.paymentSucceeded;

/** A job of the idle queue that ran out of its one try. */
async function failedJob(message: string) {
  const boss = s.worker!.boss;
  const id = await boss.send(IDLE_QUEUE, { payment_intent_id: 'pi_work' }, { retryLimit: 0 });
  const [fetched] = await boss.fetch(IDLE_QUEUE);
  expect(fetched?.id).toBe(id);
  await boss.fail(IDLE_QUEUE, id!, new Error(message));
  return id!;
}

describe('the work overview', () => {
  it('counts a queued and a failed job per queue, and lists the failure without its payload', async () => {
    // Due in an hour: waiting, and out of the way of the fetches that make failed jobs.
    await s.worker!.boss.send(IDLE_QUEUE, { payment_intent_id: 'pi_waiting' }, { startAfter: 3600 });
    const id = await failedJob('card_declined\n    at somewhere (secret.ts:1)');
    const body = await work();
    const queue = body.queues.find((q: { name: string }) => q.name === IDLE_QUEUE);
    expect(queue).toMatchObject({ waiting: 1, running: 0, failed: 1 });
    expect(body.queues.map((q: { name: string }) => q.name)).toContain(JOB_NAMES.processReport);
    const failed = body.failed_jobs.find((j: { id: string }) => j.id === id);
    expect(failed).toMatchObject({ queue: IDLE_QUEUE, error: 'card_declined' });
    expect(JSON.stringify(body)).not.toContain('pi_work');

    // pg-boss archives a failed job after 12 hours: still counted in the day's failures, no longer listed.
    await database.db.execute(sql`
      with moved as (delete from pgboss.job where id = ${id}::uuid returning *)
      insert into pgboss.archive (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
        retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on,
        completed_on, keep_until, dead_letter, policy, output)
      select id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
        start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on,
        keep_until, dead_letter, policy, output from moved`);
    const later = await work();
    expect(later.queues.find((q: { name: string }) => q.name === IDLE_QUEUE)).toMatchObject({ failed: 1 });
    expect(later.failed_jobs.map((j: { id: string }) => j.id)).not.toContain(id);
  });

  it('lists a running report with its owner and progress', async () => {
    const id = await runningReport(10, 4);
    const body = await work();
    expect(body.running_reports).toContainEqual(
      expect.objectContaining({ id, owner_email: 'seller@example.com', processed: 4, total: 10 }),
    );
  });

  it("shows a seller's Amazon authorisation with the calls counted in the last hour, never a token", async () => {
    const sealed = Buffer.from('sealed-secret');
    await database.db.insert(amazonConnections).values({
      userId: c.sellerId,
      region: 'na',
      sellingPartnerId: 'A1SELLER',
      refreshTokenCiphertext: sealed,
      refreshTokenIv: sealed,
      refreshTokenTag: sealed,
      keyId: 'key-of-this-test',
      renewBy: new Date(Date.now() + 300 * 86_400_000),
    });
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    await database.db.insert(spapiCalls).values([
      { userId: c.sellerId, region: 'na', operation: 'searchCatalogItems', minute, calls: 720, throttled: 2 },
      // Two hours ago: outside the hour.
      {
        userId: c.sellerId,
        region: 'na',
        operation: 'searchCatalogItems',
        minute: new Date(minute.getTime() - 2 * 3600_000),
        calls: 99,
        throttled: 9,
      },
    ]);
    // And what the SP-API client counts as it goes: two more calls, one throttled, in this minute.
    const count = postgresCallCounter(database.db);
    count({ userId: c.sellerId, region: 'na', operation: 'searchCatalogItems', throttled: false });
    count({ userId: c.sellerId, region: 'na', operation: 'searchCatalogItems', throttled: true });
    await expect.poll(async () => (await work()).amazon[0]?.calls_last_hour, { timeout: 5000 }).toBe(722);
    const body = await work();
    expect(body.amazon).toEqual([
      expect.objectContaining({
        owner_email: 'seller@example.com',
        region: 'na',
        selling_partner_id: 'A1SELLER',
        status: 'connected',
        calls_last_hour: 722,
        throttled_last_hour: 3,
        // 722 of searchCatalogItems' 2 a second × 3600.
        utilisation: 0.1,
      }),
    ]);
    // Nothing of the sealed token in any form, nor a field for it. (Matching /k1/i here failed whenever a
    // random user id held "k1".)
    const text = JSON.stringify(body.amazon);
    for (const secret of [
      'sealed-secret',
      sealed.toString('base64'),
      sealed.toString('hex'),
      'key-of-this-test',
    ])
      expect(text).not.toContain(secret);
    expect(Object.keys(body.amazon[0]!).filter((k) => /token|key|iv|tag|cipher|sealed/i.test(k))).toEqual([]);
  });
});

describe('cancel a report', () => {
  it('gives the unspent credits back once when two cancels race, and writes one ok audit row', async () => {
    const before = await used();
    const id = await runningReport(20, 5);
    expect(await used()).toBe(before + 20);
    const answers = await Promise.all(
      [1, 2].map(() => adminPost(s.app, c.operator, `/api/admin/reports/${id}/cancel`, { reason: 'Stuck' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('report_not_running');
    // The 5 products looked up stay spent; the other 15 come back, once.
    expect(await used()).toBe(before + 5);
    const [report] = await database.db.select().from(reports).where(eq(reports.id, id));
    expect(report).toMatchObject({ doneSize: -1, size: 10, finalized: false });
    const rows = (await cancelRows()).filter((r) => r.details?.report_id === id);
    expect(rows.filter((r) => r.result === 'ok')).toHaveLength(1);
    expect(rows.find((r) => r.result === 'ok')).toMatchObject({
      reason: 'Stuck',
      targetId: c.sellerId,
      details: expect.objectContaining({ refunded_products: 15 }),
    });
    expect(rows).toHaveLength(2);
    // Cancelled: no longer listed as running.
    expect((await work()).running_reports.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it("gives credits back at most once when a cancel races the report's own finish", async () => {
    for (let i = 0; i < 5; i++) {
      const before = await used();
      const id = await runningReport(6, 6);
      // The worker's finish: the same condition the cancel tests, under the same row lock.
      const finish = database.db.execute(sql`
        update reports set finalized = true, finish_at = now()
         where id = ${id}::uuid and not finalized and done_size <> -1`);
      const [answer] = await Promise.all([
        adminPost(s.app, c.operator, `/api/admin/reports/${id}/cancel`, { reason: 'Race' }),
        finish,
      ]);
      const [report] = await database.db.select().from(reports).where(eq(reports.id, id));
      // Either the finish won (cancel refused) or the cancel did (never finalized): never both.
      if (answer.statusCode === 200) expect(report).toMatchObject({ finalized: false, doneSize: -1 });
      else expect(report).toMatchObject({ finalized: true, doneSize: 12 });
      // Every product was looked up: nothing to give back either way.
      expect(await used()).toBe(before + 6);
    }
  });

  it('refunds nothing for a report that finished first', async () => {
    const id = await runningReport(4, 4);
    await database.db.update(reports).set({ finalized: true }).where(eq(reports.id, id));
    const before = await used();
    const res = await adminPost(s.app, c.operator, `/api/admin/reports/${id}/cancel`, { reason: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(await used()).toBe(before);
  });

  it('answers 404 for an unknown report', async () => {
    const res = await adminPost(
      s.app,
      c.operator,
      '/api/admin/reports/00000000-0000-4000-8000-000000000000/cancel',
      { reason: 'Nope' },
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('retry a failed job', () => {
  it('moves the job back to waiting, once, and writes its audit row', async () => {
    const id = await failedJob('timeout');
    const res = await adminPost(s.app, c.operator, `/api/admin/jobs/${id}/retry`, {
      queue: IDLE_QUEUE,
      reason: 'Provider back',
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = await s.worker!.boss.getJobById(IDLE_QUEUE, id);
    expect(job?.state).toBe('retry');
    const again = await adminPost(s.app, c.operator, `/api/admin/jobs/${id}/retry`, {
      queue: IDLE_QUEUE,
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    const rows = await database.db.select().from(adminAudit).where(eq(adminAudit.action, 'job.retry'));
    // Each call: its attempt before pg-boss is asked, its result after.
    expect(rows.map((r) => [r.result, r.details?.job_id])).toEqual([
      ['attempt', id],
      ['ok', id],
      ['attempt', id],
      ['refused', id],
    ]);
    expect(rows[1]!.details?.attempt_id).toBe(rows[0]!.id);
  });
});

describe('run a scheduled job now (issue 59)', () => {
  it('queues it as its schedule would, shows its last run and writes its audit rows', async () => {
    const name = JOB_NAMES.purgeQuickLookups;
    const before = (await work()).schedules.find((x: { name: string }) => x.name === name);
    expect(before).toMatchObject({ cron: '25 3 * * *' });
    const res = await adminPost(s.app, c.operator, `/api/admin/schedules/${name}/run`, {
      reason: 'Seller asked why yesterday was missing',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await work()).schedules.find((x: { name: string }) => x.name === name);
    expect(after.last_run_at).not.toBeNull();
    expect(['created', 'active', 'completed']).toContain(after.last_state);
    // A second ask at once (a double click, another operator) queues no second run.
    const again = await adminPost(s.app, c.operator, `/api/admin/schedules/${name}/run`, { reason: 'Twice' });
    expect(again.statusCode).toBe(200);
    const rows = await database.db.select().from(adminAudit).where(eq(adminAudit.action, 'schedule.run'));
    expect(rows.map((r) => [r.result, r.details?.queue, r.details?.already_queued])).toEqual([
      ['attempt', name, undefined],
      ['ok', name, false],
      ['attempt', name, undefined],
      ['ok', name, true],
    ]);
  });

  it('lists the billing renewals and the five-minute jobs, but runs only the daily ones', async () => {
    const listed = (await work()).schedules as { name: string; runnable: boolean }[];
    expect(listed.find((x) => x.name === JOB_NAMES.renewals)?.runnable).toBe(false);
    expect(listed.find((x) => x.name === JOB_NAMES.watchAlerts)?.runnable).toBe(false);
    expect(listed.find((x) => x.name === JOB_NAMES.watchDigest)?.runnable).toBe(true);
    const res = await adminPost(s.app, c.operator, `/api/admin/schedules/${JOB_NAMES.renewals}/run`, {
      reason: 'Charge them now',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a job that has no schedule, naming the field', async () => {
    const res = await adminPost(s.app, c.operator, `/api/admin/schedules/${JOB_NAMES.processReport}/run`, {
      reason: 'Not a schedule',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('name');
  });
});
