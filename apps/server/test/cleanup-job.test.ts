import { JOB_NAMES } from '@crossmarket/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user, verification } from '../src/db/schema';
import { startWorker, type Worker } from '../src/jobs/worker';
import { createLogger } from '../src/logger';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let worker: Worker;

beforeAll(async () => {
  database = await createTestDatabase();
  worker = await startWorker({
    url: database.url,
    db: database.db,
    logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    mail: { deliver: async () => {} },
  });
});

afterAll(async () => {
  await worker.stop();
  await database.destroy();
});

const hour = 3600_000;

async function waitForJob(id: string) {
  for (let i = 0; i < 300; i++) {
    const job = await worker.boss.getJobById(JOB_NAMES.cleanup, id);
    if (job && ['completed', 'failed'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not finish');
}

describe('auth cleanup job', () => {
  it('is scheduled daily', async () => {
    const schedules = await worker.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(JOB_NAMES.cleanup);
  });

  it('deletes expired sessions and verification rows through the queue, keeping live ones', async () => {
    const now = Date.now();
    await database.db.insert(user).values({ id: 'u1', name: 'A', email: 'a@example.com' });
    await database.db.insert(session).values([
      { id: 's-old', token: 't-old', userId: 'u1', expiresAt: new Date(now - hour) },
      { id: 's-live', token: 't-live', userId: 'u1', expiresAt: new Date(now + hour) },
    ]);
    await database.db.insert(verification).values([
      { id: 'v-old', identifier: 'a@example.com', value: 'x', expiresAt: new Date(now - hour) },
      { id: 'v-live', identifier: 'a@example.com', value: 'y', expiresAt: new Date(now + hour) },
    ]);

    const id = await worker.boss.send(JOB_NAMES.cleanup, {});
    expect(id).toBeTruthy();
    const job = await waitForJob(id!);
    expect(job.state).toBe('completed');

    const sessions = await database.db.select({ id: session.id }).from(session);
    const verifications = await database.db.select({ id: verification.id }).from(verification);
    expect(sessions.map((s) => s.id)).toEqual(['s-live']);
    expect(verifications.map((v) => v.id)).toEqual(['v-live']);
  });

  it('rejects a payload its schema does not allow, failing the job instead of guessing', async () => {
    const id = await worker.boss.send(JOB_NAMES.cleanup, { unexpected: true }, { retryLimit: 0 });
    const job = await waitForJob(id!);
    expect(job.state).toBe('failed');
  });
});
