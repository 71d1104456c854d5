import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ListingIssue } from '../../providers/seller-store';
import type { ListingRow } from './repo';

/** One listing's change as pushed: the offer and/or the quantity, and why. */
export interface Change {
  listing: ListingRow;
  offer?: { price: number; min: number | null; max: number | null };
  quantity?: number;
  reason: string;
}

type Answer = {
  status: string;
  issues: ListingIssue[];
  submissionId: string | null;
  /** The push's message in its feed (`submissionId` is the feed's id). */
  messageId?: number;
};

/** What an answered push does to its listing: the figures it carried, and Amazon's status and issues. */
export interface PushOutcome {
  id: string;
  status: string;
  issues: ListingIssue[];
  new_price: number | null;
  min: number | null;
  max: number | null;
  new_quantity: number | null;
  /** The push took the quantity to 0. */
  zeroed: boolean;
}

const outcomeSet = (rows: PushOutcome[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
  as r(id uuid, status text, issues jsonb, new_price float8, min float8, max float8, new_quantity int,
       zeroed boolean)`;

/**
 * Accepted, the listing keeps what was pushed; refused, it needs attention with Amazon's issues; any other
 * status leaves it as it was. Shared by a push answered at once and one whose feed ended later
 * (late-feeds.ts), in two statements whatever their number.
 */
export async function applyOutcomes(db: Db, rows: PushOutcome[]) {
  if (rows.length === 0) return;
  await db.execute(sql`update listings l set pushed_price = r.new_price, pushed_min_price = r.min,
      pushed_max_price = r.max, pushed_quantity = r.new_quantity, pushed_at = now(),
      kept_from_amazon = case when r.zeroed then l.kept_from_amazon - 'quantity' else l.kept_from_amazon end
    from ${outcomeSet(rows)} where l.id = r.id and r.status = 'ACCEPTED'`);
  await db.execute(sql`update listings l set state = 'needs_attention', issues = r.issues
    from ${outcomeSet(rows)} where l.id = r.id and r.status = 'INVALID'`);
}

/**
 * What Amazon answered a push: accepted, the listing keeps what was pushed; refused, it needs attention
 * with Amazon's issues; either way the push is kept in the listing's history. A quantity the seller kept
 * from Amazon that had to go to 0 is the source's again: it comes back with the source's stock.
 */
export async function recordPush(db: Db, c: Change, answer: Answer) {
  await recordPushes(db, [{ change: c, answer }]);
}

/**
 * `recordPush` for many at once in three statements, whatever their number: a feed's report answers
 * thousands of pushes together, and one round trip each would take longer than Amazon did.
 */
export async function recordPushes(db: Db, pushes: { change: Change; answer: Answer }[]) {
  if (pushes.length === 0) return;
  const rows = pushes.map(({ change: c, answer }) => {
    const { listing } = c;
    return {
      id: listing.id,
      sku: listing.sku,
      status: answer.status,
      issues: answer.issues,
      submission_id: answer.submissionId,
      message_id: answer.messageId ?? null,
      reason: c.reason,
      old_price: listing.pushed_price,
      new_price: c.offer?.price ?? listing.pushed_price,
      min: c.offer ? c.offer.min : listing.pushed_min_price,
      max: c.offer ? c.offer.max : listing.pushed_max_price,
      old_quantity: listing.pushed_quantity,
      new_quantity: c.quantity ?? listing.pushed_quantity,
      zeroed: c.quantity === 0,
    };
  });
  await applyOutcomes(db, rows);
  await db.execute(sql`insert into listing_pushes (listing_id, sku, old_price, new_price, old_quantity,
      new_quantity, reason, status, submission_id, message_id)
    select r.id, r.sku, r.old_price, r.new_price, r.old_quantity, r.new_quantity, r.reason, r.status,
           r.submission_id, r.message_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, sku text, old_price float8,
        new_price float8, old_quantity int, new_quantity int, reason text, status text, submission_id text,
        message_id int)`);
}

/**
 * A feed's pushes the moment Amazon took the feed (`SUBMITTED`, the feed id and each message id, the seller
 * it went to), before anyone knows what Amazon will make of them: the listing keeps its figures until the
 * feed ends (apply-feed.ts finishes them, whether the run that sent it is still following or the
 * follow-listing-feeds job finds it later), and it is in flight meanwhile, so a sync neither reads our own
 * figures as the seller's edit nor sends again what may still land.
 */
export async function recordSubmitted(
  db: Db,
  feed: { feedId: string; sellerId: string },
  pushes: { change: Change; messageId: number }[],
) {
  if (pushes.length === 0) return;
  const rows = pushes.map(({ change: c, messageId }) => ({
    id: c.listing.id,
    sku: c.listing.sku,
    reason: c.reason,
    old_price: c.listing.pushed_price,
    new_price: c.offer?.price ?? c.listing.pushed_price,
    min: c.offer ? c.offer.min : c.listing.pushed_min_price,
    max: c.offer ? c.offer.max : c.listing.pushed_max_price,
    old_quantity: c.listing.pushed_quantity,
    new_quantity: c.quantity ?? c.listing.pushed_quantity,
    message_id: messageId,
  }));
  await db.execute(sql`insert into listing_pushes (listing_id, sku, old_price, new_price, new_min_price,
      new_max_price, old_quantity, new_quantity, reason, status, submission_id, message_id, seller_id)
    select r.id, r.sku, r.old_price, r.new_price, r.min, r.max, r.old_quantity, r.new_quantity, r.reason,
           'SUBMITTED', ${feed.feedId}, r.message_id, ${feed.sellerId}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, sku text, old_price float8,
        new_price float8, min float8, max float8, old_quantity int, new_quantity int, reason text,
        message_id int)`);
}

/** A push nobody confirmed yet (its feed unconfirmed, or no answer came), of the last three days. */
export type Unconfirmed = {
  id: string;
  listing_id: string;
  new_price: number | null;
  new_min: number | null;
  new_max: number | null;
  new_quantity: number | null;
};

/** The listings' unconfirmed pushes, newest first: figures of ours Amazon may show later. */
export async function unconfirmedPushes(db: Db, listingIds: string[]) {
  const byListing = new Map<string, Unconfirmed[]>();
  if (listingIds.length === 0) return byListing;
  const rows = await db.execute<Unconfirmed>(sql`
    select h.id::text, h.listing_id, h.new_price, coalesce(h.new_min_price, l.pushed_min_price) as new_min,
           coalesce(h.new_max_price, l.pushed_max_price) as new_max, h.new_quantity
      from listing_pushes h join listings l on l.id = h.listing_id
     where h.listing_id = any(${sql.param(listingIds)}::uuid[]) and h.status in ('UNCONFIRMED', 'UNKNOWN')
       and h.at > now() - interval '3 days'
     order by h.at desc, h.id desc`);
  for (const r of rows.rows) byListing.set(r.listing_id, [...(byListing.get(r.listing_id) ?? []), r]);
  return byListing;
}

/**
 * Unconfirmed pushes a later read-back found applied: each is ACCEPTED after all and its listing's pushed
 * figures become the push's, so our own figures are never taken for the seller's edit (drift.ts).
 */
export async function confirmLate(db: Db, pushes: Unconfirmed[]) {
  if (pushes.length === 0) return;
  await db.execute(sql`update listing_pushes set status = 'ACCEPTED'
    where id = any(${sql.param(pushes.map((p) => p.id))}::bigint[]) and status in ('UNCONFIRMED', 'UNKNOWN')`);
  await applyOutcomes(
    db,
    pushes.map((p) => ({
      id: p.listing_id,
      status: 'ACCEPTED',
      issues: [],
      new_price: p.new_price,
      min: p.new_min,
      max: p.new_max,
      new_quantity: p.new_quantity,
      zeroed: p.new_quantity === 0,
    })),
  );
}
