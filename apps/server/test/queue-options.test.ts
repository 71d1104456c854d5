import { JOB_NAMES } from '@crossmarket/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss, ensureQueues } from '../src/jobs/queue';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Queues' options: long listings jobs are not expired (and run twice) at pg-boss's 15 minutes, also on a
// database whose queues an earlier version created.

let database: TestDatabase;
let pool: pg.Pool;
const boss = () => createBoss(database.url);

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await database.destroy();
});

describe('the queues', () => {
  it('give listings jobs hours, and update a queue an earlier version made to the options chosen now', async () => {
    const old = boss();
    await old.start();
    try {
      // As an earlier version left them: pg-boss's default expiry (15 minutes).
      await old.createQueue(JOB_NAMES.syncListings, { name: JOB_NAMES.syncListings, retryLimit: 5 });
      await old.createQueue(JOB_NAMES.processReport, {
        name: JOB_NAMES.processReport,
        policy: 'short',
        expireInSeconds: 900,
      });
      // Without an expiry of its own, a queue's jobs get pg-boss's default of 15 minutes.
      expect((await old.getQueue(JOB_NAMES.syncListings))!.expireInSeconds).toBeNull();

      await ensureQueues(old, pool);
      const sync = (await old.getQueue(JOB_NAMES.syncListings))!;
      // The policy chosen for it now (one queued sync per inventory); its other options stay.
      expect(sync).toMatchObject({ expireInSeconds: 3 * 3600, policy: 'short', retryLimit: 5 });
      const reports = (await old.getQueue(JOB_NAMES.processReport))!;
      expect(reports).toMatchObject({ expireInSeconds: 23 * 3600, policy: 'short' });
      expect((await old.getQueue(JOB_NAMES.publishListings))!.expireInSeconds).toBe(4 * 3600);
      // A job sent now carries its queue's expiry.
      const id = await old.send(JOB_NAMES.syncListings, {
        inventory_id: '00000000-0000-4000-8000-000000000001',
      });
      const job = await old.getJobById(JOB_NAMES.syncListings, id!);
      expect(Number(job!.expireInSeconds)).toBe(3 * 3600);
    } finally {
      await old.stop({ graceful: false, wait: true });
    }
  });
});
