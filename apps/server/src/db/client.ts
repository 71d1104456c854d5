import { sql } from 'drizzle-orm';
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
  /** Where {@link withStatementTimeout} stops a statement (default {@link HEAVY_STATEMENT_TIMEOUT_MS}). */
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

const heavyTimeouts = new WeakMap<pg.Pool, number>();

export function connect(url: string, options: ConnectOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'crossmarket',
    // A query that hangs longer than this is a bug, not a slow user; fail it rather than pile up.
    statement_timeout: 30_000,
    // Waiting for a connection is bounded too: a pool held by long statements answers 503 (errors.ts).
    connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
  });
  heavyTimeouts.set(pool, options.heavyStatementTimeoutMs ?? HEAVY_STATEMENT_TIMEOUT_MS);
  // Idle clients can lose their server (restart, failover); log it instead of crashing the process.
  pool.on('error', (error) => {
    if (options.logger) options.logger.error({ err: error }, 'an idle database connection failed');
    else process.stderr.write(`an idle database connection failed: ${error.message}\n`);
  });
  const db = drizzle(pool, { schema });
  let closed: Promise<void> | undefined;
  return { pool, db, url, close: () => (closed ??= pool.end()) };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction whose statements stop after the pool's heavy-statement timeout
 * (`SET LOCAL`, so the connection goes back to the pool with the usual 30 s): for statements whose cost
 * a request's input decides. Three short round trips more than a bare statement.
 */
export function withStatementTimeout<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const ms = Math.trunc(heavyTimeouts.get(db.$client) ?? HEAVY_STATEMENT_TIMEOUT_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${ms}`));
    return work(tx);
  });
}
