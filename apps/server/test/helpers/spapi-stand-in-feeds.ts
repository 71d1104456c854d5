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
 * The Feeds part of the stand-in, for JSON_LISTINGS_FEED: documents uploaded to and read from presigned
 * URLs on the stand-in (no token, as Amazon's S3 URLs), a feed processed at once through the same
 * Listings Items rules (a PATCH message as patchListingsItem, an UPDATE as putListingsItem), and a
 * processing report naming each refused message (listings-feed-processing-report-schema-v2.json);
 * `feedFailures` refuses more messages by SKU, and `feedStatus` makes a feed end otherwise than DONE
 * (FATAL, CANCELLED: nothing applied; IN_PROGRESS: never finishes).
 */
export function createFeedsStandIn(
  listings: ReturnType<typeof createListingsStandIn>,
  options: {
    feedFailures?: (sku: string) => boolean;
    feedStatus?: FeedStatusOf;
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
      { code: '4000003', message, severity: 'ERROR' },
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
    const feed = JSON.parse(input.content) as {
      header: { sellerId: string; version: string };
      messages: ListingsFeedMessage[];
    };
    if (feed.header?.version !== '2.0' || !feed.header.sellerId)
      return problem('The feed header needs sellerId and version 2.0');
    if (!Array.isArray(feed.messages) || feed.messages.length < 1 || feed.messages.length > FEED_MAX)
      return problem(`A feed carries 1 to ${FEED_MAX} messages`);
    const feedId = String(documents.size + feeds.size + 50_000_000_000);
    const forced = options.feedStatus?.(feed.messages);
    const held = { sellerId: feed.header.sellerId, marketplaceId: request.marketplaceIds[0]!, base };
    if (forced) {
      feeds.set(feedId, { status: forced, messages: feed.messages, held });
      return { status: 202, body: { feedId } };
    }
    process(feedId, feed.messages, held);
    return { status: 202, body: { feedId } };
  }

  /** Applies the feed's messages and writes its processing report: the feed is DONE. */
  function process(
    feedId: string,
    messages: ListingsFeedMessage[],
    at: { sellerId: string; marketplaceId: string; base: string },
  ) {
    const issues: { messageId: number; sku: string; code: string; severity: string; message: string }[] = [];
    for (const m of messages) {
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
    const invalid = new Set(issues.filter((i) => i.severity === 'ERROR').map((i) => i.messageId)).size;
    const reportId = `amzn1.tortuga.4.na.${randomUUID()}`;
    documents.set(reportId, {
      contentType: 'application/json',
      content: JSON.stringify({
        header: { sellerId: at.sellerId, version: '2.0', feedId },
        issues,
        summary: {
          errors: issues.length,
          warnings: 0,
          messagesProcessed: messages.length,
          messagesAccepted: messages.length - invalid,
          messagesInvalid: invalid,
        },
      }),
    });
    feeds.set(feedId, { status: 'DONE', resultFeedDocumentId: reportId, messages });
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
