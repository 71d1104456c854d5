import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Months of partitions kept ahead of today: a worker down for a month still finds somewhere to write. */
export const MONTHS_AHEAD = 2;

/** Makes this month's and the next `MONTHS_AHEAD` months' partitions of both history tables if missing. */
export async function ensurePartitions(db: Db, ahead = MONTHS_AHEAD): Promise<number> {
  const made = await db.execute<{ made: number }>(sql`select history_ensure_partitions(${ahead}) as made`);
  return Number(made.rows[0]?.made ?? 0);
}

const PARTITION_NAME = /^(product_observations|product_observation_days)_y(\d{4})m(\d{2})$/;

/**
 * Drops the monthly partitions wholly older than their table's retention: raw observations after
 * `rawDays`, roll-ups after `retentionDays`. A whole month goes at once (no row-by-row DELETE, no bloat),
 * so a row lives between its retention and a month longer. Answers the partitions dropped.
 */
export async function dropExpiredPartitions(
  db: Db,
  keep: { rawDays: number; retentionDays: number },
  now = new Date(),
): Promise<string[]> {
  const found = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname in ('product_observations', 'product_observation_days')`);
  const dropped: string[] = [];
  for (const { name } of found.rows) {
    const m = PARTITION_NAME.exec(name);
    if (!m) continue;
    const monthEnd = Date.UTC(Number(m[2]), Number(m[3]), 1);
    const days = m[1] === 'product_observations' ? keep.rawDays : keep.retentionDays;
    if (monthEnd <= now.getTime() - days * 86_400_000) {
      await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
      dropped.push(name);
    }
  }
  return dropped;
}
