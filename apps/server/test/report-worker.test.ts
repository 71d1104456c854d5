import { JOB_NAMES } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportProducts, reports, user } from '../src/db/schema';
import { processReport } from '../src/features/reports/process-report';
import { startWorker } from '../src/jobs/worker';
import { createSandboxMarketplace } from '../src/providers/marketplace/sandbox';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { outboxTransport } from '../src/providers/mail/transport';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { runProgram, waitFor } from './helpers/processes';
import { productIds, waitForReport } from './helpers/reports';

let database: TestDatabase;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values({
    id: 'worker-owner',
    name: 'Owner',
    email: 'owner@example.com',
    emailVerified: true,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
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

const workerDeps = () => ({
  db: database.db,
  marketplace: createSandboxMarketplace(),
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

  it('leaves a report leased to a live worker alone', async () => {
    const report = await newReport(10, 'LEASED');
    await database.db
      .update(reports)
      .set({ leaseOwner: 'someone-else', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(reports.id, report.id));
    const deps = workerDeps();
    expect(await processReport(deps, report.id)).toBe('busy');
    expect(await rowCount(report.id)).toBe(0);
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
    expect(frozen!.finalized).toBe(false);
    expect(frozen!.doneSize).toBeGreaterThanOrEqual(midway);
    expect(frozen!.doneSize).toBeLessThan(6000);
    expect(await rowCount(report.id)).toBe(frozen!.doneSize / 2);

    const second = runProgram(['worker'], env);
    try {
      const done = await waitForReport(database.db, report.id, 90_000);
      expect(done).toMatchObject({ finalized: true, doneSize: 6000 });
      expect(await rowCount(report.id)).toBe(3000);
      expect(done.leaseOwner).not.toBe(frozen!.leaseOwner);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});
