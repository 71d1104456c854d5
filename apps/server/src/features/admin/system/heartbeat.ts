import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Logger } from '../../../logger';

export type ProcessKind = 'serve' | 'worker';

const EVERY_MS = 30_000;

/** This process's name on the System page: host and pid, as an operator finds it with `ps`. */
export const instanceName = () => `${hostname()}:${process.pid}`;

/**
 * Says "this process is alive" in `process_heartbeats` now and every 30 s, and purges rows not seen for a
 * day (processes long gone). The timer is unref'd so it never holds a process open; `stop` ends it.
 * A failed beat is logged, never fatal: the page then shows the process as not seen lately.
 */
export function startHeartbeat(db: Db, kind: ProcessKind, logger: Logger, everyMs = EVERY_MS) {
  const instance = instanceName();
  const startedAt = new Date();
  const beat = async () => {
    try {
      await db.execute(sql`
        insert into process_heartbeats (kind, instance, started_at, seen_at)
        values (${kind}, ${instance}, ${startedAt}, now())
        on conflict (kind, instance) do update set seen_at = now(), started_at = excluded.started_at`);
      await db.execute(sql`delete from process_heartbeats where seen_at < now() - interval '1 day'`);
    } catch (error) {
      logger.warn({ err: error }, 'heartbeat not written');
    }
  };
  const first = beat();
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  return {
    /** The first beat, for tests and start-up to wait on. */
    ready: first,
    stop: () => clearInterval(timer),
  };
}
