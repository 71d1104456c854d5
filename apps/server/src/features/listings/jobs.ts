import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { createSandboxSellerStore } from '../../providers/seller-store';
import { runListings } from './publish';

/** The listings jobs: a preview or publish run. */
export const listingJobs: JobHandlers = {
  [JOB_NAMES.publishListings]: async ({ run_id: runId }, ctx) =>
    runListings(
      {
        db: ctx.db,
        logger: ctx.logger,
        store: ctx.sellerStore ?? createSandboxSellerStore(ctx.db),
        accounts: ctx.accounts,
      },
      runId,
    ),
};
