import { JOB_NAMES } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quickLookups } from '../../db/schema';
import type { JobHandlers } from '../../jobs/types';

/**
 * How long a quick check is kept: long enough to count today's quota and to add a checked product to an
 * inventory within the month; its sides are a few kB, so a busy seller's checks must not pile up forever.
 */
export const QUICK_LOOKUP_RETENTION_DAYS = 30;

/** Deletes the quick checks older than the retention; answers how many went. */
export async function purgeQuickLookups(db: Db, days = QUICK_LOOKUP_RETENTION_DAYS): Promise<number> {
  const gone = await db
    .delete(quickLookups)
    .where(sql`${quickLookups.createdAt} < now() - make_interval(days => ${days})`)
    .returning({ id: quickLookups.id });
  return gone.length;
}

/** The nightly purge of old quick checks. */
export const lookupJobs: JobHandlers = {
  [JOB_NAMES.purgeQuickLookups]: async (_data, { db }) => ({ purged: await purgeQuickLookups(db) }),
};
