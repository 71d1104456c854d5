import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { sendDailyDigests, sendInstantMails } from './mail-alerts';

/** Watches' jobs: the alerts' mails, by each seller's setting (off, instant or the daily digest). */
export const watchJobs: JobHandlers = {
  [JOB_NAMES.watchInstantMails]: (_data, { db, mail }) => sendInstantMails(db, mail),
  [JOB_NAMES.watchDigest]: (_data, { db, mail }) => sendDailyDigests(db, mail),
};
