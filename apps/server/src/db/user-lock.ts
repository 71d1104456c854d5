import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** What a per-user lock serialises: each name is its own lock, so a report does not wait on a filter set. */
export type UserLockScope =
  | 'report-quota'
  | 'inventory-quota'
  | 'inventories'
  | 'filter-sets'
  | 'api-tokens'
  | 'analysis-charts'
  | 'watches';

/** A database or a transaction: only `execute` is needed. */
type Executor = Pick<Db, 'execute'>;

const key = (scope: UserLockScope, userId: string) => sql`hashtextextended(${`${scope}:${userId}`}, 0)`;

/**
 * Serialises one user's check-then-write (a quota, a count limit) across every server process: taken inside
 * the transaction and released with it, so concurrent requests see each other's rows and can never together
 * pass a limit.
 */
export async function lockForUser(tx: Executor, scope: UserLockScope, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${key(scope, userId)})`);
}

/** The same lock without waiting: false when another transaction holds it. */
export async function tryLockForUser(tx: Executor, scope: UserLockScope, userId: string): Promise<boolean> {
  const rows = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${key(scope, userId)}) as locked`,
  );
  return rows.rows[0]?.locked === true;
}
