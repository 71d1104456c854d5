import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { cleanupExpiredAuthRows } from './cleanup';

/** The daily clean-up of expired sessions, links and rate-limit windows. */
export const authJobs: JobHandlers = {
  [JOB_NAMES.cleanup]: async (_data, { db }) => cleanupExpiredAuthRows(db),
};
