import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { fireSellerWatches } from './fire-seller-watches';
import { sendDailyDigests, sendInstantMails } from './mail-alerts';

/** Watches' jobs: the alerts' mails, by each seller's setting (off, instant or the daily digest). */
export const watchJobs: JobHandlers = {
  // Every few minutes: the conditions on the seller's own data, then the instant mails of every alert.
  [JOB_NAMES.watchAlerts]: async (_data, { db, mail }) => ({
    fired: await fireSellerWatches(db),
    ...(await sendInstantMails(db, mail)),
  }),
  [JOB_NAMES.watchDigest]: (_data, { db, mail }) => sendDailyDigests(db, mail),
};
