import { randomUUID } from 'node:crypto';
import type { ListingIssue, ListingsFeedMessage } from '../../src/providers/seller-store';
import type { createListingsStandIn } from './spapi-stand-in-listings';

export type FeedsOperation = 'createFeedDocument' | 'createFeed' | 'getFeed' | 'getFeedDocument';

/** Which Feeds API 2021-06-30 operation a request is (feeds_2021-06-30.json), if any. */
export function feedsOperation(method: string | undefined, pathname: string): FeedsOperation | undefined {
  if (method === 'POST' && pathname === '/feeds/2021-06-30/documents') return 'createFeedDocument';
  if (method === 'POST' && pathname === '/feeds/2021-06-30/feeds') return 'createFeed';
  if (method === 'GET' && /^\/feeds\/2021-06-30\/feeds\/[^/]+$/.test(pathname)) return 'getFeed';
  if (method === 'GET' && /^\/feeds\/2021-06-30\/documents\/[^/]+$/.test(pathname)) return 'getFeedDocument';
  return undefined;
}

const DOCUMENT_PATH = /^\/feed-documents\/([^/]+)$/;
/** listings-feed-schema-v2.json `messages.maxItems`. */
const FEED_MAX = 25_000;

/** A feed the stand-in took: its processing status, report, and the messages as sent. */
export interface StandInFeed {
  status: string;
  resultFeedDocumentId?: string;
  messages: ListingsFeedMessage[];
  /** Where a feed kept unfinished (`feedStatus`) applies its messages when `finish` ends it. */
  held?: { sellerId: string; marketplaceId: string; base: string };
}

/** How a feed ends when not DONE (FATAL, CANCELLED: nothing applied; IN_PROGRESS: never finishes). */
export type FeedStatusOf = (
  messages: ListingsFeedMessage[],
) => 'FATAL' | 'CANCELLED' | 'IN_PROGRESS' | undefined;

/**
 * A feed Amazon processes but reports badly, as sellers have seen (reference §4; the feeds model says a
 * FATAL feed may have applied some, none or all of its messages): DONE without a result document, DONE
 * with a feed-level issue (no `messageId`), DONE with a summary that does not count one message, or FATAL
 * after applying some. `applies` says which messages Amazon applied all the same (every one by default;
 * none for `fatal` unless named).
 */
export interface FeedFault {
  kind: 'no_document' | 'feed_issue' | 'short_summary' | 'fatal';
  applies?: (m: ListingsFeedMessage) => boolean;
}

/**
 * The Feeds part of the stand-in, for JSON_LISTINGS_FEED: documents uploaded to and read from presigned
 * URLs on the stand-in (no token, as Amazon's S3 URLs), a feed processed at once through the same
 * Listings Items rules (a PATCH message as patchListingsItem, an UPDATE as putListingsItem), and a
 * processing report naming each refused message (listings-feed-processing-report-schema-v2.json).
 * createFeed refuses only what its own model checks (400: feedType, one marketplace, an uploaded
 * document); a document it cannot use is taken (202) and reported, as Amazon does: a feed-level issue in
 * the report, or FATAL when it is not JSON. `feedFailures` refuses more messages by SKU, `feedStatus`
 * makes a feed end otherwise than DONE (FATAL, CANCELLED: nothing applied; IN_PROGRESS: never finishes),
 * and `feedFault` reports a processed feed badly (`FeedFault`).
 */
export function createFeedsStandIn(
  listings: ReturnType<typeof createListingsStandIn>,
  options: {
    feedFailures?: (sku: string) => boolean;
    feedStatus?: FeedStatusOf;
    feedFault?: (messages: ListingsFeedMessage[]) => FeedFault | undefined;
  } = {},
) {
  const documents = new Map<string, { contentType: string; content?: string }>();
  const feeds = new Map<string, StandInFeed>();
  const problem = (message: string) => ({
    status: 400,
    body: { errors: [{ code: 'InvalidInput', message }] },
    problem: message,
  });

  /** A presigned document URL: PUT stores it (with the content type it was created for), GET reads it. */
  function serveDocument(method: string | undefined, pathname: string, raw: string, contentType: string) {
    const id = DOCUMENT_PATH.exec(pathname)?.[1];
    const doc = id ? documents.get(id) : undefined;
    if (!doc) return undefined;
    if (method === 'PUT') {
      if (contentType !== doc.contentType) return { status: 403, body: 'SignatureDoesNotMatch' };
      doc.content = raw;
      return { status: 200, body: '' };
    }
    return { status: 200, body: doc.content ?? '' };
  }

  /** One message as the Listings Items operation it stands for; its issues, or why the schema refuses it. */
  function apply(m: ListingsFeedMessage, itemUrl: URL): ListingIssue[] {
    const schemaIssue = (message: string): ListingIssue[] => [
      { code: '4000003', message, severity: 'ERROR', categories: [] },
    ];
    if (m.operationType === 'UPDATE') {
      // listings-feed-schema-v2.json: UPDATE needs productType and attributes, and takes no patches.
      if (!m.productType || !m.attributes || 'patches' in m)
        return schemaIssue('UPDATE needs productType and attributes, and no patches.');
      const answer = listings.handle('putListingsItem', itemUrl, {
        productType: m.productType,
        requirements: m.requirements,
        attributes: m.attributes,
      });
      return (answer.body as { issues?: ListingIssue[] }).issues ?? [];
    }
    if (m.operationType === 'PATCH') {
      if (!m.productType || !Array.isArray(m.patches) || 'attributes' in m || 'requirements' in m)
        return schemaIssue('PATCH needs productType and patches, and no attributes or requirements.');
      const answer = listings.handle('patchListingsItem', itemUrl, {
        productType: m.productType,
        patches: m.patches,
      });
      return (answer.body as { issues?: ListingIssue[] }).issues ?? [];
    }
    return schemaIssue(`Unsupported operationType ${(m as { operationType: string }).operationType}.`);
  }

  function handle(operation: FeedsOperation, url: URL, body: unknown, base: string) {
    if (operation === 'createFeedDocument') {
      const contentType = (body as { contentType?: unknown })?.contentType;
      if (typeof contentType !== 'string') return problem('contentType is required');
      const id = `amzn1.tortuga.4.na.${randomUUID()}`;
      documents.set(id, { contentType });
      return { status: 201, body: { feedDocumentId: id, url: `${base}/feed-documents/${id}` } };
    }
    if (operation === 'getFeedDocument') {
      const id = decodeURIComponent(url.pathname.split('/').pop()!);
      if (!documents.has(id))
        return { status: 404, body: { errors: [{ code: 'NotFound', message: 'Not found' }] } };
      return { status: 200, body: { feedDocumentId: id, url: `${base}/feed-documents/${id}` } };
    }
    if (operation === 'getFeed') {
      const id = decodeURIComponent(url.pathname.split('/').pop()!);
      const feed = feeds.get(id);
      if (!feed) return { status: 404, body: { errors: [{ code: 'NotFound', message: 'Not found' }] } };
      return {
        status: 200,
        body: {
          feedId: id,
          feedType: 'JSON_LISTINGS_FEED',
          processingStatus: feed.status,
          ...(feed.resultFeedDocumentId ? { resultFeedDocumentId: feed.resultFeedDocumentId } : {}),
        },
      };
    }
    const request = body as { feedType?: string; marketplaceIds?: string[]; inputFeedDocumentId?: string };
    if (request?.feedType !== 'JSON_LISTINGS_FEED') return problem('feedType is required');
    if (!Array.isArray(request.marketplaceIds) || request.marketplaceIds.length !== 1)
      return problem('Expected a maximum of 1 marketplaceIds');
    const input = documents.get(request.inputFeedDocumentId ?? '');
    if (!input?.content) return problem('inputFeedDocumentId is not an uploaded document');
    const feedId = String(documents.size + feeds.size + 50_000_000_000);
    const at = { sellerId: '', marketplaceId: request.marketplaceIds[0]!, base };
    // Amazon takes the feed (202) and only then reads the document: what is wrong with it comes back as
    // the processing report's feed-level issue, or as FATAL when it cannot be read at all.
    let feed: { header?: { sellerId?: string; version?: string }; messages?: unknown };
    try {
      feed = JSON.parse(input.content) as typeof feed;
    } catch {
      feeds.set(feedId, { status: 'FATAL', messages: [] });
      return { status: 202, body: { feedId } };
    }
    const wrong =
      feed.header?.version !== '2.0' || !feed.header.sellerId
        ? 'The feed header needs sellerId and version 2.0.'
        : !Array.isArray(feed.messages) || feed.messages.length < 1 || feed.messages.length > FEED_MAX
          ? `A feed carries 1 to ${FEED_MAX} messages.`
          : undefined;
    if (wrong) {
      report(
        feedId,
        { ...at, sellerId: feed.header?.sellerId ?? '' },
        [],
        [{ code: '100001', severity: 'ERROR', message: wrong }],
      );
      return { status: 202, body: { feedId } };
    }
    const messages = feed.messages as ListingsFeedMessage[];
    const forced = options.feedStatus?.(messages);
    const held = { ...at, sellerId: feed.header!.sellerId! };
    if (forced) {
      feeds.set(feedId, { status: forced, messages, held });
      return { status: 202, body: { feedId } };
    }
    process(feedId, messages, held);
    return { status: 202, body: { feedId } };
  }

  /** The processing report of a feed of `messages` with these message issues (and feed-level ones): DONE. */
  function report(
    feedId: string,
    at: { sellerId: string },
    messages: ListingsFeedMessage[],
    issues: { messageId?: number; sku?: string; code: string; severity: string; message: string }[],
    fault?: FeedFault['kind'],
  ) {
    const invalid = new Set(
      issues.filter((i) => i.severity === 'ERROR' && i.messageId !== undefined).map((i) => i.messageId),
    ).size;
    const all =
      fault === 'feed_issue'
        ? [
            ...issues,
            { code: '100001', severity: 'ERROR', message: 'The feed could not be fully processed.' },
          ]
        : issues;
    const processed = fault === 'short_summary' ? Math.max(0, messages.length - 1) : messages.length;
    if (fault === 'no_document') {
      feeds.set(feedId, { status: 'DONE', messages });
      return;
    }
    const reportId = `amzn1.tortuga.4.na.${randomUUID()}`;
    documents.set(reportId, {
      contentType: 'application/json',
      content: JSON.stringify({
        header: { sellerId: at.sellerId, version: '2.0', feedId },
        issues: all,
        summary: {
          errors: all.filter((i) => i.severity === 'ERROR').length,
          warnings: all.filter((i) => i.severity === 'WARNING').length,
          messagesProcessed: processed,
          messagesAccepted: processed - invalid,
          messagesInvalid: invalid,
        },
      }),
    });
    feeds.set(feedId, { status: 'DONE', resultFeedDocumentId: reportId, messages });
  }

  /**
   * Applies the feed's messages and writes its processing report: the feed is DONE (or, with a `feedFault`,
   * reported badly or FATAL, having applied the messages the fault names).
   */
  function process(
    feedId: string,
    messages: ListingsFeedMessage[],
    at: { sellerId: string; marketplaceId: string; base: string },
  ) {
    const fault = options.feedFault?.(messages);
    const applies = fault?.applies ?? (() => fault?.kind !== 'fatal');
    const issues: { messageId: number; sku: string; code: string; severity: string; message: string }[] = [];
    for (const m of messages) {
      if (fault && !applies(m)) continue;
      const itemUrl = new URL(
        `${at.base}/listings/2021-08-01/items/${encodeURIComponent(at.sellerId)}/${encodeURIComponent(m.sku)}`,
      );
      itemUrl.searchParams.set('marketplaceIds', at.marketplaceId);
      if (options.feedFailures?.(m.sku)) {
        issues.push({
          messageId: m.messageId,
          sku: m.sku,
          code: '4000001',
          severity: 'ERROR',
          message: "The provided value for 'purchasable_offer' is invalid.",
        });
        continue;
      }
      for (const i of apply(m, itemUrl))
        issues.push({
          messageId: m.messageId,
          sku: m.sku,
          code: i.code,
          severity: i.severity,
          message: i.message,
        });
    }
    if (fault?.kind === 'fatal') {
      feeds.set(feedId, { status: 'FATAL', messages });
      return;
    }
    report(feedId, at, messages, issues, fault?.kind);
  }

  /**
   * Ends a feed kept IN_PROGRESS (`feedStatus`) as Amazon would later: DONE applies its messages then
   * (with `feedFailures` as they are now), FATAL or CANCELLED applies none.
   */
  function finish(feedId: string, status: 'DONE' | 'FATAL' | 'CANCELLED' = 'DONE') {
    const feed = feeds.get(feedId);
    if (!feed?.held) throw new Error(`feed ${feedId} is not held`);
    if (status === 'DONE') process(feedId, feed.messages, feed.held);
    else feeds.set(feedId, { status, messages: feed.messages });
  }

  return { handle, serveDocument, feeds, finish };
}
