import type { RegionCode } from '@crossmarket/domain';
import type { ListingsFeedMessage, StoreTarget } from '../../providers/seller-store';
import { feedParts, refusals, submitAndFollow } from './feed-follow';
import { offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { recordPushes, type Change } from './record-push';

/** Pushes recorded per statement: a feed's 25,000 in five. */
const RECORD_PART = 5_000;

async function recordInParts(deps: ListingsDeps, pushes: Parameters<typeof recordPushes>[1]) {
  for (let i = 0; i < pushes.length; i += RECORD_PART)
    await recordPushes(deps.db, pushes.slice(i, i + RECORD_PART));
}

/**
 * The changes as JSON_LISTINGS_FEEDs of the one marketplace, followed to the end (feed-follow.ts): DONE
 * marks exactly the messages the processing report refuses, CANCELLED or FATAL takes nothing as pushed,
 * and one past the deadline is reported, not waited on forever; the next sync sends again what still
 * differs.
 */
export async function pushByFeed(
  deps: ListingsDeps,
  target: StoreTarget,
  country: RegionCode,
  changes: Change[],
): Promise<'done' | 'feed-late' | 'feed-failed'> {
  let outcome: 'done' | 'feed-late' | 'feed-failed' = 'done';
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
    async (part, feed) => {
      if (feed.ended !== 'done') {
        outcome = feed.ended === 'late' ? 'feed-late' : 'feed-failed';
        await recordInParts(
          deps,
          part.map((m) => ({
            change: changes[m.messageId - 1]!,
            answer: {
              status: feed.status,
              issues: [],
              submissionId: feed.feedId,
              messageId: m.messageId,
            },
          })),
        );
        return;
      }
      await recordInParts(
        deps,
        part.map((m) => {
          const refused = refusals(feed.issues.get(m.messageId));
          return {
            change: changes[m.messageId - 1]!,
            answer: {
              status: refused.length ? 'INVALID' : 'ACCEPTED',
              issues: refused,
              submissionId: feed.feedId,
              messageId: m.messageId,
            },
          };
        }),
      );
    },
  );
  return outcome;
}
