import { englishMessage } from '@crossmarket/domain';

/** A database failure that says "busy, try again", not "broken": answered 503 (errors.ts). */
export interface DatabaseBusy {
  code: 'database_busy' | 'query_timeout';
  key: string;
  message: string;
}

/** pg-pool's error when no connection came free within `connectionTimeoutMillis` (client.ts). */
const POOL_TIMEOUT =
  /^timeout exceeded when trying to connect$|^Connection terminated due to connection timeout$/;
/** PostgreSQL's query_canceled: a statement timeout (client.ts) or a cancel request. */
const QUERY_CANCELED = '57014';

const busy = (code: DatabaseBusy['code'], key: string): DatabaseBusy => ({
  code,
  key,
  message: englishMessage(key),
});

/**
 * Whether `error` (or what it wraps: Drizzle puts pg's error in `cause`) is a wait for a pool connection
 * that ran out, or a statement stopped by its timeout; undefined for anything else.
 */
export function databaseBusy(error: unknown): DatabaseBusy | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED)
      return busy('query_timeout', 'apiErrors.queryTimeout');
    if (POOL_TIMEOUT.test(e.message)) return busy('database_busy', 'apiErrors.databaseBusy');
  }
  return undefined;
}
