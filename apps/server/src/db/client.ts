import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  pool: pg.Pool;
  db: Db;
  url: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  max?: number;
  applicationName?: string;
  /** Where a failing idle connection is reported (default: standard error). */
  logger?: Pick<Logger, 'error'>;
  /** How long a query waits for a free connection (or a new one to open) before it fails (default 10 s). */
  connectionTimeoutMs?: number;
  /** Where the scan pool ({@link onScanPool}) stops a statement (default {@link HEAVY_STATEMENT_TIMEOUT_MS}). */
  heavyStatementTimeoutMs?: number;
}

/** A busy pool fails a waiting query after this instead of queueing it forever (503, http/database-busy.ts). */
export const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * Where the statements a seller's input shapes (the filters and charts scans) stop. Their budget is
 * 50 ms (filters) and 150 ms (charts) on 50,000 rows, so even a 200,000-product report with the most
 * conditions a filter may compile to ends well inside it; past it, the call answers 503.
 */
export const HEAVY_STATEMENT_TIMEOUT_MS = 8_000;

/** Connections of a process's scan pool (see {@link onScanPool}). */
export const SCAN_POOL_MAX = 6;

/** Each main pool's scan pool, opened on first use (a worker never opens one). */
const scanPools = new WeakMap<pg.Pool, () => Db>();

export function connect(url: string, options: ConnectOptions = {}): Database {
  const name = options.applicationName ?? 'crossmarket';
  const connectionTimeoutMillis = options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS;
  const onIdleError = (error: Error) => {
    // Idle clients can lose their server (restart, failover); log it instead of crashing the process.
    if (options.logger) options.logger.error({ err: error }, 'an idle database connection failed');
    else process.stderr.write(`an idle database connection failed: ${error.message}\n`);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: name,
    // A query that hangs longer than this is a bug, not a slow user; fail it rather than pile up.
    statement_timeout: 30_000,
    // Waiting for a connection is bounded too: a pool held by long statements answers 503 (errors.ts).
    connectionTimeoutMillis,
  });
  pool.on('error', onIdleError);
  const db = drizzle(pool, { schema });

  let scanPool: pg.Pool | undefined;
  let scanDb: Db | undefined;
  scanPools.set(pool, () => {
    if (!scanDb) {
      scanPool = new pg.Pool({
        connectionString: url,
        max: SCAN_POOL_MAX,
        application_name: `${name}-scans`,
        statement_timeout: options.heavyStatementTimeoutMs ?? HEAVY_STATEMENT_TIMEOUT_MS,
        connectionTimeoutMillis,
      });
      scanPool.on('error', onIdleError);
      scanDb = drizzle(scanPool, { schema });
    }
    return scanDb;
  });

  let closed: Promise<void> | undefined;
  const close = async () => {
    await Promise.all([pool.end(), scanPool?.end()]);
  };
  return { pool, db, url, close: () => (closed ??= close()) };
}

/**
 * Runs `work` on the scan pool beside `db`'s pool: for the statements whose cost a request's input
 * decides (the filters and charts scans). Its statements stop after the heavy-statement timeout, and its
 * few connections bound how many such scans a process runs at once, so that heavy calls from any number
 * of sellers leave the main pool (sessions, /api/me, the queue) free. No extra round trip: the timeout is
 * set when a connection opens.
 */
export function onScanPool<T>(db: Db, work: (scans: Db) => Promise<T>): Promise<T> {
  return work(scanPools.get(db.$client)?.() ?? db);
}

/**
 * Runs `work` in a transaction, handing it the transaction as a `Db`: the repository functions take a
 * `Db`, and Drizzle's transaction type differs only in what a transaction cannot do (open another pool).
 */
export function withTx<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
