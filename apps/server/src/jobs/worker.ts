import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { APP_TIMEZONE, JOB_NAMES, JOB_SCHEDULES, jobPayloadSchemas, type JobName } from '@crossmarket/domain';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mail, MailTransport } from '../providers/mail/transport';
import { recordPaymentSucceeded } from '../providers/payments/sandbox/engine';
import { renewDueSubscriptions } from '../providers/payments/sandbox/renewals';
import { refreshRates } from '../features/rates/service';
import { cancelReport, findStalledReports, processReport } from '../features/reports/process-report';
import { freeChunks } from '../features/reports/report-chunks';
import { createSandboxMarketplace } from '../providers/marketplace/sandbox';
import type { MarketplaceProvider } from '../providers/marketplace/types';
import { fixedRates } from '../providers/rates/fixed';
import type { RatesSource } from '../providers/rates/types';
import { cleanupExpiredAuthRows } from './cleanup';
import { pgBossQueue, type JobQueue } from './queue';
import {
  failInventoryUpdate,
  findStalledUpdates,
  queueDailyUpdates,
  updateInventory,
} from '../features/inventories/update-inventory';

export interface WorkerDeps {
  url: string;
  db: Db;
  logger: Logger;
  mail: MailTransport;
  marketplace?: MarketplaceProvider;
  rates?: RatesSource;
  /** Seconds a report stays leased to this worker between batches (REPORT_LEASE_SECONDS). */
  leaseSeconds?: number;
}

interface RunContext extends Required<WorkerDeps> {
  owner: string;
  queue: JobQueue;
  stopping: () => boolean;
  askForHelp: (reportId: string) => Promise<unknown>;
  /** How often this process has passed on a report's helper while working on the report. */
  helpPasses: Map<string, number>;
  /** Reports this process is working on: one job per report and process, more would only share its CPU. */
  reportsHere: Set<string>;
  job: PgBoss.JobWithMetadata<unknown>;
}

type Handler = (data: unknown, ctx: RunContext) => Promise<unknown>;

const handlers: Record<JobName, Handler> = {
  [JOB_NAMES.cleanup]: async (_data, { db }) => cleanupExpiredAuthRows(db),
  // A failure throws: pg-boss retries with backoff, so a slow or failing SMTP server never fails a request.
  [JOB_NAMES.sendMail]: async (data, { mail }) => mail.deliver(data as Mail),
  [JOB_NAMES.renewals]: async (_data, { db }) => renewDueSubscriptions(db),
  [JOB_NAMES.paymentSucceeded]: async (data, { db }) =>
    recordPaymentSucceeded(db, (data as { payment_intent_id: string }).payment_intent_id),
  [JOB_NAMES.refreshRates]: async (_data, { db, rates }) => (await refreshRates(db, rates)).asOf,
  [JOB_NAMES.processReport]: async (data, ctx) => {
    const reportId = (data as { report_id: string }).report_id;
    // A helper job that landed where the report is already being worked on: pass it on. This slot polls
    // again about an interval later, and idle slots elsewhere most likely poll in between, so the request
    // usually reaches another worker instead of ending here. A few passes per report and process: alone
    // (`npm start`), or with every worker already on the report, it would otherwise bounce every second.
    if (ctx.reportsHere.has(reportId)) {
      const passes = ctx.helpPasses.get(reportId) ?? 0;
      if (passes >= MAX_HELP_PASSES) return 'here already';
      ctx.helpPasses.set(reportId, passes + 1);
      if ((await freeChunks(ctx.db, reportId)) === 0) return 'here already';
      await ctx.askForHelp(reportId);
      return 'passed on';
    }
    ctx.reportsHere.add(reportId);
    try {
      return await processReport(ctx, reportId);
    } catch (error) {
      // pg-boss retries with backoff; after the last try the report is cancelled with the reason logged.
      if (ctx.job.retryCount >= ctx.job.retryLimit) {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.logger.error({ err: error, reportId }, 'report cancelled: it could not be processed');
        await cancelReport(ctx.db, reportId, reason);
        return 'cancelled';
      }
      throw error;
    } finally {
      ctx.reportsHere.delete(reportId);
      ctx.helpPasses.delete(reportId);
    }
  },
  [JOB_NAMES.updateInventory]: async (data, ctx) => {
    const inventoryId = (data as { inventory_id: string }).inventory_id;
    try {
      return await updateInventory(ctx, inventoryId);
    } catch (error) {
      if (ctx.job.retryCount >= ctx.job.retryLimit) {
        ctx.logger.error({ err: error, inventoryId }, 'inventory update failed: out of retries');
        await failInventoryUpdate(ctx.db, inventoryId);
        return 'failed';
      }
      throw error;
    }
  },
  [JOB_NAMES.scheduleInventoryUpdates]: async (_data, { db, queue }) => queueDailyUpdates(db, queue),
};

/** How many times a process passes on a report's helper job while it works on the report. */
const MAX_HELP_PASSES = 5;

/** Seconds between a consumer's polls where 2 is too slow: a seller waits for a report to start. */
const POLLING_SECONDS: Partial<Record<JobName, number>> = { [JOB_NAMES.processReport]: 1 };

/** Per-queue options where the defaults do not fit. */
const QUEUE_OPTIONS: Partial<Record<JobName, Partial<PgBoss.Queue>>> = {
  // One queued job per report and key (the sweep may ask again; a helper has a key of its own); a report's
  // liveness is its chunks' leases, not the job's expiry, so a long SP-API report is never expired mid-way.
  [JOB_NAMES.processReport]: { policy: 'short', expireInSeconds: 23 * 3600, retryDelay: 10 },
  [JOB_NAMES.updateInventory]: { policy: 'short', expireInSeconds: 23 * 3600, retryDelay: 10 },
};

export function createBoss(url: string): PgBoss {
  return new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: 4,
    application_name: 'crossmarket-queue',
  });
}

/** Any number, the same in every process: the key of the lock that serialises queue creation. */
const QUEUES_LOCK = 7_215_903_114;

/**
 * Creates every queue (pg-boss 10 needs them to exist before send or work). Idempotent. Processes that
 * start together (two servers and two workers on one database) would deadlock inside pg-boss's
 * create_queue, so they take turns under a session advisory lock on a connection of their own.
 */
export async function ensureQueues(boss: PgBoss, pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUES_LOCK]);
    for (const name of Object.values(JOB_NAMES)) {
      if (!(await boss.getQueue(name)))
        await boss.createQueue(name, {
          name,
          retryLimit: 5,
          retryDelay: 5,
          retryBackoff: true,
          ...QUEUE_OPTIONS[name],
        });
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUES_LOCK]).catch(() => {});
    client.release();
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
  await ensureQueues(boss, deps.db.$client);
  let stopping = false;
  const base = {
    marketplace: createSandboxMarketplace(),
    rates: fixedRates,
    leaseSeconds: 30,
    ...deps,
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    stopping: () => stopping,
    queue: pgBossQueue(boss),
    // A second job for a report whose chunks are not all taken, under a key of its own so it queues
    // beside the report's own job; an idle worker picks it up and takes chunks of the same report.
    askForHelp: (reportId: string) =>
      boss.send(JOB_NAMES.processReport, { report_id: reportId }, { singletonKey: `${reportId}:helper` }),
    helpPasses: new Map<string, number>(),
    reportsHere: new Set<string>(),
  };
  // Reports are long: two run side by side so a big one does not hold every small one back (a big one
  // takes one slot in each worker at most, its chunks shared between them).
  const parallel: Partial<Record<JobName, number>> = { [JOB_NAMES.processReport]: 2 };
  for (const [name, handler] of Object.entries(handlers) as [JobName, Handler][]) {
    for (let i = 0; i < (parallel[name] ?? 1); i++) {
      await boss.work(
        name,
        { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS[name] ?? 2, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            const data = jobPayloadSchemas[name].parse(job.data ?? {});
            const reportId =
              name === JOB_NAMES.processReport ? (data as { report_id: string }).report_id : undefined;
            const log = logger.child({ job: name, jobId: job.id, ...(reportId && { reportId }) });
            const result = await handler(data, { ...base, job });
            log.info({ result }, 'job done');
          }
        },
      );
    }
    const cron = JOB_SCHEDULES[name];
    if (cron) await boss.schedule(name, cron, {}, { tz: APP_TIMEZONE });
  }
  // Re-enqueues reports whose workers died (chunk leases run out) or whose job was never enqueued.
  const sweep = async () => {
    try {
      for (const id of await findStalledReports(deps.db)) {
        await boss.send(JOB_NAMES.processReport, { report_id: id }, { singletonKey: id });
      }
      for (const id of await findStalledUpdates(deps.db)) {
        await boss.send(JOB_NAMES.updateInventory, { inventory_id: id }, { singletonKey: id });
      }
    } catch (error) {
      logger.warn({ err: error }, 'report sweep failed');
    }
  };
  await sweep();
  const sweeper = setInterval(() => void sweep(), Math.max(1, base.leaseSeconds / 2) * 1000);
  sweeper.unref();
  logger.info({ queues: Object.keys(handlers) }, 'worker started');
  let stopped: Promise<void> | undefined;
  return {
    boss,
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        clearInterval(sweeper);
        await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
        logger.info('worker stopped');
      })()),
  };
}
