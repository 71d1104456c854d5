import { gunzipSync } from 'node:zlib';
import {
  FeedSubmissionUnknown,
  type FeedReport,
  type ListingsFeedMessage,
  type StoreTarget,
} from '../../seller-store/types';
import { SpapiNetworkError, type SpapiClient } from './client';
import { MARKETPLACES } from './regions';

// Feeds API 2021-06-30 with JSON_LISTINGS_FEED (feeds_2021-06-30.json; schemas/feeds/listings-feed-schema-v2.json):
// one marketplace per feed, at most 25,000 messages.

const CONTENT_TYPE = 'application/json; charset=UTF-8';

/** A presigned document URL (valid five minutes): no SP-API token, only the content type Amazon named. */
async function transfer(url: string, init: RequestInit): Promise<Response> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new SpapiNetworkError('feed document', new Error(`answered ${res.status}`));
    return res;
  } catch (error) {
    if (error instanceof SpapiNetworkError) throw error;
    throw new SpapiNetworkError('feed document', error);
  }
}

export function createSpapiFeeds(client: SpapiClient) {
  return {
    /** createFeedDocument, the upload, then createFeed: the feed's id. */
    async submitFeed(target: StoreTarget, messages: ListingsFeedMessage[]): Promise<string> {
      const marketplace = MARKETPLACES[target.country];
      const options = { account: target.account } as const;
      const document = await client.call<{ feedDocumentId: string; url: string }>(
        marketplace.region,
        'createFeedDocument',
        '/feeds/2021-06-30/documents',
        { method: 'POST', body: { contentType: CONTENT_TYPE }, ...options },
      );
      const feed = {
        header: {
          sellerId: target.sellerId,
          version: '2.0',
          issueLocale: 'en_US',
          report: { includedData: ['issues'], apiVersion: '2021-08-01' },
        },
        messages,
      };
      await transfer(document.url, {
        method: 'PUT',
        headers: { 'content-type': CONTENT_TYPE },
        body: JSON.stringify(feed),
      });
      const created = await client
        .call<{ feedId: string }>(marketplace.region, 'createFeed', '/feeds/2021-06-30/feeds', {
          method: 'POST',
          body: {
            feedType: 'JSON_LISTINGS_FEED',
            marketplaceIds: [marketplace.id],
            inputFeedDocumentId: document.feedDocumentId,
          },
          // A createFeed without an answer may have been taken: sent again blind, Amazon would process
          // the messages twice. The caller keeps the messages as unknown (FeedSubmissionUnknown).
          retryNetwork: false,
          ...options,
        })
        .catch((error: unknown) => {
          throw error instanceof SpapiNetworkError ? new FeedSubmissionUnknown(error) : error;
        });
      return created.feedId;
    },

    /**
     * getFeed; once DONE, getFeedDocument and the processing report. DONE without a result document, or
     * with one that is not a report, answers no report: the caller must not take the messages as applied.
     */
    async feedResult(target: StoreTarget, feedId: string): Promise<{ status: string; report?: FeedReport }> {
      const marketplace = MARKETPLACES[target.country];
      const feed = await client.call<{ processingStatus: string; resultFeedDocumentId?: string }>(
        marketplace.region,
        'getFeed',
        `/feeds/2021-06-30/feeds/${encodeURIComponent(feedId)}`,
        { method: 'GET', account: target.account },
      );
      if (feed.processingStatus !== 'DONE' || !feed.resultFeedDocumentId)
        return { status: feed.processingStatus };
      const document = await client.call<{ url: string; compressionAlgorithm?: string }>(
        marketplace.region,
        'getFeedDocument',
        `/feeds/2021-06-30/documents/${encodeURIComponent(feed.resultFeedDocumentId)}`,
        { method: 'GET', account: target.account },
      );
      const bytes = Buffer.from(await (await transfer(document.url, { method: 'GET' })).arrayBuffer());
      const text = (document.compressionAlgorithm === 'GZIP' ? gunzipSync(bytes) : bytes).toString('utf8');
      let report: unknown;
      try {
        report = JSON.parse(text);
      } catch {
        return { status: 'DONE' };
      }
      return typeof report === 'object' && report !== null
        ? { status: 'DONE', report: report as FeedReport }
        : { status: 'DONE' };
    },
  };
}
