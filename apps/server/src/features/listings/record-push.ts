import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ListingIssue } from '../../providers/seller-store';
import { logPush, type ListingRow } from './repo';

/** One listing's change as pushed: the offer and/or the quantity, and why. */
export interface Change {
  listing: ListingRow;
  offer?: { price: number; min: number | null; max: number | null };
  quantity?: number;
  reason: string;
}

/**
 * What Amazon answered a push: accepted, the listing keeps what was pushed; refused, it needs attention
 * with Amazon's issues; either way the push is kept in the listing's history. A quantity the seller kept
 * from Amazon that had to go to 0 is the source's again: it comes back with the source's stock.
 */
export async function recordPush(
  db: Db,
  c: Change,
  answer: { status: string; issues: ListingIssue[]; submissionId: string | null },
) {
  const { listing } = c;
  const newPrice = c.offer?.price ?? listing.pushed_price;
  const newQuantity = c.quantity ?? listing.pushed_quantity;
  if (answer.status === 'ACCEPTED') {
    await db.execute(sql`update listings set pushed_price = ${newPrice},
      pushed_min_price = ${c.offer ? c.offer.min : listing.pushed_min_price},
      pushed_max_price = ${c.offer ? c.offer.max : listing.pushed_max_price},
      pushed_quantity = ${newQuantity}, pushed_at = now(),
      kept_from_amazon = case when ${c.quantity === 0} then kept_from_amazon - 'quantity' else kept_from_amazon end
      where id = ${listing.id}::uuid`);
  } else if (answer.status === 'INVALID') {
    await db.execute(sql`update listings set state = 'needs_attention',
      issues = ${JSON.stringify(answer.issues)}::jsonb where id = ${listing.id}::uuid`);
  }
  await logPush(db, {
    listingId: listing.id,
    sku: listing.sku,
    oldPrice: listing.pushed_price,
    newPrice,
    oldQuantity: listing.pushed_quantity,
    newQuantity,
    reason: c.reason,
    status: answer.status,
    submissionId: answer.submissionId,
  });
}
