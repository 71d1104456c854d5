import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { fireSellerWatches } from './fire-seller-watches';
import { sendDailyDigests, sendInstantMails } from './mail-alerts';
import { refreshWatched } from './refresh-watched';

/** Watches' jobs: the alerts' mails, by each seller's setting (off, instant or the daily digest). */
export const watchJobs: JobHandlers = {
  // Every few minutes: the conditions on the seller's own data, then the instant mails of every alert.
  [JOB_NAMES.watchAlerts]: async (_data, { db, mail, appUrl }) => ({
    fired: await fireSellerWatches(db),
    ...(await sendInstantMails(db, mail, new Date(), appUrl)),
  }),
  // Once a day, after the inventories' updates: watched products no lookup has seen today.
  [JOB_NAMES.watchRefresh]: (_data, { db, marketplace, accounts }) =>
    refreshWatched({ db, marketplace, accounts }),
  [JOB_NAMES.watchDigest]: (_data, { db, mail, appUrl }) => sendDailyDigests(db, mail, new Date(), appUrl),
};
