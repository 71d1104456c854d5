import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { dropExpiredPartitions, ensurePartitions } from './partitions';
import { rollUpRecent } from './roll-up';

/** The retention settings' defaults (config.ts), for a worker started without them (tests). */
export const HISTORY_DEFAULTS = { rawDays: 100, retentionDays: 730 };

/**
 * The nightly history maintenance: next months' partitions made, the last days folded into roll-ups,
 * months past their retention dropped. Each step is idempotent, so a run missed or repeated does no harm.
 */
export const historyJobs: JobHandlers = {
  [JOB_NAMES.historyMaintenance]: async (_data, { db, history }) => {
    const made = await ensurePartitions(db);
    const kept = history ?? HISTORY_DEFAULTS;
    const rolledUp = await rollUpRecent(db, new Date(), kept.rawDays);
    const dropped = await dropExpiredPartitions(db, kept);
    return { made, rolledUp, dropped };
  },
};
