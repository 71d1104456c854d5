import type { RegionCode } from '@crossmarket/domain';
import type { ListingIssue, ListingsFeedMessage, StoreTarget } from '../../providers/seller-store';
import { offerPatchBody } from './offer-body';
import type { ListingsDeps } from './publish';
import { recordPushes, type Change } from './record-push';

/**
 * From how many changes a sync goes by JSON_LISTINGS_FEED rather than one patch each: at the patches' 5 a
 * second, 500 take 100 s of the seller's allowance; a feed takes one call of 5 allowed per 5 minutes, at
 * the price of Amazon's feed latency (minutes to hours).
 */
export const FEED_FROM = 500;
/** Amazon's limit per JSON_LISTINGS_FEED (listings-feed-schema-v2.json `messages.maxItems`). */
const FEED_MAX = 25_000;

/** Pushes recorded per statement: a feed's 25,000 in five. */
const RECORD_PART = 5_000;

async function recordInParts(deps: ListingsDeps, pushes: Parameters<typeof recordPushes>[1]) {
  for (let i = 0; i < pushes.length; i += RECORD_PART)
    await recordPushes(deps.db, pushes.slice(i, i + RECORD_PART));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The changes as JSON_LISTINGS_FEEDs of the one marketplace, followed to the end: getFeed until DONE (then
 * the processing report marks exactly the messages it names as refused), CANCELLED or FATAL (nothing is
 * taken as pushed), or past the deadline (reported, not waited on forever; the next sync sends again what
 * still differs).
 */
export async function pushByFeed(
  deps: ListingsDeps,
  target: StoreTarget,
  country: RegionCode,
  changes: Change[],
): Promise<'done' | 'feed-late' | 'feed-failed'> {
  let outcome: 'done' | 'feed-late' | 'feed-failed' = 'done';
  for (let i = 0; i < changes.length; i += FEED_MAX) {
    const part = changes.slice(i, i + FEED_MAX);
    const messages: ListingsFeedMessage[] = part.map((c, n) => ({
      messageId: n + 1,
      sku: c.listing.sku,
      operationType: 'PATCH',
      ...offerPatchBody(country, { offer: c.offer, quantity: c.quantity }),
    }));
    const feedId = await deps.store.submitFeed!(target, messages);
    const deadline = Date.now() + (deps.feedDeadlineMs ?? 2 * 3600_000);
    let result = await deps.store.feedResult!(target, feedId);
    while (['IN_QUEUE', 'IN_PROGRESS'].includes(result.status) && Date.now() < deadline) {
      await sleep(deps.feedPollMs ?? 60_000);
      result = await deps.store.feedResult!(target, feedId);
    }
    if (result.status !== 'DONE') {
      const late = ['IN_QUEUE', 'IN_PROGRESS'].includes(result.status);
      deps.logger.warn(
        { feedId, status: result.status },
        late ? 'listings feed past its deadline' : 'listings feed failed',
      );
      outcome = late ? 'feed-late' : 'feed-failed';
      await recordInParts(
        deps,
        part.map((c) => ({ change: c, answer: { status: result.status, issues: [], submissionId: feedId } })),
      );
      continue;
    }
    const refused = new Map<number, ListingIssue[]>();
    for (const issue of result.report?.issues ?? []) {
      if (issue.messageId === undefined || issue.severity !== 'ERROR') continue;
      const list = refused.get(issue.messageId) ?? [];
      list.push({ code: issue.code, message: issue.message, severity: issue.severity });
      refused.set(issue.messageId, list);
    }
    await recordInParts(
      deps,
      part.map((c, n) => {
        const issues = refused.get(n + 1);
        return {
          change: c,
          answer: { status: issues ? 'INVALID' : 'ACCEPTED', issues: issues ?? [], submissionId: feedId },
        };
      }),
    );
  }
  return outcome;
}
