import PgBoss from 'pg-boss';
import type pg from 'pg';
import { JOB_NAMES, jobPayloadSchemas, type JobName, type JobPayload } from '@crossmarket/domain';

/** What request handlers need of the queue: enqueue a validated job. */
export interface JobQueue {
  /**
   * With `singletonKey`, a job already queued under that key is not queued again (queues of the `short`
   * policy; `SINGLETON_KEYS` gives some jobs theirs). With `forOthers`, the job is meant for another process
   * (a report's helper): this process's consumers are not woken for it. `startAfter`: seconds from now.
   */
  send<N extends JobName>(
    name: N,
    data: JobPayload<N>,
    options?: { singletonKey?: string; singletonSeconds?: number; forOthers?: boolean; startAfter?: number },
  ): Promise<string | null>;
  /** Puts a failed job back in its queue; false when it is not (or no longer) failed. */
  retry(name: JobName, id: string): Promise<boolean>;
}

/** The consumers this process runs on a boss, per queue (`startWorker` registers them). */
const localWorkers = new WeakMap<PgBoss, Map<string, string[]>>();

/**
 * Registers a consumer `boss.work` started, so a job this process queues wakes it at once instead of at
 * its next poll (pg-boss 10 only polls: 1–2 s of waiting for a mail or a report's start otherwise).
 */
export function registerLocalWorker(boss: PgBoss, name: JobName, workerId: string) {
  const byName = localWorkers.get(boss) ?? new Map<string, string[]>();
  byName.set(name, [...(byName.get(name) ?? []), workerId]);
  localWorkers.set(boss, byName);
}

function wakeLocalWorkers(boss: PgBoss, name: JobName) {
  for (const id of localWorkers.get(boss)?.get(name) ?? []) boss.notifyWorker(id);
}

/**
 * The key a job is queued under when its sender names none, for the `short` queues whose jobs are
 * de-duplicated per inventory or listing: a key-less job there would stand for every other (pg-boss keeps
 * one queued job per key, the empty key included).
 */
const SINGLETON_KEYS: Partial<{ [N in JobName]: (data: JobPayload<N>) => string }> = {
  [JOB_NAMES.publishListings]: (d) => d.run_id,
  [JOB_NAMES.syncListings]: (d) => d.inventory_id,
  [JOB_NAMES.retryListing]: (d) => `${d.inventory_id}:${d.product_id}`,
  [JOB_NAMES.deleteInventory]: (d) => d.inventory_id,
  [JOB_NAMES.readFinances]: (d) => `${d.user_id}:${d.region}`,
};

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    send: async (name, data, { forOthers = false, ...options } = {}) => {
      const payload = jobPayloadSchemas[name].parse(data) as JobPayload<typeof name>;
      const key = (SINGLETON_KEYS[name] as ((d: typeof payload) => string) | undefined)?.(payload);
      const id = await boss.send(name, payload as object, {
        ...(key !== undefined && { singletonKey: key }),
        ...options,
      });
      // Other processes' workers find it at their next poll; this process's own start now, unless the job
      // asks another process for help: woken here, a free slot of this worker would take it every time.
      if (id && !forOthers) wakeLocalWorkers(boss, name);
      return id;
    },
    retry: async (name, id) => {
      // pg-boss 10 answers `{ affected }` (manager.js mapCommandResponse) though its types say void.
      const result = (await boss.retry(name, id)) as unknown as { affected?: number } | undefined;
      return (result?.affected ?? 0) > 0;
    },
  };
}

export function createBoss(url: string): PgBoss {
  return new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: 4,
    application_name: 'crossmarket-queue',
  });
}

/** Per-queue options where the defaults do not fit. */
const QUEUE_OPTIONS: Partial<Record<JobName, Partial<PgBoss.Queue>>> = {
  // One queued job per report and key (the sweep may ask again; a helper has a key of its own); a report's
  // liveness is its chunks' leases, not the job's expiry, so a long SP-API report is never expired mid-way.
  [JOB_NAMES.processReport]: { policy: 'short', expireInSeconds: 23 * 3600, retryDelay: 10 },
  [JOB_NAMES.updateInventory]: { policy: 'short', expireInSeconds: 23 * 3600, retryDelay: 10 },
  // A report's restriction phase: one queued job per report; its liveness is `restrictions_at` (the phase
  // claims the report), not the job's expiry, so a 35-minute phase is never expired and run twice.
  [JOB_NAMES.checkRestrictions]: { policy: 'short', expireInSeconds: 23 * 3600, retryDelay: 10 },
  // Listings jobs wait on Amazon: a dry run of 10,000 products at 5 puts a second (1 a second if the
  // preview's reported limit holds: 2.8 h); a sync submits its feed and leaves it (feed-push.ts). A job expired while it
  // still works is started again by pg-boss; the run's lease and the sync's claim (listings/jobs.ts) make
  // that copy leave the work alone. `short`: one queued job per run, inventory or listing (SINGLETON_KEYS).
  [JOB_NAMES.publishListings]: { policy: 'short', expireInSeconds: 4 * 3600 },
  [JOB_NAMES.syncListings]: { policy: 'short', expireInSeconds: 3 * 3600 },
  [JOB_NAMES.retryListing]: { policy: 'short' },
  // Each run asks about every waiting feed once, within a time budget (late-feeds.ts: 8 minutes, 2 per
  // seller); the expiry is above the budget plus one slow call, so a working run is never started twice.
  [JOB_NAMES.followListingFeeds]: { policy: 'short', expireInSeconds: 20 * 60 },
  // An inventory's deletion takes its offers down one by one (10,000 at 5 a second: over half an hour): one
  // queued job per inventory, and an expiry above that, so a copy never runs beside a working one.
  [JOB_NAMES.deleteInventory]: { policy: 'short', expireInSeconds: 4 * 3600 },
  // One seller's finances in one region: one queued job per seller and region; its v0 reads are bounded
  // (read-order-events.ts), a first read of 180 days of transactions at 0.5 a second stays within the hour.
  [JOB_NAMES.readFinances]: { policy: 'short', expireInSeconds: 3600 },
};

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
      const existing = await boss.getQueue(name);
      const wanted = QUEUE_OPTIONS[name];
      if (!existing)
        await boss.createQueue(name, {
          name,
          retryLimit: 5,
          retryDelay: 5,
          retryBackoff: true,
          ...wanted,
        });
      else if (
        (wanted?.expireInSeconds && existing.expireInSeconds !== wanted.expireInSeconds) ||
        (wanted?.policy && existing.policy !== wanted.policy)
      )
        // A queue made before its options were chosen (an earlier version) takes them; a policy not chosen
        // stays (pg-boss would otherwise reset it to standard). Jobs already queued keep their policy.
        await boss.updateQueue(name, {
          name,
          policy: wanted.policy ?? existing.policy,
          expireInSeconds: wanted.expireInSeconds ?? existing.expireInSeconds,
        });
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUES_LOCK]).catch(() => {});
    client.release();
  }
}
