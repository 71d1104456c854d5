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
}

export function connect(url: string, options: ConnectOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'crossmarket',
    // A query that hangs longer than this is a bug, not a slow user; fail it rather than pile up.
    statement_timeout: 30_000,
  });
  // Idle clients can lose their server (restart, failover); log it instead of crashing the process.
  pool.on('error', (error) => {
    if (options.logger) options.logger.error({ err: error }, 'an idle database connection failed');
    else process.stderr.write(`an idle database connection failed: ${error.message}\n`);
  });
  const db = drizzle(pool, { schema });
  let closed: Promise<void> | undefined;
  return { pool, db, url, close: () => (closed ??= pool.end()) };
}
