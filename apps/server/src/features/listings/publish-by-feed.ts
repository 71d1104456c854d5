import type { ListingRunResult } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type {
  ListingIssue,
  ListingsFeedMessage,
  ListingsItemPutRequest,
  StoreTarget,
} from '../../providers/seller-store';
import { feedParts, refusals, submitAndFollow, type FollowedFeed } from './feed-follow';
import type { ListingsDeps } from './publish';
import { toIssue, type ListingRow, type ProductFacts } from './repo';

/** One product a publish sends: its facts, SKU and the offer-only put body. */
export interface PublishItem {
  p: ProductFacts;
  sku: string;
  body: ListingsItemPutRequest;
  /** The price the body carries (clamped to the seller's range). */
  price: number;
}

/**
 * How long a publish follows its feed before saying it is late: under the `publish-listings` job's expiry
 * (pg-boss's default of 15 minutes), so a feed Amazon is slow with is not taken for a dead job and sent again.
 */
const PUBLISH_FEED_DEADLINE_MS = 10 * 60_000;

/** Our issue on a product whose feed Amazon stopped (FATAL) or cancelled: nothing of it is taken as listed. */
export const stopped = (status: string): ListingIssue => ({
  code: 'FEED_FAILED',
  message: `Amazon stopped the feed (${status}); the offer is not taken as listed. Try again.`,
  severity: 'ERROR',
});
/** Our note on a product whose feed Amazon had not finished by the deadline. */
const STILL_PROCESSING: ListingIssue = {
  code: 'FEED_PENDING',
  message: 'Amazon is still processing the feed; the listing stays pending until Amazon shows it.',
  severity: 'INFO',
};

/** Listings saved per statement, as a sync's pushes are (record-push.ts): a feed's 25,000 in five. */
const SAVE_PART = 5_000;

type Saved = {
  code: string;
  sku: string;
  state: ListingRow['state'];
  issues: ListingIssue[];
  /** Taken by Amazon (or still in its feed): the figures sent and the push kept in the listing's history. */
  push?: { status: string; feedId: string; messageId: number };
  price: number;
  min: number | null;
  max: number | null;
  quantity: number | null;
};

/**
 * A feed's listings in two statements, whatever their number (`saveListing` and `logPush`, set-based): a
 * refused one needs attention with Amazon's issues, a taken one is pending with what was pushed and the
 * push kept with the feed id.
 */
async function saveAll(
  db: Db,
  run: { inventoryId: string; userId: string },
  marketplaceId: string,
  rows: Saved[],
) {
  if (rows.length === 0) return;
  const recordset = sql`jsonb_to_recordset(${JSON.stringify(
    rows.map((r) => ({ ...r, push: undefined, pushed: r.push !== undefined })),
  )}::jsonb) as r(code text, sku text, state text, issues jsonb, pushed boolean, price float8, min float8,
    max float8, quantity int)`;
  const saved = await db.execute<{ id: string; code: string }>(sql`
    insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, issues,
                          pushed_price, pushed_min_price, pushed_max_price, pushed_quantity, pushed_at)
    select ${run.inventoryId}::uuid, ${run.userId}, r.code, r.sku, ${marketplaceId}, r.state, r.issues,
           case when r.pushed then r.price end, case when r.pushed then r.min end,
           case when r.pushed then r.max end, case when r.pushed then r.quantity end,
           case when r.pushed then now() end
      from ${recordset}
    on conflict (inventory_id, code, marketplace_id) do update set
      state = excluded.state, issues = excluded.issues,
      pushed_price = case when excluded.pushed_at is null then listings.pushed_price else excluded.pushed_price end,
      pushed_min_price = case when excluded.pushed_at is null then listings.pushed_min_price else excluded.pushed_min_price end,
      pushed_max_price = case when excluded.pushed_at is null then listings.pushed_max_price else excluded.pushed_max_price end,
      pushed_quantity = case when excluded.pushed_at is null then listings.pushed_quantity else excluded.pushed_quantity end,
      pushed_at = coalesce(excluded.pushed_at, listings.pushed_at)
    returning id, code`);
  const idOf = new Map(saved.rows.map((r) => [r.code, r.id]));
  const pushes = rows.flatMap((r) =>
    r.push
      ? [
          {
            id: idOf.get(r.code),
            sku: r.sku,
            price: r.price,
            quantity: r.quantity,
            status: r.push.status,
            feed_id: r.push.feedId,
            message_id: r.push.messageId,
          },
        ]
      : [],
  );
  if (pushes.length === 0) return;
  await db.execute(sql`insert into listing_pushes (listing_id, sku, old_price, new_price, old_quantity,
      new_quantity, reason, status, submission_id, message_id)
    select p.id, p.sku, null, p.price, null, p.quantity, 'publish', p.status, p.feed_id, p.message_id
      from jsonb_to_recordset(${JSON.stringify(pushes)}::jsonb)
        as p(id uuid, sku text, price float8, quantity int, status text, feed_id text, message_id int)`);
}

/** What one product of a followed feed comes to: its run result and, unless the feed was stopped, its row. */
function verdict(item: PublishItem, feed: FollowedFeed, messageId: number) {
  const { p, sku, price } = item;
  const result = (outcome: ListingRunResult['outcome'], issues: ListingIssue[]): ListingRunResult => ({
    product_id: p.code,
    sku,
    outcome,
    left_out: null,
    issues: issues.map(toIssue),
    feed: { id: feed.feedId, status: feed.status },
  });
  if (feed.ended === 'failed') return { result: result('failed', [stopped(feed.status)]) };
  const figures = { code: p.code, sku, price, min: p.min_price, max: p.max_price, quantity: p.stock };
  const issues = feed.issues.get(messageId) ?? [];
  if (refusals(issues).length)
    return {
      result: result('invalid', issues),
      row: { ...figures, state: 'needs_attention' as const, issues },
    };
  const shown = feed.ended === 'late' ? [...issues, STILL_PROCESSING] : issues;
  return {
    result: result('accepted', shown),
    row: {
      ...figures,
      state: 'pending' as const,
      issues,
      push: {
        status: feed.ended === 'late' ? feed.status : 'ACCEPTED',
        feedId: feed.feedId,
        messageId,
      },
    },
  };
}

/**
 * A large publish as JSON_LISTINGS_FEEDs of the one marketplace (UPDATE messages carrying the same
 * offer-only put as a single call), at most 25,000 a feed, each followed to the end (feed-follow.ts). A
 * message the processing report refuses leaves its listing needing attention with Amazon's issues; the
 * others are pending with their push kept, as after a single put. A feed Amazon stopped (FATAL,
 * CANCELLED) lists nothing of ours; one still processing at the deadline keeps its listings pending with
 * the feed's status in their history, and says so in the run.
 */
export async function publishByFeed(
  deps: ListingsDeps,
  target: StoreTarget,
  run: { inventoryId: string; userId: string },
  marketplaceId: string,
  items: PublishItem[],
  /** Each product's result, by product, set as its feed ends (kept if a later submission fails). */
  sent: Map<string, ListingRunResult>,
): Promise<{ id: string; status: string }[]> {
  const feeds: { id: string; status: string }[] = [];
  // One numbering across the feeds: a message's id is unique in its feed and leads back to its product.
  const messages: ListingsFeedMessage[] = items.map((item, n) => ({
    messageId: n + 1,
    sku: item.sku,
    operationType: 'UPDATE',
    ...item.body,
  }));
  await submitAndFollow(
    deps,
    target,
    feedParts(messages),
    deps.feedDeadlineMs ?? PUBLISH_FEED_DEADLINE_MS,
    async (part, feed) => {
      feeds.push({ id: feed.feedId, status: feed.status });
      const verdicts = part.map((m) => verdict(items[m.messageId - 1]!, feed, m.messageId));
      const rows = verdicts.flatMap((v) => (v.row ? [v.row] : []));
      for (let i = 0; i < rows.length; i += SAVE_PART)
        await saveAll(deps.db, run, marketplaceId, rows.slice(i, i + SAVE_PART));
      for (const v of verdicts) sent.set(v.result.product_id, v.result);
    },
  );
  return feeds;
}
