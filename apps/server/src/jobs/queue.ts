import PgBoss from 'pg-boss';
import type pg from 'pg';
import { JOB_NAMES, jobPayloadSchemas, type JobName, type JobPayload } from '@crossmarket/domain';

/** What request handlers need of the queue: enqueue a validated job. */
export interface JobQueue {
  /**
   * With `singletonKey`, a job already queued under that key is not queued again. With `forOthers`, the
   * job is meant for another process (a report's helper): this process's consumers are not woken for it.
   * `startAfter`: seconds before the job may run.
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

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    send: async (name, data, { forOthers = false, ...options } = {}) => {
      const id = await boss.send(name, jobPayloadSchemas[name].parse(data) as object, options);
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
  // preview's reported limit holds: 2.8 h), a sync following its feed for up to 2 h. Expired at pg-boss's
  // 15 minutes, a job would be run again while the first still works, and send a second feed.
  [JOB_NAMES.publishListings]: { expireInSeconds: 4 * 3600 },
  [JOB_NAMES.syncListings]: { expireInSeconds: 3 * 3600 },
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
      else if (wanted?.expireInSeconds && existing.expireInSeconds !== wanted.expireInSeconds)
        // A queue made before its expiry was chosen (an earlier version) takes it; its policy stays (pg-boss
        // would otherwise reset it to standard).
        await boss.updateQueue(name, {
          name,
          policy: existing.policy,
          expireInSeconds: wanted.expireInSeconds,
        });
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUES_LOCK]).catch(() => {});
    client.release();
  }
}
