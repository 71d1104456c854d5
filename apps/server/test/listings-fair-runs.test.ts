import { JOB_NAMES } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedBudget } from '../src/features/listings/feed-budget';
import { listingJobs } from '../src/features/listings/jobs';
import { createBoss, ensureQueues, pgBossQueue, type JobQueue } from '../src/jobs/queue';
import type { JobContext } from '../src/jobs/types';
import { createSellerStore, type SellerStore } from '../src/providers/seller-store';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser, injectJson } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { listingsOf, seedPricedProducts, waitForRun } from './helpers/listings';

// A listings run is one per inventory and worked by one job at a time; sync and retry jobs are queued
// once per inventory or listing; the late-feed job shares its time between sellers.

let database: TestDatabase;
let testApp: TestApp;
let alice: string;
let aliceId: string;
let inventoryId: string;

/** Amazon's previews wait here until a test lets them go. */
let gate = Promise.resolve();
let open = () => {};
const closeGate = () => (gate = new Promise<void>((resolve) => (open = resolve)));
let previews = 0;

const PRODUCTS = Array.from({ length: 12 }, (_, i) => ({
  code: `B${String(700_000 + i).padStart(9, '0')}`,
  std: 20,
}));

beforeAll(async () => {
  database = await createTestDatabase();
  const sandbox = createSellerStore(testConfig(), { db: database.db });
  const store: SellerStore = {
    ...sandbox,
    put: async (_target, sku) => {
      previews += 1;
      await gate;
      return { sku, status: 'VALID', submissionId: 'preview', issues: [] };
    },
  };
  testApp = await buildTestApp(database, {}, { sellerStore: store });
  alice = await activeUser(testApp.app, database.db, 'alice@example.com');
  await subscribe(testApp.app, alice, 'L');
  aliceId = await userIdOf(database.db, 'alice@example.com');
  const created = await injectJson(testApp.app, 'POST', '/api/inventories', alice, BODY);
  inventoryId = created.json<{ id: string }>().id;
  await seedPricedProducts(database.db, inventoryId, aliceId, PRODUCTS);
});

afterAll(async () => {
  open();
  await testApp?.close();
  await database?.destroy();
});

const preview = () =>
  injectJson(testApp.app, 'POST', `/api/inventories/${inventoryId}/listings`, alice, { mode: 'preview' });

describe('one run per inventory', () => {
  it('200 preview requests get one run and 409s', async () => {
    closeGate();
    const answers = await Promise.all(Array.from({ length: 200 }, preview));
    const accepted = answers.filter((a) => a.statusCode === 202);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(199);
    expect(refused[0]!.json().error).toMatchObject({
      code: 'listings_run_busy',
      message:
        'A dry run or publish of this inventory is already queued or running. Wait for it to finish, then start the next one.',
    });
    const runs = await database.db.execute(
      sql`select id from listing_runs where inventory_id = ${inventoryId}::uuid`,
    );
    expect(runs.rows).toHaveLength(1);

    // Once it has finished, the next one may start.
    open();
    await waitForRun(testApp.app, alice, inventoryId, accepted[0]!.json<{ id: string }>().id);
    const next = await preview();
    expect(next.statusCode, next.body).toBe(202);
    await waitForRun(testApp.app, alice, inventoryId, next.json<{ id: string }>().id);
  });

  it('a run still running is never claimed twice, even when its job is started again', async () => {
    closeGate();
    const run = await database.db.execute<{ id: string }>(sql`
      insert into listing_runs (inventory_id, user_id, mode) values (${inventoryId}::uuid, ${aliceId}, 'preview')
      returning id`);
    const runId = run.rows[0]!.id;
    const before = previews;
    // The job as pg-boss runs it, twice: the second copy is what pg-boss starts when the first's expiry
    // passes while it still waits on Amazon.
    const ctx = (jobId: string) =>
      ({
        db: database.db,
        logger: pino({ level: 'silent' }),
        owner: 'test-worker',
        job: { id: jobId },
        queue: { send: async () => null, retry: async () => false },
        marketplace: {},
      }) as unknown as JobContext;
    const handler = listingJobs[JOB_NAMES.publishListings]!;
    const store = createSellerStore(testConfig(), { db: database.db });
    const counted: SellerStore = {
      ...store,
      put: async (_t, sku) => {
        previews += 1;
        // A second copy sending too: let both finish, so the test says so rather than waits.
        if (previews - before > PRODUCTS.length) open();
        await gate;
        return { sku, status: 'VALID', submissionId: 'preview', issues: [] };
      },
    };
    const first = handler({ run_id: runId }, { ...ctx('job-1'), sellerStore: counted });
    await expect.poll(() => previews - before).toBe(PRODUCTS.length);
    const second = await handler({ run_id: runId }, { ...ctx('job-2'), sellerStore: counted });
    expect(second).toBe('held');
    open();
    expect(await first).toBe('done');
    expect(previews - before).toBe(PRODUCTS.length);
    const view = await listingsOf(testApp.app, alice, inventoryId);
    expect(view.last_run).toMatchObject({ id: runId, status: 'done', counts: { valid: PRODUCTS.length } });
  });
});

describe('jobs queued once', () => {
  let boss: ReturnType<typeof createBoss>;
  let queue: JobQueue;
  beforeAll(async () => {
    // A queue of its own, and the app's worker stopped: what is queued stays queued.
    await testApp.worker?.stop();
    boss = createBoss(database.url);
    await boss.start();
    await ensureQueues(boss, database.db.$client);
    queue = pgBossQueue(boss);
    await database.db.execute(sql`delete from pgboss.job where name in ('sync-listings', 'retry-listing')`);
  });
  afterAll(async () => boss?.stop({ graceful: false }));

  it('sync and retry jobs are de-duplicated per inventory and per listing', async () => {
    const other = '3f1c1a56-5b7e-4d8a-9f55-0a8d4b2c9e11';
    expect(await queue.send(JOB_NAMES.syncListings, { inventory_id: inventoryId })).not.toBeNull();
    expect(
      await queue.send(JOB_NAMES.syncListings, { inventory_id: inventoryId }, { forOthers: true }),
    ).toBeNull();
    expect(await queue.send(JOB_NAMES.syncListings, { inventory_id: other })).not.toBeNull();
    const retry = { inventory_id: inventoryId, product_id: PRODUCTS[0]!.code };
    expect(await queue.send(JOB_NAMES.retryListing, retry)).not.toBeNull();
    expect(await queue.send(JOB_NAMES.retryListing, retry)).toBeNull();
    expect(
      await queue.send(JOB_NAMES.retryListing, { ...retry, product_id: PRODUCTS[1]!.code }),
    ).not.toBeNull();
    const queued = await database.db.execute<{ name: string; n: number }>(sql`
      select name, count(*)::int as n from pgboss.job
       where name in ('sync-listings', 'retry-listing') and state = 'created' group by name order by name`);
    expect(queued.rows).toEqual([
      { name: 'retry-listing', n: 2 },
      { name: 'sync-listings', n: 2 },
    ]);
  });
});

describe('the late-feed job shares its time', () => {
  it("gives each seller a share, then the others, and stops at the run's budget", () => {
    let clock = 0;
    const budget = feedBudget({ totalMs: 100, sellerMs: 30, now: () => clock });
    const order: string[] = [];
    // Seller a's feeds each take 20 ms, b's 5 ms, in the order the job reads them.
    for (const seller of ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'b', 'b', 'b', 'b', 'b', 'b', 'b']) {
      const turn = budget.turn(seller);
      order.push(`${seller}:${turn}`);
      if (turn === 'stop') break;
      if (turn === 'go') clock += seller === 'a' ? 20 : 5;
    }
    expect(order).toEqual([
      'a:go',
      'b:go',
      'a:go',
      'b:go',
      'a:skip',
      'b:go',
      'a:skip',
      'b:go',
      'b:go',
      'b:go',
      'b:skip',
      'b:skip',
      'b:skip',
      'b:skip',
      'b:skip',
    ]);
    const late = feedBudget({ totalMs: 50, sellerMs: 30, now: () => clock });
    clock += 50;
    expect(late.turn('c')).toBe('stop');
  });
});
