import { JOB_NAMES } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../src/db/schema';
import { startWorker } from '../src/jobs/worker';
import { outboxTransport } from '../src/providers/mail/transport';
import { baselineSandbox } from './helpers/sandbox';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertReportOwner, productIds, waitForReport } from './helpers/reports';

// One worker process alone (as `npm start` runs it) with a report of two chunks: the helper job its first
// chunk claim queues comes back to the same process, which passes it on a few times for another worker
// and then lets it end, rather than re-queuing it every second for as long as the first chunk lasts.
// A database of its own: no other test's report may take the worker's second slot.

let database: TestDatabase;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  await insertReportOwner(database.db, 'helper-owner', 'helper-owner@example.com');
});
afterAll(async () => {
  await database.destroy();
});

describe('a lone worker and its own helper job', () => {
  it('passes the helper on a bounded number of times while the report lasts, then finishes the report', async () => {
    const ids = productIds(2000, 'HELP');
    const slow = new Set(ids.slice(0, 1000));
    const sandbox = baselineSandbox();
    // The first chunk (1,000 products, four batches) takes about 8 s; the second is quick.
    const marketplace: MarketplaceProvider = {
      ...sandbox,
      lookup: async (batch, region, options) => {
        if (batch.some((id) => slow.has(id))) await new Promise((r) => setTimeout(r, 2000));
        return sandbox.lookup(batch, region, options);
      },
    };
    const worker = await startWorker({
      url: database.url,
      db: database.db,
      logger: silent,
      mail: outboxTransport(database.db, silent),
      marketplace,
    });
    try {
      const [report] = await database.db
        .insert(reports)
        .values({
          userId: 'helper-owner',
          title: 'Helper',
          fromCountry: 'us',
          toCountry: 'ca',
          content: ids,
          size: ids.length * 2,
        })
        .returning();
      await worker.boss.send(
        JOB_NAMES.processReport,
        { report_id: report!.id },
        { singletonKey: report!.id },
      );
      const done = await waitForReport(database.db, report!.id, 120_000);
      expect(done).toMatchObject({ finalized: true, doneSize: 4000 });

      const helpers = await database.db.execute<{ state: string; output: unknown }>(sql`
        select state, output from pgboss.job
         where name = ${JOB_NAMES.processReport} and singleton_key = ${`${report!.id}:helper`}`);
      // The first chunk's claim asked once; the worker's idle slot took that helper back and passed it on
      // (queued it again) at most 5 times — about once a second for 8 s without the bound.
      expect(helpers.rows.length).toBeGreaterThanOrEqual(2);
      expect(helpers.rows.length).toBeLessThanOrEqual(1 + 5);
      // None is left waiting once the report is done.
      expect(helpers.rows.filter((j) => j.state === 'created')).toEqual([]);
    } finally {
      await worker.stop();
    }
  }, 150_000);
});
