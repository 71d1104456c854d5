import { JOB_NAMES, type AmazonRegionCode } from '@crossmarket/domain';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { amazonConnections } from '../../db/schema';
import type { JobHandlers } from '../../jobs/types';
import type { JobQueue } from '../../jobs/queue';
import { purgeLookupCache } from '../../providers/marketplace';
import { recipientOf, renewalMail } from './mails';
import { purgeStaleStates } from './repo';

/** How long before Amazon's yearly renewal date the seller is reminded. */
export const REMINDER_DAYS = 14;

/**
 * Mails each connected seller whose authorisation ends within REMINDER_DAYS, once per consent: the rows
 * are claimed (reminder_sent_at) in the statement that finds them, so a second run, or two workers, mail
 * nobody twice. A new consent clears the mark for the next year. Also drops spent consent-link states.
 */
export async function sendRenewalReminders(db: Db, queue: JobQueue) {
  const due = await db
    .update(amazonConnections)
    .set({ reminderSentAt: sql`now()` })
    .where(
      and(
        eq(amazonConnections.status, 'connected'),
        isNull(amazonConnections.reminderSentAt),
        lte(amazonConnections.renewBy, sql`now() + make_interval(days => ${REMINDER_DAYS})`),
      ),
    )
    .returning({
      userId: amazonConnections.userId,
      region: amazonConnections.region,
      renewBy: amazonConnections.renewBy,
    });
  let mailed = 0;
  for (const row of due) {
    const to = await recipientOf(db, row.userId);
    if (!to) continue;
    await queue.send(JOB_NAMES.sendMail, renewalMail(to, row.region as AmazonRegionCode, row.renewBy));
    mailed += 1;
  }
  return { reminded: mailed, purgedStates: await purgeStaleStates(db) };
}

/** The longest `LOOKUP_CACHE_SECONDS` allows: older answers serve nobody whatever the setting. */
const LOOKUP_CACHE_HORIZON_SECONDS = 86_400;

/** The daily renewal reminders, and the lookup cache's answers that can serve nobody any more. */
export const amazonJobs: JobHandlers = {
  [JOB_NAMES.amazonRenewals]: async (_data, { db, queue }) => ({
    ...(await sendRenewalReminders(db, queue)),
    purgedLookups: await purgeLookupCache(db, LOOKUP_CACHE_HORIZON_SECONDS),
  }),
};
