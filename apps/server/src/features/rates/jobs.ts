import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { refreshRates } from './service';

/** The scheduled exchange-rate refresh. */
export const ratesJobs: JobHandlers = {
  [JOB_NAMES.refreshRates]: async (_data, { db, rates }) => (await refreshRates(db, rates)).asOf,
};
