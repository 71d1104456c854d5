import {
  FeedSubmissionUnknown,
  type FeedReport,
  type ListingIssue,
  type ListingsFeedMessage,
  type StoreTarget,
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

/**
 * How a feed ended for us. `done`: DONE with a whole processing report (`wholeReport`), its issues by
 * message. `unconfirmed`: FATAL, or DONE with a report that does not account for every message: none of its
 * messages counts as applied until a read-back shows it (the issues the report did name are kept).
 * `failed`: CANCELLED (Amazon did not start it). `late`: still running at the deadline.
 */
export type FollowedFeed =
  | { feedId: string; status: 'DONE'; ended: 'done'; issues: Map<number, ListingIssue[]> }
  | { feedId: string; status: string; ended: 'unconfirmed'; issues: Map<number, ListingIssue[]>; why: string }
  | { feedId: string; status: string; ended: 'failed' | 'late'; issues: Map<number, ListingIssue[]> };

/** The seller's authorisation was removed or replaced while a feed was followed: nothing more is asked. */
export class AuthorisationChanged extends Error {
  constructor() {
    super('amazon_not_connected');
    this.name = 'AuthorisationChanged';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const running = (status: string) => status === 'IN_QUEUE' || status === 'IN_PROGRESS';

/** The push statuses of a feed not yet ended for us: submitted (not asked about yet), or Amazon's running ones. */
export const WAITING = ['SUBMITTED', 'IN_QUEUE', 'IN_PROGRESS'] as const;

/**
 * Whether the authorisation the target was built from is still the seller's connected one (the same check
 * as lookups, `LookupAccounts.stillCurrent`): asked before each getFeed, so a seller who disconnects or
 * connects another account mid-follow stops it.
 */
export async function stillCurrent(deps: Pick<ListingsDeps, 'accounts'>, target: StoreTarget) {
  const own = target.account?.own;
  if (!own || !deps.accounts?.stillCurrent || !target.account.tenant) return true;
  return deps.accounts.stillCurrent(target.account.tenant, target.country, own);
}

type FollowDeps = Pick<ListingsDeps, 'store' | 'logger' | 'feedPollMs' | 'accounts'>;

/** One getFeed (and the report once DONE), after checking the authorisation is still the seller's. */
export async function askFeed(deps: FollowDeps, target: StoreTarget, feedId: string) {
  if (!(await stillCurrent(deps, target))) throw new AuthorisationChanged();
  return deps.store.feedResult!(target, feedId);
}

/**
 * What a feed's result comes to: `wholeReport` decides whether a DONE feed's report can be believed
 * message by message; FATAL ("some, none, or all of the operations … may have completed", feeds model) is
 * unconfirmed; CANCELLED ("cancelled before it started processing") applied nothing.
 */
export function endOf(
  feedId: string,
  result: { status: string; report?: FeedReport },
  messageIds: number[],
): FollowedFeed {
  if (running(result.status)) return { feedId, status: result.status, ended: 'late', issues: new Map() };
  const issues = reportIssues(result.report);
  if (result.status === 'DONE') {
    const why = wholeReport(result.report, messageIds);
    if (why === null) return { feedId, status: 'DONE', ended: 'done', issues };
    return { feedId, status: 'DONE', ended: 'unconfirmed', issues, why };
  }
  if (result.status === 'FATAL')
    return { feedId, status: result.status, ended: 'unconfirmed', issues, why: 'fatal' };
  return { feedId, status: result.status, ended: 'failed', issues: new Map() };
}

/** getFeed every `pollMs` until the feed ends or the deadline (a time) passes; then what it came to. */
async function follow(
  deps: FollowDeps,
  target: StoreTarget,
  feedId: string,
  messageIds: number[],
  deadline: number,
): Promise<FollowedFeed> {
  let result = await askFeed(deps, target, feedId);
  while (running(result.status) && Date.now() < deadline) {
    await sleep(deps.feedPollMs ?? 60_000);
    result = await askFeed(deps, target, feedId);
  }
  const feed = endOf(feedId, result, messageIds);
  if (feed.ended !== 'done')
    deps.logger.warn(
      { feedId, status: result.status, messages: messageIds.length, ...('why' in feed && { why: feed.why }) },
      feed.ended === 'late'
        ? 'listings feed past its deadline'
        : feed.ended === 'unconfirmed'
          ? 'listings feed not confirmed by its report; reading back'
          : 'listings feed failed',
    );
  return feed;
}

/**
 * Null when a DONE feed's processing report accounts for every message, so that a message it does not
 * refuse can be taken as accepted; else why not. The report must be there (a DONE feed can come without a
 * result document), name no problem of the feed as a whole (an issue without `messageId`), name only our
 * messages, and its summary must count each message once: processed = sent = accepted + invalid, and
 * invalid = the messages it refuses.
 */
export function wholeReport(report: FeedReport | undefined, messageIds: number[]): string | null {
  if (!report) return 'no_report';
  const issues = report.issues ?? [];
  if (issues.some((i) => typeof i.messageId !== 'number')) return 'feed_issue';
  const ours = new Set(messageIds);
  if (issues.some((i) => !ours.has(i.messageId!))) return 'unknown_message';
  const s = report.summary;
  if (!s) return 'no_summary';
  const refused = new Set(issues.filter((i) => i.severity === 'ERROR').map((i) => i.messageId)).size;
  if (
    s.messagesProcessed !== messageIds.length ||
    s.messagesAccepted + s.messagesInvalid !== messageIds.length ||
    s.messagesInvalid !== refused
  )
    return 'summary';
  return null;
}

/** A processing report's issues by the message they name (a feed-level issue names none and is left out). */
export function reportIssues(report: FeedReport | undefined): Map<number, ListingIssue[]> {
  const issues = new Map<number, ListingIssue[]>();
  for (const issue of report?.issues ?? []) {
    if (typeof issue.messageId !== 'number') continue;
    const list = issues.get(issue.messageId) ?? [];
    list.push({
      code: issue.code ?? 'FEED_ISSUE',
      message: issue.message,
      severity: issue.severity,
      ...(issue.attributeName ? { attributeNames: [issue.attributeName] } : {}),
    });
    issues.set(issue.messageId, list);
  }
  return issues;
}

/**
 * Submits the feeds of one marketplace (`feedParts`), all first so Amazon works on them together, then
 * follows each until one shared deadline, `deadlineMs` from the last submission. `onSubmit` records each
 * feed's pushes the moment Amazon took it (so a follow that fails, or a job that dies, leaves them known
 * and waiting: late-feeds.ts finishes them); `onFeed` applies each as it ends (`FollowedFeed`). A
 * submission Amazon refuses stops the submitting; the feeds already submitted are still followed, then the
 * error is thrown (the job fails and is retried as before). An authorisation removed or replaced stops the
 * following at once (`AuthorisationChanged`); what was submitted stays recorded as waiting.
 */
export async function submitAndFollow<T extends ListingsFeedMessage>(
  deps: FollowDeps,
  target: StoreTarget,
  parts: T[][],
  deadlineMs: number,
  onFeed: (messages: T[], feed: FollowedFeed) => Promise<void>,
  onSubmit: (messages: T[], feedId: string) => Promise<void> = async () => {},
  /** A createFeed that got no answer (`FeedSubmissionUnknown`): its messages may still be applied. */
  onUnknown: (messages: T[]) => Promise<void> = async () => {},
): Promise<void> {
  const submitted: { messages: T[]; feedId: string }[] = [];
  let refused: { error: unknown } | undefined;
  for (const messages of parts) {
    let feedId: string;
    try {
      feedId = await deps.store.submitFeed!(target, messages);
    } catch (error) {
      if (error instanceof FeedSubmissionUnknown) await onUnknown(messages);
      refused = { error };
      break;
    }
    await onSubmit(messages, feedId);
    submitted.push({ messages, feedId });
  }
  const deadline = Date.now() + deadlineMs;
  for (const { messages, feedId } of submitted)
    await onFeed(
      messages,
      await follow(
        deps,
        target,
        feedId,
        messages.map((m) => m.messageId),
        deadline,
      ),
    );
  if (refused) throw refused.error;
}

/** The ERROR issues among a message's: the ones that mean Amazon refused it. */
export const refusals = (issues: ListingIssue[] | undefined) =>
  (issues ?? []).filter((i) => i.severity === 'ERROR');
