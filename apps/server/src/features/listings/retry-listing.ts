import { JOB_NAMES, type ListingRetry } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { SpapiError } from '../../providers/marketplace/spapi/client';
import { sourceMaxAgeHours } from '../inventories';
import { productsWithoutDryRun } from './dry-run-first';
import { targetOffer, targetQuantity } from './keep-in-step';
import { offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { recordPush } from './record-push';
import { insertRun, ownedInventory, productFacts, setListingState, type ListingRow } from './repo';
import { storeTarget } from './store-target';
import { sendOrReadBack, type Answered } from './unknown-answer';

async function listingOf(db: Db, inventoryId: string, code: string, userId: string | null) {
  const rows = await db.execute<ListingRow>(sql`
    select id, code, sku, marketplace_id, state, pushed_price, pushed_min_price, pushed_max_price,
           pushed_quantity, pushed_at, issues
      from listings where inventory_id = ${inventoryId}::uuid and code = ${code}
       ${userId === null ? sql`` : sql`and user_id = ${userId}`}
     order by created_at limit 1`);
  return rows.rows[0];
}

/**
 * POST …/listings/:product_id/retry, for the owner only: a listing Amazon never took is published again
 * (a publish run of that one product, which like any publish needs a dry-run verdict of the last day);
 * one it took gets its current price and quantity sent again by the `retry-listing` job. A deleted listing
 * is not retried: the seller removed it.
 */
export async function requestRetry(
  db: Db,
  queue: JobQueue,
  userId: string,
  inventoryId: string,
  code: string,
): Promise<ListingRetry | 'missing' | 'removed' | 'paused' | { unchecked: number }> {
  const listing = await listingOf(db, inventoryId, code, userId);
  const inventory = listing && (await ownedInventory(db, userId, inventoryId));
  if (!listing || !inventory) return 'missing';
  if (listing.state === 'removed') return 'removed';
  if (inventory.account_paused) return 'paused';
  if (listing.pushed_at === null) {
    const unchecked = await productsWithoutDryRun(db, inventoryId, [code]);
    if (unchecked > 0) return { unchecked };
    const run = await insertRun(db, userId, inventoryId, 'publish', [code]);
    await queue.send(JOB_NAMES.publishListings, { run_id: run.id });
    return { product_id: code, action: 'publish', run_id: run.id };
  }
  await queue.send(JOB_NAMES.retryListing, { inventory_id: inventoryId, product_id: code });
  return { product_id: code, action: 'push', run_id: null };
}

/**
 * The `retry-listing` job: sends the listing's offer and quantity as they should be now (the same rules
 * as a sync: a price only from both sides answered, else the last one; an unanswered side keeps the last
 * quantity), whether or not they differ from the last push, and reads the listing back. A product no
 * longer in the inventory gets quantity 0. A retry is the seller's own request: it goes while sync is off
 * or paused for this inventory; the account-wide pause stops it.
 */
export async function retryListing(deps: ListingsDeps, inventoryId: string, code: string) {
  const inventory = await ownedInventory(deps.db, null, inventoryId);
  const listing = inventory && (await listingOf(deps.db, inventoryId, code, null));
  if (!inventory || !listing || listing.state === 'removed' || listing.pushed_at === null) return 'gone';
  // Paused after the retry was asked for: the pause wins.
  if (inventory.account_paused) return 'paused';
  const target = await storeTarget(deps.store, deps.accounts, inventory.user_id, inventory.to_country);
  if (!target) return 'not-connected';
  const [p] = await productFacts(deps.db, inventoryId, [code]);
  const last =
    listing.pushed_price === null
      ? undefined
      : { price: listing.pushed_price, min: listing.pushed_min_price, max: listing.pushed_max_price };
  let offer = last;
  let quantity = 0;
  if (p) {
    const staleHours = await sourceMaxAgeHours(deps.db, deps.allowance, {
      id: inventoryId,
      from: inventory.from_country,
      to: inventory.to_country,
    });
    const q = targetQuantity(p, staleHours);
    const unanswered = p.cross_status === 'noanswer' || p.to_status === 'noanswer';
    offer = targetOffer(p) ?? last;
    quantity =
      unanswered && q.reason !== 'stale' && q.reason !== 'restricted'
        ? (listing.pushed_quantity ?? 0)
        : q.quantity;
  }
  let answer: Answered | undefined;
  try {
    // No answer: read back before sending again or recording (unknown-answer.ts).
    answer = await sendOrReadBack(deps, target, listing.sku, { price: offer?.price ?? null, quantity }, () =>
      deps.store.patch(target, listing.sku, offerPatchBody(inventory.to_country, { offer, quantity })),
    );
  } catch (error) {
    if (!(error instanceof SpapiError)) throw error;
  }
  const change = { listing, ...(offer ? { offer } : {}), quantity, reason: 'retry' };
  await recordPush(deps.db, change, {
    status: answer?.status ?? 'failed',
    issues: answer?.issues ?? [],
    submissionId: answer?.submissionId ?? null,
  });
  if (answer?.status !== 'ACCEPTED') return 'refused';
  // Taken: what Amazon shows now decides the state, as after a publish.
  const item = await deps.store.get(target, listing.sku).catch(() => null);
  const issues = item?.issues ?? [];
  const state = !item?.summaries?.length
    ? 'pending'
    : issues.some((x) => x.severity === 'ERROR')
      ? 'needs_attention'
      : 'live';
  await setListingState(deps.db, inventoryId, code, state, issues);
  return 'done';
}
