import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { createSandboxSellerStore } from '../../providers/seller-store';
import type { JobContext } from '../../jobs/types';
import { keepListingsInStep } from './keep-in-step';
import { followListingFeeds } from './late-feeds';
import { runListings, type ListingsDeps } from './publish';
import { removeListings } from './remove-listings';
import { retryListing } from './retry-listing';

/** What a listings use case needs, from a job's context (features/inventories' deletion uses it too). */
export const listingsDepsOf = (ctx: JobContext): ListingsDeps => ({
  db: ctx.db,
  logger: ctx.logger,
  store: ctx.sellerStore ?? createSandboxSellerStore(ctx.db),
  accounts: ctx.accounts,
  allowance: ctx.marketplace.allowance,
  priceCeiling: ctx.listingPriceCeiling,
});

/**
 * The listings jobs: a preview or publish run, pushing what an update changed, removals and retries, and
 * reading the outcome of feeds Amazon finished after their run stopped following them.
 */
export const listingJobs: JobHandlers = {
  [JOB_NAMES.publishListings]: async ({ run_id: runId }, ctx) => runListings(listingsDepsOf(ctx), runId),
  [JOB_NAMES.syncListings]: async ({ inventory_id: id }, ctx) => keepListingsInStep(listingsDepsOf(ctx), id),
  [JOB_NAMES.removeListings]: async ({ inventory_id: id, product_ids: codes, on_amazon: choice }, ctx) =>
    removeListings(listingsDepsOf(ctx), id, codes, choice),
  [JOB_NAMES.retryListing]: async ({ inventory_id: id, product_id: code }, ctx) =>
    retryListing(listingsDepsOf(ctx), id, code),
  [JOB_NAMES.followListingFeeds]: async (_payload, ctx) => followListingFeeds(listingsDepsOf(ctx)),
};
