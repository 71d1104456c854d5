import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import {
  APP_TIMEZONE,
  JOB_NAMES,
  JOB_SCHEDULES,
  jobPayloadSchemas,
  type JobName,
  type JobPayload,
} from '@crossmarket/domain';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { amazonJobs } from '../features/amazon/jobs';
import { authJobs } from '../features/auth/jobs';
import { ensurePartitions, historyJobs, recordingHistory } from '../features/history';
import { watchJobs } from '../features/watches';
import { lookupJobs } from '../features/lookup/jobs';
import { inventoryJobs, requeueStalledUpdates } from '../features/inventories/jobs';
import { listingJobs, requeueStalledRuns } from '../features/listings';
import { orderJobs } from '../features/orders';
import { mailJobs } from '../features/mail/jobs';
import { billingJobs } from '../features/billing/receipt';
import { ratesJobs } from '../features/rates/jobs';
import { createReportJobs, requeueStalledReports } from '../features/reports/jobs';
import { requeueStalledPhases, restrictionJobs } from '../features/restrictions';
import type { MailTransport } from '../providers/mail/transport';
import { createSandboxMarketplace } from '../providers/marketplace/sandbox';
import type { LookupAccounts, MarketplaceProvider } from '../providers/marketplace/types';
import { paymentJobs } from '../providers/payments';
import { fixedRates } from '../providers/rates/fixed';
import type { RatesSource } from '../providers/rates/types';
import { createSandboxSellerStore } from '../providers/seller-store/sandbox';
import type { SellerStore } from '../providers/seller-store';
import { createSandboxSellerOrders, type SellerOrders } from '../providers/seller-orders';
import { createBoss, ensureQueues, pgBossQueue, registerLocalWorker, type JobQueue } from './queue';
import type { JobContext, JobHandler, JobHandlers, SealingBox } from './types';

export interface WorkerDeps {
  url: string;
  db: Db;
  logger: Logger;
  mail: MailTransport;
  /** The token key's box (`tokenBoxFor`): opens the links the server sealed into link mails. */
  links?: SealingBox;
  /** APP_URL, for mails that link into the app (watch alerts). */
  appUrl?: string;
  marketplace?: MarketplaceProvider;
  /** Whose Amazon authorisation each user's lookups run under (`createLookupAccounts`, given the queue). */
  accounts?: (queue: JobQueue) => LookupAccounts;
  rates?: RatesSource;
  /** Sellers' Amazon stores (`createSellerStore(config)`); the sandbox's store by default. */
  sellerStore?: SellerStore;
  /** Sellers' Amazon orders (`createSellerOrders(config)`); the sandbox's by default. */
  sellerOrders?: SellerOrders;
  /** The payment provider's own jobs (`paymentJobs(PAYMENTS_PROVIDER)`); the sandbox's by default. */
  payments?: JobHandlers;
  /** Seconds a report stays leased to this worker between batches (REPORT_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Price history: kept unless `enabled` is false (HISTORY_ENABLED), and for how long. */
  history?: { enabled: boolean; rawDays: number; retentionDays: number };
  /** LISTING_PRICE_CEILING: a first publish's highest price, as a multiple of the buy box or landed cost. */
  listingPriceCeiling?: number;
}

/** Seconds between a consumer's polls where 2 is too slow: a seller waits for a report to start. */
const POLLING_SECONDS: Partial<Record<JobName, number>> = { [JOB_NAMES.processReport]: 1 };

/**
 * Consumers per queue in each worker. Reports are long: two run side by side so a big one does not hold
 * every small one back (a big one takes one slot in each worker at most, its chunks shared between them).
 * A restriction phase runs in one job for as long as its report takes (hours at Amazon's 5 a second for
 * a big one), paced by its owner's own allowance and mostly waiting on Amazon: several run at once, so one
 * seller's phase never holds another seller's back.
 */
const PARALLEL: Partial<Record<JobName, number>> = {
  [JOB_NAMES.processReport]: 2,
  [JOB_NAMES.checkRestrictions]: 4,
  // Listings jobs mostly wait on Amazon under each seller's own allowance. Several at once, and a seller's
  // own limited (one run, two syncs: listings/jobs.ts), so another seller's quantity 0 finds a free slot.
  [JOB_NAMES.publishListings]: 2,
  [JOB_NAMES.syncListings]: 4,
  [JOB_NAMES.retryListing]: 2,
  [JOB_NAMES.removeListings]: 2,
};

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
  const queue = pgBossQueue(boss);
  const base: Omit<JobContext, 'job'> = {
    db: deps.db,
    logger,
    mail: deps.mail,
    links: deps.links,
    appUrl: deps.appUrl,
    marketplace: recordingHistory(deps.marketplace ?? createSandboxMarketplace(), {
      db: deps.db,
      logger,
      enabled: deps.history?.enabled,
    }),
    accounts: deps.accounts?.(queue),
    rates: deps.rates ?? fixedRates,
    sellerStore: deps.sellerStore ?? createSandboxSellerStore(deps.db),
    sellerOrders: deps.sellerOrders ?? createSandboxSellerOrders(deps.db),
    leaseSeconds: deps.leaseSeconds ?? 30,
    history: deps.history,
    listingPriceCeiling: deps.listingPriceCeiling,
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    stopping: () => stopping,
    queue,
  };
  // Each feature owns its jobs; the worker only runs them.
  const handlers: JobHandlers = {
    ...authJobs,
    ...amazonJobs,
    ...lookupJobs,
    ...mailJobs,
    ...billingJobs,
    ...ratesJobs,
    ...createReportJobs(),
    ...inventoryJobs,
    ...listingJobs,
    ...restrictionJobs,
    ...historyJobs,
    ...watchJobs,
    ...orderJobs,
    ...(deps.payments ?? paymentJobs('sandbox')),
  };

  async function consume<N extends JobName>(name: N, handler: JobHandler<N>) {
    // The one place a payload meets its type: the domain's schema for this job has just checked it.
    const schema = jobPayloadSchemas[name] as unknown as z.ZodType<JobPayload<N>>;
    for (let i = 0; i < (PARALLEL[name] ?? 1); i++) {
      const workerId = await boss.work(
        name,
        { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS[name] ?? 2, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            const data = schema.parse(job.data ?? {});
            const reportId =
              name === JOB_NAMES.processReport ? (data as { report_id: string }).report_id : undefined;
            const log = logger.child({ job: name, jobId: job.id, ...(reportId && { reportId }) });
            const result = await handler(data, { ...base, job });
            log.info({ result }, 'job done');
          }
        },
      );
      registerLocalWorker(boss, name, workerId);
    }
  }

  for (const name of Object.values(JOB_NAMES)) {
    const handler = handlers[name] as JobHandler<typeof name> | undefined;
    const cron = JOB_SCHEDULES[name];
    if (!handler) {
      // A job no one here runs (Stripe's side of billing): no schedule left behind to fill its queue.
      if (cron) await boss.unschedule(name);
      continue;
    }
    await consume(name, handler);
    if (cron) await boss.schedule(name, cron, {}, { tz: APP_TIMEZONE });
  }

  // Queues again the work whose workers died (leases run out) or whose job was never queued.
  const sweep = async () => {
    try {
      await requeueStalledReports(deps.db, queue);
      await requeueStalledUpdates(deps.db, queue);
      await requeueStalledPhases(deps.db, queue);
      await requeueStalledRuns(deps.db, queue);
    } catch (error) {
      logger.warn({ err: error }, 'report sweep failed');
    }
  };
  await sweep();
  // Partitions ahead at every start too: history is written from the first lookup, before any night.
  await ensurePartitions(deps.db).catch((error) =>
    logger.warn({ err: error }, 'history partitions not made'),
  );
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
