import { JOB_NAMES } from '@crossmarket/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportChunks, reportProducts, reports } from '../src/db/schema';
import { findStalledReports, processReport } from '../src/features/reports/process-report';
import { ensureChunks } from '../src/features/reports/report-chunks';
import { startWorker } from '../src/jobs/worker';
import { baselineSandbox } from './helpers/sandbox';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { outboxTransport } from '../src/providers/mail/transport';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { runProgram, waitFor } from './helpers/processes';
import { insertReportOwner, productIds, waitForReport } from './helpers/reports';

let database: TestDatabase;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  await insertReportOwner(database.db, 'worker-owner', 'owner@example.com');
});
afterAll(async () => {
  await database.destroy();
});

async function newReport(count: number, tag: string) {
  const content = productIds(count, tag);
  const [row] = await database.db
    .insert(reports)
    .values({
      userId: 'worker-owner',
      title: tag,
      fromCountry: 'us',
      toCountry: 'mx',
      content,
      size: count * 2,
    })
    .returning();
  return row!;
}

const rowCount = async (reportId: string) =>
  (
    await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reportProducts)
      .where(eq(reportProducts.reportId, reportId))
  )[0]!.n;

const chunksOf = (reportId: string) =>
  database.db
    .select({ idx: reportChunks.idx, leaseOwner: reportChunks.leaseOwner, doneBy: reportChunks.doneBy })
    .from(reportChunks)
    .where(eq(reportChunks.reportId, reportId))
    .orderBy(reportChunks.idx);

/** The sandbox, counting the products it was asked for on the selling side (each lookup asks both). */
function countingMarketplace(delayMs = 0) {
  const sandbox = baselineSandbox({ delayMs });
  const asked: string[] = [];
  const marketplace: MarketplaceProvider = {
    ...sandbox,
    lookup: async (ids, region, options) => {
      if (region !== options.shipTo) asked.push(...ids);
      return sandbox.lookup(ids, region, options);
    },
  };
  return { marketplace, asked };
}

const workerDeps = () => ({
  db: database.db,
  marketplace: baselineSandbox(),
  logger: silent,
  leaseSeconds: 30,
  owner: 'test-worker',
});

describe('processing a report', () => {
  it('writes nothing twice: a second run over a finished report changes no row count', async () => {
    const report = await newReport(250, 'TWICE');
    const deps = workerDeps();
    expect(await processReport(deps, report.id)).toBe('finalized');
    expect(await rowCount(report.id)).toBe(250);
    // A finalized report is not taken again.
    expect(await processReport(deps, report.id)).toBe('busy');
    const [after] = await database.db.select().from(reports).where(eq(reports.id, report.id));
    expect(after).toMatchObject({ finalized: true, doneSize: 500 });
  });

  it('leaves a chunk leased to a live worker alone', async () => {
    const report = await newReport(10, 'LEASED');
    await database.db.insert(reportChunks).values({
      reportId: report.id,
      idx: 0,
      fromPosition: 0,
      toPosition: 10,
      leaseOwner: 'someone-else',
      leaseUntil: new Date(Date.now() + 60_000),
    });
    const deps = workerDeps();
    expect(await processReport(deps, report.id)).toBe('busy');
    expect(await rowCount(report.id)).toBe(0);
    expect(await chunksOf(report.id)).toEqual([{ idx: 0, leaseOwner: 'someone-else', doneBy: null }]);
  });

  it('cancels a report whose provider keeps failing once the job runs out of retries, keeping the reason', async () => {
    const failing: MarketplaceProvider = {
      name: 'sandbox',
      batchSize: 100,
      lookup: async () => {
        throw new Error('marketplace unavailable (503)');
      },
    };
    const worker = await startWorker({
      url: database.url,
      db: database.db,
      logger: silent,
      mail: outboxTransport(database.db, silent),
      marketplace: failing,
    });
    try {
      const report = await newReport(5, 'FAILS');
      await worker.boss.send(JOB_NAMES.processReport, { report_id: report.id }, { retryLimit: 0 });
      const done = await waitForReport(database.db, report.id);
      expect(done.doneSize).toBe(-1);
      expect(done.failure).toContain('marketplace unavailable (503)');
    } finally {
      await worker.stop();
    }
  });
});

describe('a report shared by workers', () => {
  it('is split into chunks that two workers take side by side, each product written once, finalized once', async () => {
    const report = await newReport(5000, 'SPLIT');
    const a = countingMarketplace(20);
    const b = countingMarketplace(20);
    const outcomes = await Promise.all([
      processReport({ ...workerDeps(), marketplace: a.marketplace, owner: 'worker-a' }, report.id),
      processReport({ ...workerDeps(), marketplace: b.marketplace, owner: 'worker-b' }, report.id),
    ]);
    // The one that finished last finalized; the other did its part.
    expect(outcomes.sort()).toEqual(['finalized', 'part-done']);
    const chunks = await chunksOf(report.id);
    expect(chunks).toHaveLength(5);
    expect(new Set(chunks.map((c) => c.doneBy))).toEqual(new Set(['worker-a', 'worker-b']));
    // Nobody looked a product up that the other did: the chunks are disjoint.
    expect(a.asked.length + b.asked.length).toBe(5000);
    expect(new Set([...a.asked, ...b.asked]).size).toBe(5000);
    const counts = await database.db.execute<{ n: number; distinct: number }>(sql`
      select count(*)::int as n, count(distinct product_id)::int as distinct
        from report_products where report_id = ${report.id}::uuid`);
    expect(counts.rows[0]).toEqual({ n: 5000, distinct: 5000 });
    const [after] = await database.db.select().from(reports).where(eq(reports.id, report.id));
    expect(after).toMatchObject({ finalized: true, doneSize: 10_000 });
  });

  it('takes over a chunk whose lease ran out and resumes it without looking written products up again', async () => {
    const report = await newReport(2000, 'TAKE');
    // The first worker writes two batches of chunk 0, then hangs in its third lookup (a frozen process).
    const sandbox = baselineSandbox();
    let lookups = 0;
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    const frozen: MarketplaceProvider = {
      ...sandbox,
      lookup: async (ids, region, options) => {
        if (++lookups <= 4) return sandbox.lookup(ids, region, options);
        await hung;
        // What it saw by then differs (another day's prices): none of it may land on the finished report.
        const late = await sandbox.lookup(ids, region, options);
        return late.map((p) => ({ ...p, side: { ...p.side, title: 'Seen late' } }));
      },
    };
    const first = processReport({ ...workerDeps(), marketplace: frozen, owner: 'first' }, report.id);
    await waitFor(
      async () => ((await rowCount(report.id)) === 500 ? true : undefined),
      'two batches written',
    );
    expect(await chunksOf(report.id)).toEqual([
      { idx: 0, leaseOwner: 'first', doneBy: null },
      { idx: 1, leaseOwner: null, doneBy: null },
    ]);
    // Its lease runs out (set in the past rather than waited for).
    await database.db
      .update(reportChunks)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(reportChunks.reportId, report.id));

    const second = countingMarketplace();
    const outcome = await processReport(
      { ...workerDeps(), marketplace: second.marketplace, owner: 'second' },
      report.id,
    );
    expect(outcome).toBe('finalized');
    // The 500 products written before were not looked up again.
    expect(second.asked).toHaveLength(1500);
    expect(new Set(second.asked).size).toBe(1500);
    expect(await chunksOf(report.id)).toEqual([
      { idx: 0, leaseOwner: 'second', doneBy: 'second' },
      { idx: 1, leaseOwner: 'second', doneBy: 'second' },
    ]);
    // The frozen worker wakes up: its write finds the chunk taken over and the report finished, and stops.
    release();
    expect(await first).toBe('busy');
    expect(await rowCount(report.id)).toBe(2000);
    const late = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from report_products
       where report_id = ${report.id}::uuid and to_title like '%seen late%'`);
    expect(late.rows[0]!.n).toBe(0);
    const [after] = await database.db.select().from(reports).where(eq(reports.id, report.id));
    expect(after).toMatchObject({ finalized: true, doneSize: 4000 });
  });

  it('hands its chunk back at once when the worker stops, for the next taker to resume', async () => {
    const report = await newReport(1500, 'STOP');
    const { marketplace, asked } = countingMarketplace();
    // The worker is told to stop once two batches have been looked up.
    const stopping = () => asked.length >= 500;
    expect(await processReport({ ...workerDeps(), marketplace, owner: 'stopper', stopping }, report.id)).toBe(
      'handed-back',
    );
    expect(await rowCount(report.id)).toBe(500);
    expect(await chunksOf(report.id)).toEqual([
      { idx: 0, leaseOwner: 'stopper', doneBy: null },
      { idx: 1, leaseOwner: null, doneBy: null },
    ]);
    // No lease left to wait for: the sweep sees it at once.
    expect(await findStalledReports(database.db)).toContain(report.id);
    const next = countingMarketplace();
    expect(await processReport({ ...workerDeps(), marketplace: next.marketplace }, report.id)).toBe(
      'finalized',
    );
    expect(next.asked).toHaveLength(1000);
    expect(await rowCount(report.id)).toBe(1500);
  });

  it('sweeps up a report once none of its chunks holds a live lease, and finalizes one whose chunks are all done', async () => {
    const report = await newReport(1500, 'SWEEP');
    const fresh = await newReport(10, 'FRESH');
    await ensureChunks(database.db, report.id, 1500, 1000);
    const lease = (
      idx: number,
      until: ReturnType<typeof sql>,
      doneAt: ReturnType<typeof sql> | null = null,
    ) =>
      database.db
        .update(reportChunks)
        .set({ leaseOwner: 'gone-worker', leaseUntil: until, doneAt, doneBy: doneAt && 'gone-worker' })
        .where(and(eq(reportChunks.reportId, report.id), eq(reportChunks.idx, idx)));
    // One chunk still leased: the report is running, not stalled. Nor is one made just now, never started.
    await lease(0, sql`now() - interval '1 second'`);
    await lease(1, sql`now() + interval '1 minute'`);
    let stalled = await findStalledReports(database.db);
    expect(stalled).not.toContain(report.id);
    expect(stalled).not.toContain(fresh.id);
    // Every lease ran out.
    await lease(1, sql`now() - interval '1 second'`);
    stalled = await findStalledReports(database.db);
    expect(stalled).toContain(report.id);

    // Both chunks were done (their rows written) but the worker died before finalizing.
    const { marketplace } = countingMarketplace();
    expect(await processReport({ ...workerDeps(), marketplace, owner: 'writer' }, report.id)).toBe(
      'finalized',
    );
    await database.db.update(reports).set({ finalized: false }).where(eq(reports.id, report.id));
    await lease(0, sql`now() - interval '1 second'`, sql`now()`);
    await lease(1, sql`now() - interval '1 second'`, sql`now()`);
    expect(await findStalledReports(database.db)).toContain(report.id);
    const late = countingMarketplace();
    expect(await processReport({ ...workerDeps(), marketplace: late.marketplace }, report.id)).toBe(
      'finalized',
    );
    expect(late.asked).toHaveLength(0);
    // Finalized once: another run finds nothing to do.
    expect(await processReport(workerDeps(), report.id)).toBe('busy');
    expect(await findStalledReports(database.db)).not.toContain(report.id);
  });
});

describe('a worker killed mid-report', () => {
  it('is resumed by another worker process and ends with exactly one row per product', async () => {
    const report = await newReport(3000, 'KILL');
    // Created long ago and never enqueued: the worker's sweep is what starts it.
    await database.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(reports.id, report.id));
    const env = {
      DATABASE_URL: database.url,
      SANDBOX_LOOKUP_DELAY_MS: '300',
      REPORT_LEASE_SECONDS: '2',
      DATA_DIR: '/tmp',
      LOG_LEVEL: 'warn',
      TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32),
    };
    const first = runProgram(['worker'], env);
    const midway = await waitFor(
      async () => {
        const [row] = await database.db.select().from(reports).where(eq(reports.id, report.id));
        return row && row.doneSize >= 600 && row.doneSize < 3000 ? row.doneSize : undefined;
      },
      'the first worker to be part-way through',
      900,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const [frozen] = await database.db.select().from(reports).where(eq(reports.id, report.id));
    const [held] = await database.db
      .select()
      .from(reportChunks)
      .where(and(eq(reportChunks.reportId, report.id), isNull(reportChunks.doneAt)))
      .orderBy(reportChunks.idx);
    expect(held!.leaseOwner).toBeTruthy();
    expect(frozen!.finalized).toBe(false);
    expect(frozen!.doneSize).toBeGreaterThanOrEqual(midway);
    expect(frozen!.doneSize).toBeLessThan(6000);
    expect(await rowCount(report.id)).toBe(frozen!.doneSize / 2);

    const second = runProgram(['worker'], env);
    try {
      const done = await waitForReport(database.db, report.id, 90_000);
      expect(done).toMatchObject({ finalized: true, doneSize: 6000 });
      expect(await rowCount(report.id)).toBe(3000);
      // The chunk the killed worker held was finished by the other.
      const [taken] = await database.db
        .select()
        .from(reportChunks)
        .where(and(eq(reportChunks.reportId, report.id), eq(reportChunks.idx, held!.idx)));
      expect(taken!.doneBy).toBeTruthy();
      expect(taken!.doneBy).not.toBe(held!.leaseOwner);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});
