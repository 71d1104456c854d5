import type { ListingRunResult } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SpapiError } from '../../providers/marketplace/spapi/client';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import type { ListingIssue, StoreTarget } from '../../providers/seller-store';
import { refusals, WAITING, type FollowedFeed } from './feed-follow';
import { offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { settleRunResults } from './run-results';
import { readBack, searchAll, showsFigures } from './read-back';
import { applyOutcomes, recordPushes } from './record-push';
import { accountListingsPaused, toIssue, type ListingRow } from './repo';
import { sendOrReadBack, type Answered } from './unknown-answer';

/** Our issue on a product whose feed Amazon cancelled: nothing of it is taken as listed. */
export const stopped = (status: string): ListingIssue => ({
  code: 'FEED_FAILED',
  message: `Amazon stopped the feed (${status}); the offer is not taken as listed. Try again.`,
  severity: 'ERROR',
});
/**
 * Our note on a product whose feed ended FATAL, or without a report that accounts for every message, and
 * which Amazon does not show as sent: it may still appear, so the listing stays pending and is read again.
 */
export const UNCONFIRMED: ListingIssue = {
  code: 'FEED_UNCONFIRMED',
  message:
    'Amazon did not confirm the feed that carried this offer; the listing stays pending and is read back until Amazon shows it.',
  severity: 'WARNING',
};

/** A push waiting on its feed, with its listing's figures as they are (what a 0 sent again starts from). */
export type WaitingPush = Pick<
  ListingRow,
  'sku' | 'code' | 'pushed_price' | 'pushed_min_price' | 'pushed_max_price' | 'pushed_quantity'
> & {
  id: string;
  listing_id: string;
  inventory_id: string;
  user_id: string;
  state: string;
  reason: string;
  message_id: number | null;
  new_price: number | null;
  /** The range the push carried (the listing's own for a push kept before 0038). */
  new_min: number | null;
  new_max: number | null;
  new_quantity: number | null;
};

/** What a feed's end made of one push: Amazon's status (or ours: UNCONFIRMED) and its refusals. */
export type Decided = { push: WaitingPush; status: string; refused: ListingIssue[] };

const waitingOf = (db: Db, feedId: string) =>
  db.execute<WaitingPush>(sql`
    select h.id::text, h.listing_id, l.inventory_id, l.user_id, l.code, l.sku, l.state, h.reason, h.message_id,
           h.new_price, coalesce(h.new_min_price, l.pushed_min_price) as new_min,
           coalesce(h.new_max_price, l.pushed_max_price) as new_max, h.new_quantity, l.pushed_price, l.pushed_min_price, l.pushed_max_price, l.pushed_quantity
      from listing_pushes h join listings l on l.id = h.listing_id
     where h.submission_id = ${feedId} and h.status = any(${sql.param([...WAITING])}::text[])`);

/**
 * Each push's verdict. A whole report (`ended: done`) decides by message: refused, or accepted. Otherwise
 * a message the report refuses is still refused, CANCELLED applied nothing, and every other push is read
 * back (searchListingsItems, 20 SKUs a call): accepted only when Amazon shows the figures it carried,
 * else UNCONFIRMED. A push kept before message ids were (no `message_id`) is always read back.
 */
async function decide(
  deps: Pick<ListingsDeps, 'store'>,
  target: StoreTarget,
  feed: FollowedFeed,
  waiting: WaitingPush[],
): Promise<Decided[]> {
  const decided = waiting.map((push): Decided => {
    if (feed.ended === 'failed') return { push, status: feed.status, refused: [] };
    const refused = push.message_id === null ? [] : refusals(feed.issues.get(push.message_id));
    if (refused.length) return { push, status: 'INVALID', refused };
    if (feed.ended === 'done' && push.message_id !== null) return { push, status: 'ACCEPTED', refused: [] };
    return { push, status: 'UNCONFIRMED', refused: [] };
  });
  const toRead = decided.filter((d) => d.status === 'UNCONFIRMED');
  if (toRead.length === 0) return decided;
  const marketplaceId = MARKETPLACES[target.country].id;
  const { items } = await searchAll(
    deps,
    target,
    toRead.map((d) => d.push.sku),
  );
  for (const d of toRead)
    if (
      showsFigures(items.get(d.push.sku), marketplaceId, {
        price: d.push.new_price,
        quantity: d.push.new_quantity,
      })
    )
      d.status = 'ACCEPTED';
  return decided;
}

/** A sync's listing as a push sees it, from the waiting push's row. */
const listingOf = (p: WaitingPush) =>
  ({
    id: p.listing_id,
    code: p.code,
    sku: p.sku,
    pushed_price: p.pushed_price,
    pushed_min_price: p.pushed_min_price,
    pushed_max_price: p.pushed_max_price,
    pushed_quantity: p.pushed_quantity,
  }) as ListingRow;

/**
 * A quantity 0 that Amazon did not confirm (refused with a price in the same message, a feed cancelled,
 * FATAL or badly reported and not shown by the read-back) is sent again at once, on its own, by
 * patchListingsItem: the fast path, not another feed behind the same queue. Each is kept in the history;
 * one still not taken is sent again by the next sync (its pushed quantity is not 0 yet). The account-wide
 * pause stops it like every write.
 */
async function sendZerosAgain(deps: ListingsDeps, target: StoreTarget, zeros: WaitingPush[]) {
  if (zeros.length === 0) return 0;
  if (await accountListingsPaused(deps.db, zeros[0]!.user_id)) return 0;
  let taken = 0;
  for (let i = 0; i < zeros.length; i += 50) {
    const pushes = await Promise.all(
      zeros.slice(i, i + 50).map(async (p) => {
        let answer: Answered | undefined;
        try {
          answer = await sendOrReadBack(deps, target, p.sku, { price: null, quantity: 0 }, () =>
            deps.store.patch(target, p.sku, offerPatchBody(target.country, { quantity: 0 })),
          );
        } catch (error) {
          if (!(error instanceof SpapiError)) throw error;
        }
        if (answer?.status === 'ACCEPTED') taken += 1;
        return {
          change: { listing: listingOf(p), quantity: 0, reason: p.reason },
          answer: {
            status: answer?.status ?? 'failed',
            issues: answer?.issues ?? [],
            submissionId: answer?.submissionId ?? null,
          },
        };
      }),
    );
    await recordPushes(deps.db, pushes);
  }
  return taken;
}

/**
 * Pushes this feed carried with stock that Amazon applied after a newer 0 of ours was taken (a patch sent
 * while the feed was in flight: the quantity-first rule never waits for a feed): Amazon now sells that stock
 * again, so the 0 goes again, with the newer push's reason. The listing's figures are the feed's meanwhile
 * (what Amazon holds), so a 0 not taken now is still sent by the next sync.
 */
async function overtakenZeros(db: Db, pushes: WaitingPush[]): Promise<WaitingPush[]> {
  if (pushes.length === 0) return [];
  const rows = await db.execute<{ id: string; reason: string }>(sql`
    select d.id::text, n.reason
      from jsonb_to_recordset(${JSON.stringify(pushes.map((p) => ({ id: p.id, listing_id: p.listing_id })))}::jsonb)
             as d(id bigint, listing_id uuid)
      join lateral (select reason, new_quantity from listing_pushes n
                     where n.listing_id = d.listing_id and n.id > d.id and n.status = 'ACCEPTED'
                     order by n.id desc limit 1) n on n.new_quantity = 0`);
  const reasons = new Map(rows.rows.map((r) => [r.id, r.reason]));
  return pushes.filter((p) => reasons.has(p.id)).map((p) => ({ ...p, reason: reasons.get(p.id)! }));
}

/**
 * The publish run that sent the feed says how it ended, as if it had waited: the feed's status (no longer
 * waiting on Amazon), and per product what the report, the read-back or the stop made of it (its result
 * rows, run-results.ts).
 */
async function settleRuns(db: Db, feedId: string, status: string, decided: Decided[]) {
  const inventories = [...new Set(decided.map((d) => d.push.inventory_id))];
  if (inventories.length === 0) return;
  await settleRunResults(
    db,
    feedId,
    status,
    inventories,
    decided.map((d) => {
      const r = publishResult(d, { id: feedId, status }, []);
      // Taken: the row keeps its outcome and loses its FEED_PENDING note.
      return r.outcome === 'accepted'
        ? { code: d.push.code, outcome: null, issues: [] }
        : { code: d.push.code, outcome: r.outcome as 'invalid' | 'failed', issues: r.issues };
    }),
  );
}

/** A publish's product result once its feed ended. */
export function publishResult(
  d: Decided,
  feed: { id: string; status: string },
  shown: ListingRunResult['issues'],
): Pick<ListingRunResult, 'outcome' | 'issues' | 'feed'> {
  if (d.status === 'INVALID') return { feed, outcome: 'invalid', issues: d.refused.map(toIssue) };
  if (d.status === 'UNCONFIRMED') return { feed, outcome: 'failed', issues: [toIssue(UNCONFIRMED)] };
  if (d.status !== 'ACCEPTED') return { feed, outcome: 'failed', issues: [toIssue(stopped(feed.status))] };
  return { feed, outcome: 'accepted', issues: shown.filter((i) => i.code !== 'FEED_PENDING') };
}

/**
 * One ended feed's outcome on its waiting pushes, whoever saw it end: the run that sent it, or the
 * follow-listing-feeds job later. Each push is claimed by moving it off the waiting statuses, so the two
 * never apply one twice. A sync's push goes as if Amazon had answered it then (record-push.ts
 * `applyOutcomes`: taken, the listing's pushed figures are the push's, so the next read-back sees no drift;
 * refused, it needs attention; unconfirmed or cancelled, nothing changes) and a 0 not taken is sent again
 * (`sendZerosAgain`). A publish's listing, while still pending: refused or cancelled, it needs attention
 * and is cleared of what was pushed (a retry publishes it again); unconfirmed, it stays pending with what
 * was pushed (so a sync still sends it a 0) and is read again later; taken, it is read back
 * (`readBack` option). `settle`: the publish run that sent it is told how the feed ended.
 */
export async function applyFeed(
  deps: ListingsDeps,
  target: StoreTarget,
  feed: FollowedFeed,
  options: { readBack: boolean; settle: boolean },
): Promise<{ decided: Decided[]; resent: number }> {
  if (feed.ended === 'late') {
    await deps.db.execute(sql`update listing_pushes set status = ${feed.status}
      where submission_id = ${feed.feedId} and status = any(${sql.param([...WAITING])}::text[])`);
    return { decided: [], resent: 0 };
  }
  const waiting = (await waitingOf(deps.db, feed.feedId)).rows;
  const decided = await decide(deps, target, feed, waiting);
  const claimed = await deps.db.execute<{ id: string }>(sql`
    update listing_pushes h set status = d.status
      from jsonb_to_recordset(${JSON.stringify(decided.map((d) => ({ id: d.push.id, status: d.status })))}::jsonb)
        as d(id bigint, status text)
     where h.id = d.id and h.status = any(${sql.param([...WAITING])}::text[])
    returning h.id::text`);
  const mine = new Set(claimed.rows.map((r) => r.id));
  const ours = decided.filter((d) => mine.has(d.push.id));

  const publishes = ours.filter((d) => d.push.reason === 'publish');
  const syncs = ours.filter((d) => d.push.reason !== 'publish');
  await applyOutcomes(
    deps.db,
    syncs.map(({ push: p, status, refused }) => ({
      id: p.listing_id,
      status,
      issues: refused,
      new_price: p.new_price,
      min: p.new_min,
      max: p.new_max,
      new_quantity: p.new_quantity,
      zeroed: p.new_quantity === 0,
    })),
  );
  // Only a listing still pending: one removed meanwhile, or turned live by a retry's read-back, keeps that.
  const unlisted = publishes
    .filter((d) => d.status === 'INVALID' || d.status === 'CANCELLED')
    .map((d) => ({
      id: d.push.listing_id,
      issues: d.status === 'INVALID' ? d.refused : [stopped(d.status)],
    }));
  if (unlisted.length)
    await deps.db.execute(sql`update listings l set state = 'needs_attention', issues = u.issues,
        pushed_price = null, pushed_min_price = null, pushed_max_price = null, pushed_quantity = null,
        pushed_at = null
      from jsonb_to_recordset(${JSON.stringify(unlisted)}::jsonb) as u(id uuid, issues jsonb)
     where l.id = u.id and l.state = 'pending'`);
  const unconfirmed = publishes.filter((d) => d.status === 'UNCONFIRMED').map((d) => d.push.listing_id);
  if (unconfirmed.length)
    await deps.db.execute(sql`update listings set issues = ${JSON.stringify([UNCONFIRMED])}::jsonb
      where id = any(${sql.param(unconfirmed)}::uuid[]) and state = 'pending'`);
  if (options.readBack) {
    const byInventory = new Map<string, { product_id: string; sku: string }[]>();
    for (const { push: p } of publishes.filter((d) => d.status === 'ACCEPTED' && d.push.state === 'pending'))
      byInventory.set(p.inventory_id, [
        ...(byInventory.get(p.inventory_id) ?? []),
        { product_id: p.code, sku: p.sku },
      ]);
    for (const [inventoryId, listings] of byInventory) await readBack(deps, target, inventoryId, listings);
  }
  const overtaken = await overtakenZeros(
    deps.db,
    ours.filter((d) => d.status === 'ACCEPTED' && (d.push.new_quantity ?? 0) > 0).map((d) => d.push),
  );
  const resent = await sendZerosAgain(deps, target, [
    ...syncs.filter((d) => d.push.new_quantity === 0 && d.status !== 'ACCEPTED').map((d) => d.push),
    ...overtaken,
  ]);
  if (options.settle) await settleRuns(deps.db, feed.feedId, feed.status, publishes);
  return { decided: ours, resent };
}
