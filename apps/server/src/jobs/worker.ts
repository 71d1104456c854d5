import PgBoss from 'pg-boss';
import { APP_TIMEZONE, JOB_NAMES, JOB_SCHEDULES, jobPayloadSchemas, type JobName } from '@crossmarket/domain';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mail, MailTransport } from '../providers/mail/transport';
import { renewDueSubscriptions } from '../features/billing/renewals';
import { recordPaymentSucceeded } from '../features/billing/sandbox';
import { cleanupExpiredAuthRows } from './cleanup';

export interface WorkerDeps {
  url: string;
  db: Db;
  logger: Logger;
  mail: MailTransport;
}

type Handler = (data: unknown, deps: WorkerDeps) => Promise<unknown>;

const handlers: Record<JobName, Handler> = {
  [JOB_NAMES.cleanup]: async (_data, { db }) => cleanupExpiredAuthRows(db),
  // A failure throws: pg-boss retries with backoff, so a slow or failing SMTP server never fails a request.
  [JOB_NAMES.sendMail]: async (data, { mail }) => mail.deliver(data as Mail),
  [JOB_NAMES.renewals]: async (_data, { db }) => renewDueSubscriptions(db),
  [JOB_NAMES.paymentSucceeded]: async (data, { db }) =>
    recordPaymentSucceeded(db, (data as { payment_intent_id: string }).payment_intent_id),
};

export function createBoss(url: string): PgBoss {
  return new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: 4,
    application_name: 'crossmarket-queue',
  });
}

/** Creates every queue (pg-boss 10 needs them to exist before send or work). Idempotent. */
export async function ensureQueues(boss: PgBoss) {
  for (const name of Object.values(JOB_NAMES)) {
    if (!(await boss.getQueue(name)))
      await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true });
  }
}

export interface Worker {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Starts pg-boss consumers and cron schedules. Several workers may run against one database. */
export async function startWorker(deps: WorkerDeps): Promise<Worker> {
  const { logger } = deps;
  const boss = createBoss(deps.url);
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await ensureQueues(boss);
  for (const [name, handler] of Object.entries(handlers) as [JobName, Handler][]) {
    await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const job of jobs) {
        const log = logger.child({ job: name, jobId: job.id });
        const data = jobPayloadSchemas[name].parse(job.data ?? {});
        const result = await handler(data, deps);
        log.info({ result }, 'job done');
      }
    });
    const cron = JOB_SCHEDULES[name];
    if (cron) await boss.schedule(name, cron, {}, { tz: APP_TIMEZONE });
  }
  logger.info({ queues: Object.keys(handlers) }, 'worker started');
  let stopped: Promise<void> | undefined;
  return {
    boss,
    stop: () =>
      (stopped ??= (async () => {
        await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
        logger.info('worker stopped');
      })()),
  };
}
