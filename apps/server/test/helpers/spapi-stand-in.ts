import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  catalogFixture,
  catalogQueryProblem,
  competitivePricing,
  competitivePricingProblem,
  competitiveSummary,
  competitiveSummaryProblem,
  feesEstimate,
  feesEstimatesProblem,
  inCurrencyOf,
  listingsRestrictions,
  listingsRestrictionsProblem,
  ITEM_FAILED,
  noBuyableOffers,
  offeredByNobody,
  ITEM_OFFERS_URI,
  offersBatchProblem,
  offersFixture,
} from './spapi-stand-in-answers';
import { createLwaStandIn } from './lwa-stand-in';
import {
  createFeedsStandIn,
  feedsOperation,
  type FeedFault,
  type FeedsOperation,
  type FeedStatusOf,
} from './spapi-stand-in-feeds';
import type { ListingsFeedMessage } from '../../src/providers/seller-store';
import {
  createDefinitionsStandIn,
  createListingsStandIn,
  definitionsOperation,
  listingsOperation,
  type ListingsOperation,
} from './spapi-stand-in-listings';
import { createOrdersStandIn, ordersOperation, type OrdersOperation } from './spapi-stand-in-orders';
import { REGION_CODES } from '@crossmarket/domain';
import { MARKETPLACES } from '../../src/providers/marketplace/spapi/regions';

const MARKETPLACE_IDS = REGION_CODES.map((c) => MARKETPLACES[c].id);
const COUNTRY_OF = new Map(REGION_CODES.map((c) => [MARKETPLACES[c].id, c.toUpperCase()]));

type Operation =
  | 'searchCatalogItems'
  | 'getItemOffersBatch'
  | 'getCompetitivePricing'
  | 'getCompetitiveSummary'
  | 'getListingsRestrictions'
  | 'getMyFeesEstimates'
  | 'getMarketplaceParticipations'
  | ListingsOperation
  | 'getDefinitionsProductType'
  | FeedsOperation
  | OrdersOperation;
export interface StandInLimits {
  rate: number;
  burst: number;
}

/** The usage plans Amazon's models document for the operations (requests per second, burst). */
export const AMAZON_DEFAULT_LIMITS: Record<Operation, StandInLimits> = {
  searchCatalogItems: { rate: 2, burst: 2 },
  getItemOffersBatch: { rate: 0.1, burst: 1 },
  getCompetitivePricing: { rate: 0.5, burst: 1 },
  getCompetitiveSummary: { rate: 0.033, burst: 1 },
  getListingsRestrictions: { rate: 5, burst: 10 },
  getMyFeesEstimates: { rate: 0.5, burst: 1 },
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
  // listingsItems_2021-08-01.json
  putListingsItem: { rate: 5, burst: 10 },
  patchListingsItem: { rate: 5, burst: 5 },
  deleteListingsItem: { rate: 5, burst: 5 },
  getListingsItem: { rate: 5, burst: 10 },
  searchListingsItems: { rate: 5, burst: 5 },
  // definitionsProductTypes_2020-09-01.json
  getDefinitionsProductType: { rate: 5, burst: 10 },
  // feeds_2021-06-30.json
  createFeedDocument: { rate: 0.5, burst: 15 },
  createFeed: { rate: 0.0083, burst: 15 },
  getFeed: { rate: 2, burst: 15 },
  getFeedDocument: { rate: 0.0222, burst: 10 },
  // orders_2026-01-01.json (searchOrders, getOrder) and ordersV0.json (confirmShipment)
  searchOrders: { rate: 0.0056, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
};

/**
 * A local server answering like Amazon's SP-API (Login with Amazon, searchCatalogItems, getItemOffersBatch,
 * getCompetitivePricing, getCompetitiveSummary, getListingsRestrictions, getMyFeesEstimates)
 * with responses built from the documented-model fixtures. Like Amazon it refuses a request missing what
 * the models mark required (400 InvalidInput), enforces a rate limit per seller authorisation and
 * operation (429 beyond it; Amazon's documented defaults unless told otherwise), and sends `x-amzn-RateLimit-Limit` only with the
 * answers the models document it on (200, 400 and 404, never 403 or 429). It records when each request
 * came and how often each ASIN's offers were asked for, so a test or a benchmark can check the client.
 */
export async function startSpapiStandIn(
  given: Partial<Record<Operation, StandInLimits>> = AMAZON_DEFAULT_LIMITS,
  options: {
    throttleFirst?: number;
    /**
     * Whether the seller whose authorisation (refresh token) asks lists the ASIN in the marketplace:
     * getCompetitivePricing answers only those.
     */
    listed?: (asin: string, marketplaceId: string, authorisation: string) => boolean;
    /** Whether nobody offers the ASIN new in the marketplace (besides `BNOOFFER…`): NoBuyableOffers. */
    noOffers?: (asin: string, marketplaceId: string) => boolean;
    /** The first this many SP-API requests answer 401 (an access token Amazon no longer takes). */
    unauthorisedFirst?: number;
    /** Whether the `nth` request (from 1) of an operation loses its connection (reset) before any answer. */
    reset?: (operation: Operation, nth: number) => boolean;
    /** Login with Amazon answers its first `count` token requests with `status` (429 or a 5xx). */
    lwaFailFirst?: { status: number; count: number };
    /**
     * The selling partner each authorisation (refresh token) belongs to: getListingsRestrictions naming
     * another seller is refused 403, as Amazon refuses a seller id the authorisation does not cover.
     */
    sellerOf?: (refreshToken: string) => string | undefined;
    /** The marketplace ids the authorisation's seller participates in (Sellers API); every one by default. */
    participations?: (refreshToken: string) => readonly string[] | undefined;
    /** ASINs the Listings Items operations refuse as restricted for the seller (QUALIFICATION_REQUIRED). */
    restricted?: (asin: string) => boolean;
    /** SKUs whose JSON_LISTINGS_FEED message the processing report refuses. */
    feedFailures?: (sku: string) => boolean;
    /** A feed's end other than DONE (FATAL, CANCELLED, or IN_PROGRESS for ever), from its messages. */
    feedStatus?: FeedStatusOf;
    /** A processed feed reported badly (no result document, a feed-level issue, a short summary) or FATAL. */
    feedFault?: (messages: ListingsFeedMessage[]) => FeedFault | undefined;
    /** The seller's shipping templates per marketplace (Product Type Definitions with `sellerId`); none by default. */
    shippingTemplates?: (sellerId: string, marketplaceId: string) => { id: string; name: string }[];
    /** How long after a change Amazon's order list shows it (searchOrders' systematic delay). */
    ordersDelayMs?: number;
    /** The Orders operations' clock (tests move it). */
    ordersNow?: () => number;
  } = {},
) {
  const listed = options.listed ?? (() => true);
  const nobody = (asin: string, marketplaceId: string) =>
    offeredByNobody(asin) || (options.noOffers?.(asin, marketplaceId) ?? false);
  // An operation the test does not name answers at Amazon's default rate.
  const limits: Record<Operation, StandInLimits> = { ...AMAZON_DEFAULT_LIMITS, ...given };
  const operations = Object.keys(AMAZON_DEFAULT_LIMITS) as Operation[];
  const arrivals = Object.fromEntries(operations.map((op) => [op, [] as number[]])) as Record<
    Operation,
    number[]
  >;
  const throttled = Object.fromEntries(operations.map((op) => [op, 0])) as Record<Operation, number>;
  const listings = createListingsStandIn({
    restricted: options.restricted,
    templatesOf: options.shippingTemplates,
  });
  const feeds = createFeedsStandIn(listings, {
    feedFailures: options.feedFailures,
    feedStatus: options.feedStatus,
    feedFault: options.feedFault,
  });
  const definitions = createDefinitionsStandIn(options.shippingTemplates ?? (() => []));
  const orders = createOrdersStandIn({ delayMs: options.ordersDelayMs, now: options.ordersNow });
  const pricingAsked = new Map<string, number>();
  const summaryAsked = new Map<string, number>();
  /** Every ASIN a price operation was asked for, in order: which marketplace, by which operation. */
  const asks: { operation: Operation; marketplaceId: string; asin: string }[] = [];
  const refused: { operation: Operation | 'unknown'; message: string }[] = [];
  const offersAsked = new Map<string, number>();
  /** Calls admitted per authorisation (the refresh token the access token came from) and operation. */
  const callsBy = new Map<string, number>();
  // One bucket per authorisation (the refresh token an access token came from) and operation.
  const buckets = new Map<string, { tokens: number; at: number }>();
  const lwa = createLwaStandIn();
  let forced = options.throttleFirst ?? 0;
  let unauthorised = options.unauthorisedFirst ?? 0;
  let lwaFailures = options.lwaFailFirst?.count ?? 0;

  const admit = (op: Operation, authorisation: string) => {
    const key = `${op}\n${authorisation}`;
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = { tokens: limits[op].burst, at: performance.now() }));
    const now = performance.now();
    // A little slack for timer granularity: the client waits for whole tokens, the server counts exactly.
    b.tokens = Math.min(limits[op].burst, b.tokens + ((now - b.at) / 1000) * limits[op].rate);
    b.at = now;
    if (b.tokens < 0.98) return false;
    b.tokens -= 1;
    return true;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      /** `limitOf`: the operation whose rate the answer announces (only where Amazon documents it). */
      const send = (status: number, body: unknown, limitOf?: Operation) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'x-amzn-requestid': randomUUID(),
          ...(limitOf ? { 'x-amzn-ratelimit-limit': String(limits[limitOf].rate) } : {}),
        });
        res.end(JSON.stringify(body));
      };
      const invalid = (op: Operation, message: string) => {
        refused.push({ operation: op, message });
        return send(400, { errors: [{ code: 'InvalidInput', message }] }, op);
      };
      // Presigned document URLs carry no SP-API token (Amazon's are S3's).
      const document = feeds.serveDocument(
        req.method,
        url.pathname,
        raw,
        String(req.headers['content-type'] ?? ''),
      );
      if (document) {
        res.writeHead(document.status, { 'content-type': 'application/json' });
        return res.end(document.body);
      }
      const schema = definitions.serveSchema(req.method, url.pathname);
      if (schema) {
        res.writeHead(schema.status, { 'content-type': 'application/json' });
        return res.end(schema.body);
      }
      if (url.pathname === '/auth/o2/token') {
        if (lwaFailures > 0) {
          lwaFailures -= 1;
          return send(options.lwaFailFirst!.status, { error: 'server_error' });
        }
        const { status, body } = lwa.handle(new URLSearchParams(raw));
        return send(status, body);
      }
      if (unauthorised > 0) {
        unauthorised -= 1;
        return send(401, {
          errors: [{ code: 'Unauthorized', message: 'Access token is missing or expired.' }],
        });
      }
      const authorisation = lwa.authorisationOf(String(req.headers['x-amz-access-token'] ?? ''));
      if (!authorisation)
        return send(403, {
          errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.' }],
        });
      const op: Operation | undefined =
        url.pathname === '/catalog/2022-04-01/items' && req.method === 'GET'
          ? 'searchCatalogItems'
          : url.pathname === '/batches/products/pricing/v0/itemOffers' && req.method === 'POST'
            ? 'getItemOffersBatch'
            : url.pathname === '/products/pricing/v0/competitivePrice' && req.method === 'GET'
              ? 'getCompetitivePricing'
              : url.pathname === '/batches/products/pricing/2022-05-01/items/competitiveSummary' &&
                  req.method === 'POST'
                ? 'getCompetitiveSummary'
                : url.pathname === '/listings/2021-08-01/restrictions' && req.method === 'GET'
                  ? 'getListingsRestrictions'
                  : url.pathname === '/products/fees/v0/feesEstimate' && req.method === 'POST'
                    ? 'getMyFeesEstimates'
                    : url.pathname === '/sellers/v1/marketplaceParticipations' && req.method === 'GET'
                      ? 'getMarketplaceParticipations'
                      : (listingsOperation(req.method, url.pathname) ??
                        feedsOperation(req.method, url.pathname) ??
                        definitionsOperation(req.method, url.pathname) ??
                        ordersOperation(req.method, url.pathname));
      if (!op) {
        refused.push({ operation: 'unknown', message: `${req.method} ${url.pathname}` });
        return send(404, { errors: [{ code: 'NotFound', message: 'Resource not found.' }] });
      }
      arrivals[op].push(performance.now());
      if (options.reset?.(op, arrivals[op].length)) return req.socket.destroy();
      if (forced > 0 || !admit(op, authorisation)) {
        forced = Math.max(0, forced - 1);
        throttled[op] += 1;
        return send(429, {
          errors: [{ code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' }],
        });
      }
      callsBy.set(`${authorisation}\n${op}`, (callsBy.get(`${authorisation}\n${op}`) ?? 0) + 1);
      if (op === 'getDefinitionsProductType') {
        const answer = definitions.handle(url, `http://${req.headers.host}`);
        if ('problem' in answer && answer.problem) refused.push({ operation: op, message: answer.problem });
        return send(answer.status, answer.body, op);
      }
      const feedsOp = feedsOperation(req.method, url.pathname);
      if (feedsOp) {
        let parsed: unknown;
        try {
          parsed = raw ? JSON.parse(raw) : undefined;
        } catch {
          return invalid(op, 'The request body is not JSON');
        }
        const answer = feeds.handle(feedsOp, url, parsed, `http://${req.headers.host}`);
        if ('problem' in answer && answer.problem) refused.push({ operation: op, message: answer.problem });
        return send(answer.status, answer.body, op);
      }
      const ordersOp = ordersOperation(req.method, url.pathname);
      if (ordersOp) {
        let parsed: unknown;
        try {
          parsed = raw ? JSON.parse(raw) : undefined;
        } catch {
          return invalid(op, 'The request body is not JSON');
        }
        // Orders are the authorisation's seller's: another seller's order is not found.
        const seller = options.sellerOf?.(authorisation) ?? authorisation;
        const answer = orders.handle(ordersOp, seller, url, parsed);
        if (answer.problem) refused.push({ operation: op, message: answer.problem });
        if (answer.status === 204) {
          res.writeHead(204, {
            'x-amzn-requestid': randomUUID(),
            'x-amzn-ratelimit-limit': String(limits[op].rate),
          });
          return res.end();
        }
        return send(answer.status, answer.body, op);
      }
      const listingsOp = listingsOperation(req.method, url.pathname);
      if (listingsOp) {
        let parsed: unknown;
        try {
          parsed = raw ? JSON.parse(raw) : undefined;
        } catch {
          return invalid(op, 'The request body is not JSON');
        }
        const seller = options.sellerOf?.(authorisation);
        const sellerInPath = decodeURIComponent(url.pathname.split('/')[4] ?? '');
        if (seller !== undefined && seller !== sellerInPath)
          return send(403, {
            errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.' }],
          });
        const answer = listings.handle(listingsOp, url, parsed);
        if (answer.problem) refused.push({ operation: op, message: answer.problem });
        return send(answer.status, answer.body, op);
      }
      if (op === 'searchCatalogItems') {
        const problem = catalogQueryProblem(url.searchParams);
        if (problem) return invalid(op, problem);
        const ids = (url.searchParams.get('identifiers') ?? '').split(',').filter(Boolean);
        const marketplaceId = url.searchParams.get('marketplaceIds');
        const items = ids
          .filter((id) => !id.startsWith('BDOG'))
          .map((asin) => {
            const item = structuredClone(catalogFixture(asin));
            return { ...item, asin, summaries: [{ ...item.summaries[0], marketplaceId }] };
          });
        return send(200, { numberOfResults: items.length, items }, op);
      }
      if (op === 'getMarketplaceParticipations') {
        const ids = options.participations?.(authorisation) ?? MARKETPLACE_IDS;
        // Shaped like sellers.json's MarketplaceParticipation: every marketplace, participating or not.
        return send(
          200,
          {
            payload: MARKETPLACE_IDS.map((id) => ({
              marketplace: { id, countryCode: COUNTRY_OF.get(id), name: `Amazon ${COUNTRY_OF.get(id)}` },
              participation: { isParticipating: ids.includes(id), hasSuspendedListings: false },
              storeName: 'Stand-in store',
            })),
          },
          op,
        );
      }
      if (op === 'getListingsRestrictions') {
        const problem = listingsRestrictionsProblem(url.searchParams);
        if (problem) return invalid(op, problem);
        const asin = url.searchParams.get('asin')!;
        const seller = options.sellerOf?.(authorisation);
        if (seller !== undefined && seller !== url.searchParams.get('sellerId'))
          return send(403, {
            errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.' }],
          });
        return send(
          200,
          listingsRestrictions(asin, url.searchParams.get('marketplaceIds')!.split(',')[0]!),
          op,
        );
      }
      if (op === 'getCompetitivePricing') {
        const problem = competitivePricingProblem(url.searchParams);
        if (problem) return invalid(op, problem);
        const marketplaceId = url.searchParams.get('MarketplaceId')!;
        const asins = url.searchParams.get('Asins')!.split(',').filter(Boolean);
        for (const asin of asins) {
          pricingAsked.set(asin, (pricingAsked.get(asin) ?? 0) + 1);
          asks.push({ operation: op, marketplaceId, asin });
        }
        return send(
          200,
          {
            payload: asins.map((asin) =>
              competitivePricing(
                asin,
                marketplaceId,
                listed(asin, marketplaceId, authorisation),
                nobody(asin, marketplaceId),
              ),
            ),
          },
          op,
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return invalid(op, 'The request body is not JSON');
      }
      if (op === 'getMyFeesEstimates') {
        const problem = feesEstimatesProblem(body);
        if (problem) return invalid(op, problem);
        return send(200, (body as Parameters<typeof feesEstimate>[0][]).map(feesEstimate), op);
      }
      if (op === 'getCompetitiveSummary') {
        const problem = competitiveSummaryProblem(body);
        if (problem) return invalid(op, problem);
        const requests = (body as { requests: { asin: string; marketplaceId: string }[] }).requests;
        for (const { asin, marketplaceId } of requests) {
          summaryAsked.set(asin, (summaryAsked.get(asin) ?? 0) + 1);
          asks.push({ operation: op, marketplaceId, asin });
        }
        return send(
          200,
          {
            responses: requests.map((r) =>
              competitiveSummary(r.asin, r.marketplaceId, nobody(r.asin, r.marketplaceId)),
            ),
          },
          op,
        );
      }
      const problem = offersBatchProblem(body);
      if (problem) return invalid(op, problem);
      const requests = (body as { requests: { uri: string; MarketplaceId: string; ItemCondition: string }[] })
        .requests;
      const responses = requests.map((r) => {
        const asin = ITEM_OFFERS_URI.exec(r.uri)![1]!;
        const asked = (offersAsked.get(asin) ?? 0) + 1;
        offersAsked.set(asin, asked);
        asks.push({ operation: op, marketplaceId: r.MarketplaceId, asin });
        const request = {
          MarketplaceId: r.MarketplaceId,
          Asin: asin,
          ItemCondition: r.ItemCondition,
          CustomerType: 'Consumer',
        };
        if (asin.startsWith('BFAIL') || (asin.startsWith('BFLAKY') && asked === 1))
          return { ...structuredClone(ITEM_FAILED), request };
        if (nobody(asin, r.MarketplaceId)) return noBuyableOffers(asin, r.MarketplaceId);
        const offers = structuredClone(offersFixture(asin)) as {
          Identifier?: object;
          Offers?: { MyOffer?: boolean }[];
        };
        // `BMINE…`: the buy box winner is the calling seller's own offer, as Amazon marks it.
        if (asin.startsWith('BMINE') && offers.Offers?.[0]) offers.Offers[0].MyOffer = true;
        const payload = asin.startsWith('BFOREIGN') ? offers : inCurrencyOf(offers, r.MarketplaceId);
        return {
          status: { statusCode: 200, reasonPhrase: 'OK' },
          headers: { 'x-amzn-RequestId': randomUUID() },
          body: {
            payload: {
              ...payload,
              ASIN: asin,
              marketplaceId: r.MarketplaceId,
              Identifier: { ...payload.Identifier, ASIN: asin, MarketplaceId: r.MarketplaceId },
            },
          },
          request,
        };
      });
      return send(200, { responses }, op);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    lwaUrl: `${url}/auth/o2/token`,
    limits,
    arrivals,
    throttled,
    /** The Listings Items calls received, and the listings the stand-in keeps. */
    listings,
    /** The feeds created, by id, with their messages as sent. */
    feeds: feeds.feeds,
    /** Ends a feed kept IN_PROGRESS by `feedStatus`, as Amazon does later: DONE (applied), FATAL, CANCELLED. */
    finishFeed: feeds.finish,
    /** Requests answered 400 or 404, with Amazon's reason. */
    refused,
    /** Each seller's orders (put, drop a confirmation) and the Orders calls received. */
    orders,
    /** Calls admitted under one authorisation (its refresh token), of one operation. */
    callsOf: (refreshToken: string, op: Operation) => callsBy.get(`${refreshToken}\n${op}`) ?? 0,
    /** How many times each ASIN's offers were asked for. */
    offersAsked: (asin: string) => offersAsked.get(asin) ?? 0,
    /** How many times each ASIN's competitive pricing was asked for (any marketplace). */
    pricingAsked: (asin: string) => pricingAsked.get(asin) ?? 0,
    /** Every ASIN the price operations were asked for, in order, with its marketplace. */
    asks,
    /** How many times each ASIN's competitive summary was asked for (any marketplace). */
    summaryAsked: (asin: string) => summaryAsked.get(asin) ?? 0,
    /** Access tokens handed out, for refresh tokens and codes alike. */
    tokenExchanges: () => lwa.exchanges(),
    /** An authorisation code for the consent redirect (single use, 5 minutes unless `lifeMs`). */
    mintCode: lwa.mintCode,
    /** The seller removes the app: the refresh token now gets 400 invalid_grant. */
    revoke: lwa.revoke,
    /** Refresh tokens handed out for codes, oldest first. */
    issuedRefreshTokens: lwa.issued,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type SpapiStandIn = Awaited<ReturnType<typeof startSpapiStandIn>>;
