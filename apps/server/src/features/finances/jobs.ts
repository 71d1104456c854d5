import { JOB_NAMES, type AmazonRegionCode } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { createSandboxFinances, sandboxOrderSales } from '../../providers/seller-finances';
import { connectedRegions, readFinances } from './read-finances';

/** What Amazon paid: each connected seller's regions, read in turn by `read-finances`. */
export const financeJobs: JobHandlers = {
  [JOB_NAMES.scheduleFinanceReads]: async (_data, { db, queue }) => {
    const rows = await connectedRegions(db);
    for (const r of rows)
      await queue.send(JOB_NAMES.readFinances, { user_id: r.userId, region: r.region as AmazonRegionCode });
    return { queued: rows.length };
  },
  [JOB_NAMES.readFinances]: async (data, { db, logger, accounts, sellerFinances }) => {
    if (!accounts) return { status: 'not_connected' };
    return readFinances(
      { db, logger, accounts, finances: sellerFinances ?? createSandboxFinances(sandboxOrderSales(db)) },
      data.user_id,
      data.region,
    );
  },
};
