import type { ListingRunResult } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { SpapiError } from '../../providers/marketplace/spapi/client';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import type { Allowance, LookupAccounts } from '../../providers/marketplace/types';
import {
  type ListingIssue,
  type ListingsItemPutRequest,
  type SellerStore,
} from '../../providers/seller-store';
import { skuFor } from '../analysis';
import { AuthorisationChanged, FEED_FROM } from './feed-follow';
import { offerPutBody } from './offer-body';
import { publishByFeed, type PublishItem } from './publish-by-feed';
import {
  claimRun,
  finishRun,
  logPush,
  ownedInventory,
  productFacts,
  saveListing,
  saveRunProgress,
  toIssue,
  type ProductFacts,
} from './repo';
import { publishableExclusions } from './publishable-exclusions';
import { railed, railsOf } from './publish-rails';
import { readBack } from './read-back';
import { stillConnected } from './still-connected';
import { storeTarget } from './store-target';
import { sendOrReadBack, type Answered } from './unknown-answer';

export interface ListingsDeps {
  db: Db;
  logger: Logger;
  store: SellerStore;
  accounts?: LookupAccounts;
  /** The marketplace provider's allowance: how often the update plan refreshes each source. */
  allowance?: Allowance;
  /**
   * From how many changes a sync, or products a publish, goes by feed (`FEED_FROM`); how often and how
   * long a feed is followed.
   */
  feedFrom?: number;
  feedPollMs?: number;
  feedDeadlineMs?: number;
  /** How often a run's verdicts so far are saved for the seller to follow (`PROGRESS_EVERY_MS`). */
  progressEveryMs?: number;
  /** LISTING_PRICE_CEILING: see publishable-exclusions.ts (`PRICE_CEILING_DEFAULT` when absent). */
  priceCeiling?: number;
  /** The job queue: a 0 Amazon did not take is tried again soon (push-changes.ts), not at the next sync. */
  queue?: JobQueue;
  /**
   * True once the run's lease is another job's (jobs.ts `leased`: a renewal found it taken, after this job
   * could not renew it in time and the sweep started a copy): the run stops before its next chunk and
   * leaves the run to that copy, rather than work beside it.
   */
  leaseLost?: () => boolean;
}

/** Products sent to Amazon at once; the store's pacing decides when each call leaves. */
const CHUNK = 50;
/**
 * A dry run of thousands of products takes minutes (5 previews a second): its verdicts so far are saved
 * this often, so the section shows how far it is.
 */
const PROGRESS_EVERY_MS = 3_000;

/** Why a product cannot be sent at all (the rails come after: publish-rails.ts); null when it can be. */
export function leftOutReason(p: ProductFacts): ListingRunResult['left_out'] {
  if (p.restriction === 'cannot_list' || p.restriction === 'approval_required') return 'restricted';
  if (p.std_price === null) return 'not_priced';
  if (!p.available || (p.stock ?? 0) <= 0) return 'unavailable';
  return null;
}

/** Amazon refused the request as a whole (400), or gave no answer: its reasons as issues. */
const failure = (error: unknown): ListingIssue[] =>
  error instanceof SpapiError && error.errors.length
    ? error.errors.map((e) => ({ code: e.code, message: e.message, severity: 'ERROR' as const }))
    : [{ code: 'NO_ANSWER', message: 'Amazon did not answer.', severity: 'ERROR' as const }];

/** The standard price an offer-only put carries. */
const offerPrice = (body: ListingsItemPutRequest) =>
  (body.attributes.purchasable_offer![0]!.our_price as { schedule: { value_with_tax: number }[] }[])[0]!
    .schedule[0]!.value_with_tax;

/**
 * The `publish-listings` job: a preview asks Amazon's validation preview for every product and keeps
 * only the verdicts (nothing is listed); a publish puts each offer (from `FEED_FROM` products, where the
 * store has feeds, as JSON_LISTINGS_FEEDs: publish-by-feed.ts) and keeps the listing, its state and the
 * push. Restricted, unpriced and unavailable products are left out and said so; so are listed ones unless
 * re-published, and those the rails stop (publish-rails.ts). Before each chunk, and before the feeds, the
 * seller's authorisation is asked again: disconnected or replaced, the run stops as `amazon_not_connected`.
 */
export async function runListings(deps: ListingsDeps, runId: string): Promise<string> {
  const run = await claimRun(deps.db, runId);
  if (!run) return 'gone';
  const inventory = await ownedInventory(deps.db, run.user_id, run.inventory_id);
  if (!inventory) return 'gone';
  if (run.mode === 'publish' && inventory.account_paused) {
    // Paused while the run waited in the queue: the pause stops it before anything reaches Amazon.
    await finishRun(deps.db, runId, 'failed', [], 'listings_paused');
    return 'paused';
  }
  const country = inventory.to_country;
  const target = await storeTarget(deps.store, deps.accounts, run.user_id, country);
  if (!target) {
    await finishRun(deps.db, runId, 'failed', [], 'amazon_not_connected');
    return 'not-connected';
  }
  const marketplaceId = MARKETPLACES[country].id;
  const [products, rails] = await Promise.all([
    productFacts(deps.db, run.inventory_id, run.product_ids),
    railsOf(deps.db, inventory),
  ]);
  const preview = run.mode === 'preview';
  // Stale or unanswered sources, another inventory's offer, a first price past the ceiling, and (publish)
  // no dry-run verdict now: left out and said so (publishable-exclusions.ts).
  const excluded = await publishableExclusions(
    deps,
    run.mode,
    { ...inventory, user_id: run.user_id },
    products.filter((p) => leftOutReason(p) === null),
  );

  /** Each product's SKU and offer-only put, or why it is left out (then nothing is sent for it). */
  const prepared = products.map((p) => {
    const sku = skuFor(run.user_id, p.code);
    const reason = leftOutReason(p);
    if (reason) return { p, sku, reason, issues: [] };
    // Already on Amazon (unless re-published), held, drifted or in flight: the rails (publish-rails.ts).
    const rail = railed(rails, p, run.republish);
    if ('reason' in rail) return { p, sku, reason: rail.reason, issues: [] };
    const exclusion = excluded.get(p.code);
    if (exclusion) return { p, sku, reason: exclusion.reason, issues: exclusion.issues };
    const { figures } = rail;
    const body = offerPutBody(
      country,
      p.code,
      figures,
      inventory.settings.handling_time,
      inventory.shipping_template,
    );
    // The quantity put is the one kept as pushed (a kept quantity is Amazon's, not the source's).
    return { p: { ...p, stock: figures.quantity }, sku, body, price: offerPrice(body) };
  });
  const sendable = prepared.flatMap((x) => ('body' in x ? [x as PublishItem] : []));
  // Feeds have no validation preview (listings-feed-schema-v2.json has no mode; feedOptions name none), so
  // a dry run always goes product by product; so does the sandbox store, which has no feeds.
  const byFeed =
    !preview &&
    deps.store.submitFeed !== undefined &&
    deps.store.feedResult !== undefined &&
    sendable.length >= (deps.feedFrom ?? FEED_FROM);

  const one = async ({ p, sku, body, price }: PublishItem): Promise<ListingRunResult> => {
    let answer: Answered;
    try {
      const put = () => deps.store.put(target, sku, body, { preview });
      // A put without an answer is read back before it is sent again or recorded (unknown-answer.ts).
      answer = preview
        ? await put().then((r) => ({ ...r, issues: r.issues ?? [] }))
        : await sendOrReadBack(deps, target, sku, { price, quantity: p.stock }, put);
    } catch (error) {
      if (!(error instanceof SpapiError)) throw error;
      return {
        product_id: p.code,
        sku,
        outcome: 'failed',
        left_out: null,
        issues: failure(error).map(toIssue),
      };
    }
    // Unknown (no answer, not shown by the read-back): it may still have listed the offer, so the listing
    // is kept pending with what was sent (a sync still sends it a 0) while the run says it failed.
    const unknown = answer.status === 'UNKNOWN';
    const issues = unknown ? failure(undefined) : answer.issues;
    const outcome =
      answer.status === 'INVALID' ? 'invalid' : preview ? 'valid' : unknown ? 'failed' : 'accepted';
    if (!preview) {
      const accepted = answer.status === 'ACCEPTED' || unknown;
      const listingId = await saveListing(deps.db, {
        inventoryId: run.inventory_id,
        userId: run.user_id,
        code: p.code,
        sku,
        marketplaceId,
        state: accepted ? 'pending' : 'needs_attention',
        issues,
        pushed: accepted ? { price, min: p.min_price, max: p.max_price, quantity: p.stock } : undefined,
      });
      if (accepted)
        await logPush(deps.db, {
          listingId,
          sku,
          oldPrice: null,
          newPrice: price,
          oldQuantity: null,
          newQuantity: p.stock,
          reason: 'publish',
          status: answer.status,
          submissionId: answer.submissionId,
        });
    }
    return { product_id: p.code, sku, outcome, left_out: null, issues: issues.map(toIssue) };
  };

  /** The seller disconnected Amazon or connected another account mid-run: nothing more is sent. */
  const disconnected = async () => {
    deps.logger.warn({ runId }, 'listings run stopped: the Amazon authorisation was removed or replaced');
    await finishRun(deps.db, runId, 'failed', results(), 'amazon_not_connected');
    return 'not-connected';
  };
  /** The lease went to another copy of the job: nothing more is sent, and the run is left to it. */
  const lost = () => {
    deps.logger.warn({ runId }, 'listings run stopped: its lease is held by another job');
    return 'lease-lost';
  };
  /** Amazon's verdicts so far, by product; with the left-out ones, the run's results in product order. */
  const sent = new Map<string, ListingRunResult>();
  const results = (): ListingRunResult[] =>
    prepared.flatMap((x): ListingRunResult[] => {
      if ('reason' in x && x.reason)
        return [
          { product_id: x.p.code, sku: x.sku, outcome: 'left_out', left_out: x.reason, issues: x.issues },
        ];
      const verdict = sent.get(x.p.code);
      return verdict ? [verdict] : [];
    });
  try {
    if (byFeed) {
      if (deps.leaseLost?.()) return lost();
      if (!(await stillConnected(deps.accounts, run.user_id, target))) return disconnected();
      const feeds = await publishByFeed(
        deps,
        target,
        { inventoryId: run.inventory_id, userId: run.user_id },
        marketplaceId,
        sendable,
        sent,
      );
      deps.logger.info({ runId, products: sendable.length, feeds }, 'listings published by feed');
    } else {
      let savedAt = Date.now();
      for (let i = 0; i < sendable.length; i += CHUNK) {
        if (deps.leaseLost?.()) return lost();
        if (!(await stillConnected(deps.accounts, run.user_id, target))) return disconnected();
        for (const r of await Promise.all(sendable.slice(i, i + CHUNK).map(one))) sent.set(r.product_id, r);
        if (Date.now() - savedAt >= (deps.progressEveryMs ?? PROGRESS_EVERY_MS)) {
          await saveRunProgress(deps.db, runId, results());
          savedAt = Date.now();
        }
      }
    }
    if (deps.leaseLost?.()) return lost();
    if (!preview)
      await readBack(
        deps,
        target,
        run.inventory_id,
        results().filter((r) => r.outcome === 'accepted'),
      );
  } catch (error) {
    if (deps.leaseLost?.()) return lost();
    deps.logger.warn({ err: error, runId }, 'listings run failed');
    // Disconnected or connected to another seller while a feed was followed: what was sent stays recorded.
    const changed = error instanceof AuthorisationChanged;
    await finishRun(deps.db, runId, 'failed', results(), changed ? 'amazon_not_connected' : 'failed');
    return changed ? 'not-connected' : 'failed';
  }
  if (deps.leaseLost?.()) return lost();
  await finishRun(deps.db, runId, 'done', results());
  return 'done';
}
