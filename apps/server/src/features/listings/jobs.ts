import { JOB_NAMES } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { JobHandlers } from '../../jobs/types';
import { createSandboxSellerStore } from '../../providers/seller-store';
import type { JobContext } from '../../jobs/types';
import { keepListingsInStep } from './keep-in-step';
import { followListingFeeds } from './late-feeds';
import { runListings, type ListingsDeps } from './publish';
import { removeListings } from './remove-listings';
import { retryListing } from './retry-listing';
import {
  releaseRunLease,
  renewRunLease,
  RUN_LEASE_MS,
  runStanding,
  stalledRuns,
  withRunOwner,
} from './run-results';
import { claimSync, releaseSync, renewSync } from './sync-claim';

/** What a listings use case needs, from a job's context (features/inventories' deletion uses it too). */
export const listingsDepsOf = (ctx: JobContext): ListingsDeps => ({
  db: ctx.db,
  logger: ctx.logger,
  store: ctx.sellerStore ?? createSandboxSellerStore(ctx.db),
  accounts: ctx.accounts,
  allowance: ctx.marketplace.allowance,
  priceCeiling: ctx.listingPriceCeiling,
  queue: ctx.queue,
});

/** How soon a job that must wait its turn (the seller's other run, the inventory's other sync) comes back. */
const AGAIN_SECONDS = 5;

/**
 * Renews a lease while `work` runs, every fifth of its length. A renewal that finds the lease taken
 * (`false`: this job could not renew it in time, and the sweep gave the work to a copy) marks it lost:
 * `work` is told through `lost()` and stops at its next step rather than work beside the copy. A renewal
 * that fails (the database did not answer) says nothing either way; the next one decides.
 */
export async function leased<T>(
  renew: () => Promise<boolean | void>,
  work: (lost: () => boolean) => Promise<T>,
  logger: JobContext['logger'],
  everyMs = RUN_LEASE_MS / 5,
) {
  let lost = false;
  const timer = setInterval(
    () =>
      void renew()
        .then((held) => {
          if (held === false && !lost) {
            lost = true;
            logger.warn('listings lease lost to another job');
          }
        })
        .catch((error) => logger.warn({ err: error }, 'listings lease not renewed')),
    everyMs,
  );
  timer.unref();
  try {
    return await work(() => lost);
  } finally {
    clearInterval(timer);
  }
}

/**
 * A publish or dry run, under the run's lease: a copy of the job started again while this one works (its
 * pg-boss expiry passed) finds the run held and leaves it. A run that must wait for the seller's other run
 * is queued again a little later rather than holding a worker's slot.
 */
async function publishJob(runId: string, ctx: JobContext) {
  const owner = `${ctx.owner}:${ctx.job.id}`;
  let outcome: string;
  try {
    outcome = await leased(
      () => renewRunLease(ctx.db, runId, owner),
      (lost) => withRunOwner(owner, () => runListings({ ...listingsDepsOf(ctx), leaseLost: lost }, runId)),
      ctx.logger,
    );
  } catch (error) {
    // pg-boss retries the job: the run is free for that retry at once, not after the lease.
    await releaseRunLease(ctx.db, runId, owner).catch(() => {});
    throw error;
  }
  if (outcome !== 'gone') return outcome;
  const standing = await runStanding(ctx.db, runId);
  if (standing === 'waiting')
    await ctx.queue.send(JOB_NAMES.publishListings, { run_id: runId }, { startAfter: AGAIN_SECONDS });
  return standing;
}

/**
 * A sync, under the inventory's claim: one sync per inventory at a time, and at most `SYNCS_PER_SELLER` of
 * a seller's at once, so one seller's long syncs never fill the slots another seller's quantity 0 needs.
 */
async function syncJob(inventoryId: string, ctx: JobContext) {
  const owner = `${ctx.owner}:${ctx.job.id}`;
  const claim = await claimSync(ctx.db, inventoryId, owner);
  if (claim === 'missing') return 'gone';
  if (claim === 'busy') {
    await ctx.queue.send(
      JOB_NAMES.syncListings,
      { inventory_id: inventoryId },
      { startAfter: AGAIN_SECONDS },
    );
    return 'busy';
  }
  try {
    return await leased(
      () => renewSync(ctx.db, inventoryId, owner),
      () => keepListingsInStep(listingsDepsOf(ctx), inventoryId),
      ctx.logger,
    );
  } finally {
    await releaseSync(ctx.db, inventoryId, owner).catch(() => {});
  }
}

/** The sweep's part (jobs/worker.ts): runs whose job was lost are queued again (their claim decides). */
export async function requeueStalledRuns(db: Db, queue: JobQueue) {
  for (const id of await stalledRuns(db)) await queue.send(JOB_NAMES.publishListings, { run_id: id });
}

/**
 * The listings jobs: a preview or publish run, pushing what an update changed, removals and retries, and
 * reading the outcome of feeds Amazon finished after their run stopped following them.
 */
export const listingJobs: JobHandlers = {
  [JOB_NAMES.publishListings]: async ({ run_id: runId }, ctx) => publishJob(runId, ctx),
  [JOB_NAMES.syncListings]: async ({ inventory_id: id }, ctx) => syncJob(id, ctx),
  [JOB_NAMES.removeListings]: async ({ inventory_id: id, product_ids: codes, on_amazon: choice }, ctx) =>
    removeListings(listingsDepsOf(ctx), id, codes, choice),
  [JOB_NAMES.retryListing]: async ({ inventory_id: id, product_id: code, zero_only }, ctx) =>
    retryListing(listingsDepsOf(ctx), id, code, { zeroOnly: zero_only === true }),
  [JOB_NAMES.followListingFeeds]: async (_payload, ctx) => followListingFeeds(listingsDepsOf(ctx)),
};
