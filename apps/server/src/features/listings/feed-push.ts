import type { RegionCode } from '@crossmarket/domain';
import type { ListingsFeedMessage, StoreTarget } from '../../providers/seller-store';
import { applyFeed } from './apply-feed';
import { feedParts, submitAndFollow } from './feed-follow';
import { offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { recordPushes, recordSubmitted, type Change } from './record-push';

/** Pushes recorded per statement: a feed's 25,000 in five. */
const RECORD_PART = 5_000;

export type FeedPushOutcome = 'done' | 'feed-late' | 'feed-failed' | 'feed-unconfirmed';

/**
 * The changes as JSON_LISTINGS_FEEDs of the one marketplace. Each feed's pushes are recorded the moment
 * Amazon takes it (SUBMITTED), then it is followed to the end and its outcome applied (apply-feed.ts):
 * a whole report marks exactly the messages it refuses, a feed that ended FATAL or without a report that
 * accounts for every message is read back before anything counts, CANCELLED takes nothing as pushed, and
 * a quantity 0 not confirmed is sent again by patch. One past the deadline stays waiting for the
 * follow-listing-feeds job; the next sync sends again what still differs.
 */
export async function pushByFeed(
  deps: ListingsDeps,
  target: StoreTarget,
  country: RegionCode,
  changes: Change[],
): Promise<FeedPushOutcome> {
  let outcome: FeedPushOutcome = 'done';
  // One numbering across the feeds: a message's id is unique in its feed and leads back to its change.
  const messages: ListingsFeedMessage[] = changes.map((c, n) => ({
    messageId: n + 1,
    sku: c.listing.sku,
    operationType: 'PATCH',
    ...offerPatchBody(country, { offer: c.offer, quantity: c.quantity }),
  }));
  await submitAndFollow(
    deps,
    target,
    feedParts(messages),
    deps.feedDeadlineMs ?? 2 * 3600_000,
    async (_part, feed) => {
      if (feed.ended === 'late') outcome = 'feed-late';
      else if (feed.ended === 'failed') outcome = 'feed-failed';
      else if (feed.ended === 'unconfirmed' && outcome === 'done') outcome = 'feed-unconfirmed';
      await applyFeed(deps, target, feed, { readBack: false, settle: false });
    },
    async (part, feedId) => {
      const pushes = part.map((m) => ({ change: changes[m.messageId - 1]!, messageId: m.messageId }));
      for (let i = 0; i < pushes.length; i += RECORD_PART)
        await recordSubmitted(
          deps.db,
          { feedId, sellerId: target.sellerId },
          pushes.slice(i, i + RECORD_PART),
        );
    },
    // Amazon may have taken it: kept as UNKNOWN (not in flight, no feed id), so the figures, if Amazon
    // shows them later, are confirmed then rather than read as the seller's edit (drift.ts).
    async (part) => {
      for (let i = 0; i < part.length; i += RECORD_PART)
        await recordPushes(
          deps.db,
          part.slice(i, i + RECORD_PART).map((m) => ({
            change: changes[m.messageId - 1]!,
            answer: { status: 'UNKNOWN', issues: [], submissionId: null, messageId: m.messageId },
          })),
        );
    },
  );
  return outcome;
}
