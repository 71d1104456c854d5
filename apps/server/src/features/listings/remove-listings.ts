import { JOB_NAMES, type ListingRemovalChoice } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { SpapiError } from '../../providers/marketplace/spapi/client';
import type { ListingSubmission } from '../../providers/seller-store';
import { offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { ZERO_RETRY_SECONDS } from './push-changes';
import { logPush, ownedInventory, type ListingRow } from './repo';
import { stillConnected } from './still-connected';
import { storeTarget } from './store-target';
import { sendOrReadBack, type Answered } from './unknown-answer';

/** Listings removed between two checks of the seller's authorisation. */
const CHUNK = 50;
/** Codes a removal job carries at most (the job payload's limit). */
const PER_JOB = 1000;

/**
 * The codes among `codes` that have an offer on Amazon in this user's inventory: a listing Amazon took
 * (pushed at least once) and not removed since. Removing one of these must say what happens on Amazon.
 */
export async function listedAmong(db: Db, userId: string, inventoryId: string, codes: string[]) {
  const rows = await db.execute<{ code: string }>(sql`
    select code from listings
     where inventory_id = ${inventoryId}::uuid and user_id = ${userId} and state <> 'removed'
       and pushed_at is not null and code = any(${sql.param([...new Set(codes)])}::text[])
     order by code`);
  return rows.rows.map((r) => r.code);
}

/** Queues the `remove-listings` jobs for products just removed from the inventory. */
export async function queueListingRemoval(
  queue: JobQueue,
  inventoryId: string,
  codes: string[],
  choice: ListingRemovalChoice,
) {
  for (let i = 0; i < codes.length; i += PER_JOB) {
    await queue.send(JOB_NAMES.removeListings, {
      inventory_id: inventoryId,
      product_ids: codes.slice(i, i + PER_JOB),
      on_amazon: choice,
    });
  }
}

const removable = async (db: Db, inventoryId: string, codes: string[]) =>
  (
    await db.execute<ListingRow>(sql`
      select id, code, sku, marketplace_id, state, pushed_price, pushed_min_price, pushed_max_price,
             pushed_quantity, pushed_at, issues
        from listings where inventory_id = ${inventoryId}::uuid and state <> 'removed'
         and code = any(${sql.param(codes)}::text[]) order by code`)
  ).rows;

/**
 * The `remove-listings` job: the offers of products the seller removed from the inventory, as the seller
 * chose. `quantity_zero` merges quantity 0 (the listing stays live and unbuyable, and comes back with its
 * stock if the product is added again); `delete` deletes the listing in the selling marketplace and marks
 * it `removed`. Each is kept in the listing's history with its reason; a refusal leaves the listing as it
 * was, with Amazon's issues, for a retry.
 */
export async function removeListings(
  deps: ListingsDeps,
  inventoryId: string,
  codes: string[],
  choice: ListingRemovalChoice,
): Promise<string> {
  const inventory = await ownedInventory(deps.db, null, inventoryId);
  if (!inventory) return 'gone';
  // Paused since the seller removed the products: nothing is written; a retry of the listing (quantity 0,
  // the product being gone) finishes it once the seller resumes.
  if (inventory.account_paused) return 'paused';
  const target = await storeTarget(deps.store, deps.accounts, inventory.user_id, inventory.to_country);
  if (!target) return 'not-connected';
  let done = 0;
  const notTaken: { code: string; answered: boolean }[] = [];
  const listings = await removable(deps.db, inventoryId, codes);
  for (const [n, listing] of listings.entries()) {
    // Before each chunk: a seller who disconnected Amazon, or connected another account, stops the removal.
    if (n % CHUNK === 0 && !(await stillConnected(deps.accounts, inventory.user_id, target))) {
      deps.logger.warn(
        { inventoryId, done },
        'removal stopped: the Amazon authorisation was removed or replaced',
      );
      return 'amazon_not_connected';
    }
    let answer: Answered | ListingSubmission | undefined;
    try {
      // A 0 without an answer is read back before it is sent again (unknown-answer.ts).
      answer =
        choice === 'delete'
          ? await deps.store.delete(target, listing.sku)
          : await sendOrReadBack(deps, target, listing.sku, { price: null, quantity: 0 }, () =>
              deps.store.patch(target, listing.sku, offerPatchBody(inventory.to_country, { quantity: 0 })),
            );
    } catch (error) {
      if (!(error instanceof SpapiError)) throw error;
    }
    const accepted = answer?.status === 'ACCEPTED';
    if (!accepted) notTaken.push({ code: listing.code, answered: !!answer && answer.status !== 'UNKNOWN' });
    if (accepted) {
      done += 1;
      await deps.db.execute(
        choice === 'delete'
          ? sql`update listings set state = 'removed', issues = '[]'::jsonb, pushed_at = now()
                 where id = ${listing.id}::uuid`
          : sql`update listings set pushed_quantity = 0, pushed_at = now() where id = ${listing.id}::uuid`,
      );
    } else if (answer && answer.status !== 'UNKNOWN') {
      await deps.db.execute(sql`update listings set state = 'needs_attention',
        issues = ${JSON.stringify(answer.issues ?? [])}::jsonb where id = ${listing.id}::uuid`);
    }
    await logPush(deps.db, {
      listingId: listing.id,
      sku: listing.sku,
      oldPrice: listing.pushed_price,
      newPrice: choice === 'delete' ? null : listing.pushed_price,
      oldQuantity: listing.pushed_quantity,
      newQuantity: choice === 'delete' ? null : 0,
      reason: choice === 'delete' ? 'removed_delete' : 'removed_zero',
      status: answer?.status ?? 'failed',
      submissionId: answer?.submissionId ?? null,
    });
  }
  await tryAgainSoon(deps, inventoryId, choice, notTaken);
  deps.logger.info(
    { inventoryId, choice, asked: codes.length, done, notTaken: notTaken.length },
    'removed listings',
  );
  return 'done';
}

/**
 * A removal Amazon did not take leaves the offer selling a product the seller no longer stocks: each such
 * listing's retry job sends it a 0 in a few minutes (the product is gone, so the retry's figure is 0; the
 * retry queues itself again while Amazon does not take it, as a sync's 0 does). A delete Amazon never
 * answered is asked for again then too; one Amazon refused stays with Amazon's issues for the seller (its
 * offer at 0 meanwhile).
 */
async function tryAgainSoon(
  deps: ListingsDeps,
  inventoryId: string,
  choice: ListingRemovalChoice,
  notTaken: { code: string; answered: boolean }[],
) {
  if (!deps.queue || notTaken.length === 0) return;
  for (const { code } of notTaken)
    await deps.queue.send(
      JOB_NAMES.retryListing,
      { inventory_id: inventoryId, product_id: code },
      { startAfter: ZERO_RETRY_SECONDS },
    );
  const unanswered = notTaken.filter((n) => !n.answered).map((n) => n.code);
  if (choice === 'delete' && unanswered.length > 0)
    await deps.queue.send(
      JOB_NAMES.removeListings,
      { inventory_id: inventoryId, product_ids: unanswered, on_amazon: 'delete' },
      { startAfter: ZERO_RETRY_SECONDS },
    );
}
