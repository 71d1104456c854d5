import { JOB_NAMES, type RegionCode } from '@crossmarket/domain';
import {
  FeedSubmissionUnknown,
  type ListingsFeedMessage,
  type StoreTarget,
} from '../../providers/seller-store';
import { feedParts } from './feed-follow';
import { offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { recordPushes, recordSubmitted, type Change } from './record-push';

/** Pushes recorded per statement: a feed's 25,000 in five. */
const RECORD_PART = 5_000;

/**
 * How soon the follow-listing-feeds job asks about a sync's feed: Amazon takes minutes at the least, and
 * the job's own schedule (every ten minutes) comes anyway.
 */
export const FOLLOW_SOON_SECONDS = 2 * 60;

export type FeedPushOutcome = 'feed-submitted';

/**
 * The changes as JSON_LISTINGS_FEEDs of the one marketplace, submitted and left: each feed's pushes are
 * recorded the moment Amazon takes it (SUBMITTED), and the follow-listing-feeds job (late-feeds.ts) applies
 * the outcome when Amazon ends it (apply-feed.ts: a whole report marks exactly the messages it refuses, a
 * feed that ended FATAL or without a report that accounts for every message is read back before anything
 * counts, CANCELLED takes nothing as pushed, a quantity 0 not confirmed is sent again by patch).
 *
 * The sync does not follow the feed itself: it runs under its inventory's claim (sync-claim.ts), and a
 * claim held while a feed takes its minutes or hours would keep the inventory's next sync (a new sell-out's
 * 0) waiting all that time. Meanwhile those listings are in flight (`inFlight`): a sync sends them only a 0.
 * A createFeed refused throws (the job is retried); one with no answer is kept as UNKNOWN.
 */
export async function pushByFeed(
  deps: ListingsDeps,
  target: StoreTarget,
  country: RegionCode,
  changes: Change[],
): Promise<FeedPushOutcome> {
  // One numbering across the feeds: a message's id is unique in its feed and leads back to its change.
  const messages: ListingsFeedMessage[] = changes.map((c, n) => ({
    messageId: n + 1,
    sku: c.listing.sku,
    operationType: 'PATCH',
    ...offerPatchBody(country, { offer: c.offer, quantity: c.quantity }),
  }));
  const changeOf = (m: ListingsFeedMessage) => changes[m.messageId - 1]!;
  let submitted = 0;
  try {
    for (const part of feedParts(messages)) {
      let feedId: string;
      try {
        feedId = await deps.store.submitFeed!(target, part);
      } catch (error) {
        // Amazon may have taken it: kept as UNKNOWN (not in flight, no feed id), so the figures, if Amazon
        // shows them later, are confirmed then rather than read as the seller's edit (drift.ts).
        if (error instanceof FeedSubmissionUnknown)
          for (let i = 0; i < part.length; i += RECORD_PART)
            await recordPushes(
              deps.db,
              part.slice(i, i + RECORD_PART).map((m) => ({
                change: changeOf(m),
                answer: { status: 'UNKNOWN', issues: [], submissionId: null, messageId: m.messageId },
              })),
            );
        throw error;
      }
      const pushes = part.map((m) => ({ change: changeOf(m), messageId: m.messageId }));
      for (let i = 0; i < pushes.length; i += RECORD_PART)
        await recordSubmitted(
          deps.db,
          { feedId, sellerId: target.sellerId },
          pushes.slice(i, i + RECORD_PART),
        );
      submitted += 1;
    }
  } finally {
    if (submitted > 0)
      await deps.queue
        ?.send(JOB_NAMES.followListingFeeds, {}, { startAfter: FOLLOW_SOON_SECONDS })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'feed follow not queued'));
  }
  return 'feed-submitted';
}
