import type {
  FeedReport,
  ListingIssue,
  ListingsFeedMessage,
  StoreTarget,
} from '../../providers/seller-store';
import type { ListingsDeps } from './publish';

/**
 * From how many products or changes a publish or a sync goes by JSON_LISTINGS_FEED rather than one call
 * each: puts and patches go at 5 a second on the seller's own bucket, so 500 take 100 s of it; a feed takes
 * one createFeed of the 5 allowed per 5 minutes per region, at the price of Amazon's feed latency (minutes to
 * hours).
 */
export const FEED_FROM = 500;

/** Amazon's limit per JSON_LISTINGS_FEED (listings-feed-schema-v2.json `messages.maxItems`). */
export const FEED_MAX = 25_000;

/**
 * The bytes of messages one feed carries at most: Amazon's Feeds guidance is to keep a feed document under
 * 10 MiB (whether that is a hard limit is unverified); what the header takes is left spare.
 */
export const FEED_BYTES = 10 * 1024 * 1024 - 64 * 1024;

/**
 * The messages in feeds of at most `FEED_MAX` messages and `FEED_BYTES` bytes, in order. An offer-only
 * UPDATE is about 750 bytes, so 25,000 of them would be some 18 MiB: a large publish takes a few feeds.
 */
export function feedParts<T extends ListingsFeedMessage>(messages: T[]): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let bytes = 0;
  for (const m of messages) {
    const size = Buffer.byteLength(JSON.stringify(m)) + 1;
    if (part.length > 0 && (part.length >= FEED_MAX || bytes + size > FEED_BYTES)) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(m);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** How a feed ended for us: DONE with the report's issues by message, stopped by Amazon, or still going. */
export type FollowedFeed =
  | { feedId: string; status: 'DONE'; ended: 'done'; issues: Map<number, ListingIssue[]> }
  | { feedId: string; status: string; ended: 'failed' | 'late'; issues: Map<number, ListingIssue[]> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const running = (status: string) => status === 'IN_QUEUE' || status === 'IN_PROGRESS';

/** getFeed every `pollMs` until the feed ends or the deadline (a time) passes; once DONE, its report's issues. */
async function follow(
  deps: Pick<ListingsDeps, 'store' | 'logger' | 'feedPollMs'>,
  target: StoreTarget,
  feedId: string,
  messages: number,
  deadline: number,
): Promise<FollowedFeed> {
  let result = await deps.store.feedResult!(target, feedId);
  while (running(result.status) && Date.now() < deadline) {
    await sleep(deps.feedPollMs ?? 60_000);
    result = await deps.store.feedResult!(target, feedId);
  }
  if (result.status !== 'DONE') {
    const late = running(result.status);
    deps.logger.warn(
      { feedId, status: result.status, messages },
      late ? 'listings feed past its deadline' : 'listings feed failed',
    );
    return { feedId, status: result.status, ended: late ? 'late' : 'failed', issues: new Map() };
  }
  return { feedId, status: 'DONE', ended: 'done', issues: reportIssues(result.report) };
}

/** A processing report's issues by the message they name (a feed-level issue names none and is left out). */
export function reportIssues(report: FeedReport | undefined): Map<number, ListingIssue[]> {
  const issues = new Map<number, ListingIssue[]>();
  for (const issue of report?.issues ?? []) {
    if (issue.messageId === undefined) continue;
    const list = issues.get(issue.messageId) ?? [];
    list.push({ code: issue.code ?? 'FEED_ISSUE', message: issue.message, severity: issue.severity });
    issues.set(issue.messageId, list);
  }
  return issues;
}

/**
 * Submits the feeds of one marketplace (`feedParts`), all first so Amazon works on them together, then
 * follows each until one shared deadline, `deadlineMs` from the last submission: DONE gives the processing
 * report's issues by the message they name (a feed-level issue names none), CANCELLED or FATAL is `failed`
 * (some, none or all messages may have applied, so none is taken as done), and one still running at the
 * deadline is `late` (reported, not waited on forever). `onFeed` records each as it ends. A submission
 * Amazon refuses stops the submitting; the feeds already submitted are still followed and recorded, then
 * the error is thrown (the job fails and is retried as before).
 */
export async function submitAndFollow<T extends ListingsFeedMessage>(
  deps: Pick<ListingsDeps, 'store' | 'logger' | 'feedPollMs'>,
  target: StoreTarget,
  parts: T[][],
  deadlineMs: number,
  onFeed: (messages: T[], feed: FollowedFeed) => Promise<void>,
): Promise<void> {
  const submitted: { messages: T[]; feedId: string }[] = [];
  let refused: { error: unknown } | undefined;
  for (const messages of parts) {
    try {
      submitted.push({ messages, feedId: await deps.store.submitFeed!(target, messages) });
    } catch (error) {
      refused = { error };
      break;
    }
  }
  const deadline = Date.now() + deadlineMs;
  for (const { messages, feedId } of submitted)
    await onFeed(messages, await follow(deps, target, feedId, messages.length, deadline));
  if (refused) throw refused.error;
}

/** The ERROR issues among a message's: the ones that mean Amazon refused it. */
export const refusals = (issues: ListingIssue[] | undefined) =>
  (issues ?? []).filter((i) => i.severity === 'ERROR');
