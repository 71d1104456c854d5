import type { ListingRunResult } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type {
  ListingIssue,
  ListingsFeedMessage,
  ListingsItemPutRequest,
  StoreTarget,
} from '../../providers/seller-store';
import { applyFeed, publishResult } from './apply-feed';
import { feedParts, submitAndFollow } from './feed-follow';
import type { ListingsDeps } from './publish';
import { toIssue, type ProductFacts } from './repo';

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

/** Our note on a product whose feed Amazon had not finished by the deadline. */
const STILL_PROCESSING: ListingIssue = {
  code: 'FEED_PENDING',
  message: 'Amazon is still processing the feed; the listing stays pending until Amazon shows it.',
  severity: 'INFO',
};

/** Listings saved per statement, as a sync's pushes are (record-push.ts): a feed's 25,000 in five. */
const SAVE_PART = 5_000;

type Submitted = {
  code: string;
  sku: string;
  messageId: number;
  price: number;
  min: number | null;
  max: number | null;
  quantity: number | null;
};

/**
 * A feed's listings the moment Amazon took it, in two statements whatever their number: each pending
 * with the figures sent and its push kept as SUBMITTED with the feed id, message id and seller, so a
 * follow that fails (or a job that dies) leaves them known and waiting for the follow-listing-feeds job.
 */
async function saveSubmitted(
  db: Db,
  run: { inventoryId: string; userId: string },
  marketplaceId: string,
  feed: { feedId: string | null; sellerId: string; status: 'SUBMITTED' | 'UNKNOWN' },
  rows: Submitted[],
) {
  if (rows.length === 0) return;
  const recordset = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(code text, sku text,
    price float8, min float8, max float8, quantity int)`;
  const saved = await db.execute<{ id: string; code: string }>(sql`
    insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, issues,
                          pushed_price, pushed_min_price, pushed_max_price, pushed_quantity, pushed_at)
    select ${run.inventoryId}::uuid, ${run.userId}, r.code, r.sku, ${marketplaceId}, 'pending', '[]'::jsonb,
           r.price, r.min, r.max, r.quantity, now()
      from ${recordset}
    on conflict (inventory_id, code, marketplace_id) do update set
      state = excluded.state, issues = excluded.issues, pushed_price = excluded.pushed_price,
      pushed_min_price = excluded.pushed_min_price, pushed_max_price = excluded.pushed_max_price,
      pushed_quantity = excluded.pushed_quantity, pushed_at = excluded.pushed_at
    returning id, code`);
  const idOf = new Map(saved.rows.map((r) => [r.code, r.id]));
  const pushes = rows.map((r) => ({
    id: idOf.get(r.code),
    sku: r.sku,
    price: r.price,
    min: r.min,
    max: r.max,
    quantity: r.quantity,
    message_id: r.messageId,
  }));
  await db.execute(sql`insert into listing_pushes (listing_id, sku, old_price, new_price, new_min_price,
      new_max_price, old_quantity, new_quantity, reason, status, submission_id, message_id, seller_id)
    select p.id, p.sku, null, p.price, p.min, p.max, null, p.quantity, 'publish', ${feed.status}, ${feed.feedId},
           p.message_id, ${feed.sellerId}
      from jsonb_to_recordset(${JSON.stringify(pushes)}::jsonb)
        as p(id uuid, sku text, price float8, min float8, max float8, quantity int, message_id int)`);
}

/**
 * A large publish as JSON_LISTINGS_FEEDs of the one marketplace (UPDATE messages carrying the same
 * offer-only put as a single call), at most 25,000 a feed. Each product's listing is saved pending with its
 * push the moment Amazon takes the feed; the feed is then followed to the end and applied (apply-feed.ts):
 * a message a whole report refuses leaves its listing needing attention with Amazon's issues, one it takes
 * stays pending with its push until the read-back; a feed FATAL or without a whole report is read back
 * first (not shown: the listing stays pending, `FEED_UNCONFIRMED`, and is read again later); a CANCELLED
 * one lists nothing of ours; one still processing at the deadline keeps its listings pending with the
 * feed's status in their history, and says so in the run.
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
      const summary = { id: feed.feedId, status: feed.status };
      feeds.push(summary);
      const { decided } = await applyFeed(deps, target, feed, { readBack: false, settle: false });
      const byMessage = new Map(decided.map((d) => [d.push.message_id, d]));
      for (const m of part) {
        const { p, sku } = items[m.messageId - 1]!;
        const issues = (feed.issues.get(m.messageId) ?? []).map(toIssue);
        const d = byMessage.get(m.messageId);
        const base = { product_id: p.code, sku, left_out: null, feed: summary };
        sent.set(
          p.code,
          feed.ended === 'late' || !d
            ? { ...base, outcome: 'accepted', issues: [...issues, toIssue(STILL_PROCESSING)] }
            : { ...base, ...publishResult(d, summary, issues) },
        );
      }
    },
    (part, feedId) => saveAll(part, { feedId, sellerId: target.sellerId, status: 'SUBMITTED' }),
    // createFeed without an answer: Amazon may have taken it. Kept pending with what was sent (watched
    // by sync, read again later), the push UNKNOWN; the run says it failed.
    async (part) => {
      await saveAll(part, { feedId: null, sellerId: target.sellerId, status: 'UNKNOWN' });
      for (const m of part) {
        const { p, sku } = items[m.messageId - 1]!;
        sent.set(p.code, {
          product_id: p.code,
          sku,
          outcome: 'failed',
          left_out: null,
          issues: [toIssue({ code: 'NO_ANSWER', message: 'Amazon did not answer.', severity: 'ERROR' })],
        });
      }
    },
  );
  return feeds;

  async function saveAll(part: ListingsFeedMessage[], feed: Parameters<typeof saveSubmitted>[3]) {
    const rows = part.map((m): Submitted => {
      const { p, sku, price } = items[m.messageId - 1]!;
      return {
        code: p.code,
        sku,
        messageId: m.messageId,
        price,
        min: p.min_price,
        max: p.max_price,
        quantity: p.stock,
      };
    });
    for (let i = 0; i < rows.length; i += SAVE_PART)
      await saveSubmitted(deps.db, run, marketplaceId, feed, rows.slice(i, i + SAVE_PART));
  }
}
