import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLwaStandIn } from './lwa-stand-in';

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/spapi', name), 'utf8'));
const CATALOG_ITEM = fixture('catalog-item.json');
const CATALOG_ITEM_METRIC = fixture('catalog-item-metric.json');
const ITEM_OFFERS = fixture('item-offers.json');
const ITEM_OFFERS_USED = fixture('item-offers-used.json');
const ITEM_OFFERS_USED_ONLY = fixture('item-offers-used-only.json');
const ITEM_OFFERS_TWO_WINNERS = fixture('item-offers-two-winners.json');
const ITEM_FAILED = fixture('item-offers-failed.json');
/**
 * getCompetitivePricing's answer for ItemType=Asin, copied verbatim from the example Amazon's model gives
 * (amzn/selling-partner-api-models, models/product-pricing-api-model/productPricingV0.json, the 200
 * response's `x-amzn-api-sandbox` static example). Its first item is every answered ASIN's template.
 */
const COMPETITIVE_PRICING = fixture('competitive-pricing.json');

type Operation = 'searchCatalogItems' | 'getItemOffersBatch' | 'getCompetitivePricing';
export interface StandInLimits {
  rate: number;
  burst: number;
}

/** The usage plans Amazon's models document for the operations (requests per second, burst). */
export const AMAZON_DEFAULT_LIMITS: Record<Operation, StandInLimits> = {
  searchCatalogItems: { rate: 2, burst: 2 },
  getItemOffersBatch: { rate: 0.1, burst: 1 },
  getCompetitivePricing: { rate: 0.5, burst: 1 },
};

/**
 * Which fixture answers for an ASIN, by its first letters (ASINs are B + 9 letters or digits):
 * - `BDOG…` is unknown to the catalogue;
 * - `BMETRIC…` is measured in millimetres and ounces;
 * - `BUSED…` has Amazon's own example offers (4,286 offers, 15 of them new), `BONLYUSED…` only used and
 *   collectible ones, `BTWOWIN…` two buy box winners (one Prime FBA, one non-Prime merchant);
 * - `BFAIL…` fails inside every batch (a per-item 429), `BFLAKY…` only the first time it is asked;
 * - in getCompetitivePricing, `BNOBB…` has new offers but no buy box, `BNONEW…` no new offer, and
 *   `BDOG…` is not answered (a status other than Success, no competitive pricing).
 */
const catalogFixture = (asin: string) => (asin.startsWith('BMETRIC') ? CATALOG_ITEM_METRIC : CATALOG_ITEM);
const offersFixture = (asin: string) =>
  asin.startsWith('BONLYUSED')
    ? ITEM_OFFERS_USED_ONLY
    : asin.startsWith('BUSED')
      ? ITEM_OFFERS_USED
      : asin.startsWith('BTWOWIN')
        ? ITEM_OFFERS_TWO_WINNERS
        : ITEM_OFFERS;

// What Amazon's models mark required or enumerate (catalogItems_2022-04-01.json, productPricingV0.json).
const IDENTIFIER_TYPES = ['ASIN', 'EAN', 'GTIN', 'ISBN', 'JAN', 'MINSAN', 'SKU', 'UPC'];
const INCLUDED_DATA = [
  'attributes',
  'classifications',
  'dimensions',
  'identifiers',
  'images',
  'productTypes',
  'relationships',
  'salesRanks',
  'summaries',
  'vendorDetails',
];
const ITEM_CONDITIONS = ['New', 'Used', 'Collectible', 'Refurbished', 'Club'];
const CUSTOMER_TYPES = ['Consumer', 'Business'];
const HTTP_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE', 'POST'];
const ITEM_OFFERS_URI = /^\/products\/pricing\/v0\/items\/([A-Za-z0-9]+)\/offers$/;

/** What is wrong with a searchCatalogItems query, as Amazon's model defines it; null when it is fine. */
function catalogQueryProblem(q: URLSearchParams): string | null {
  const list = (name: string) => (q.get(name) ?? '').split(',').filter(Boolean);
  const marketplaceIds = list('marketplaceIds');
  if (marketplaceIds.length === 0) return "Missing required parameter 'marketplaceIds'";
  if (marketplaceIds.length > 1) return "'marketplaceIds' accepts one marketplace";
  const identifiers = list('identifiers');
  const keywords = list('keywords');
  if (identifiers.length > 0 && keywords.length > 0)
    return "'identifiers' and 'keywords' cannot be used together";
  if (identifiers.length === 0 && keywords.length === 0)
    return "Either 'identifiers' or 'keywords' is required";
  if (identifiers.length > 20) return "'identifiers' accepts at most 20 values";
  if (identifiers.length > 0) {
    const type = q.get('identifiersType');
    if (!type) return "'identifiersType' is required when 'identifiers' is given";
    if (!IDENTIFIER_TYPES.includes(type)) return `Invalid 'identifiersType' ${type}`;
    if (type === 'SKU' && !q.get('sellerId')) return "'sellerId' is required when 'identifiersType' is SKU";
  }
  const unknown = list('includedData').find((d) => !INCLUDED_DATA.includes(d));
  if (unknown) return `Invalid 'includedData' value ${unknown}`;
  const pageSize = q.get('pageSize');
  if (
    pageSize !== null &&
    !(Number.isInteger(Number(pageSize)) && Number(pageSize) >= 1 && Number(pageSize) <= 20)
  )
    return "'pageSize' must be between 1 and 20";
  return null;
}

interface BatchItemRequest {
  uri?: unknown;
  method?: unknown;
  MarketplaceId?: unknown;
  ItemCondition?: unknown;
  CustomerType?: unknown;
}

/** What is wrong with a getCompetitivePricing query (productPricingV0.json); null when it is fine. */
function competitivePricingProblem(q: URLSearchParams): string | null {
  if (!q.get('MarketplaceId')) return "Missing required parameter 'MarketplaceId'";
  const type = q.get('ItemType');
  if (type !== 'Asin' && type !== 'Sku') return "'ItemType' is required (Asin or Sku)";
  const ids = (q.get(type === 'Asin' ? 'Asins' : 'Skus') ?? '').split(',').filter(Boolean);
  if (ids.length === 0) return `'${type}s' is required when 'ItemType' is ${type}`;
  if (ids.length > 20) return `'${type}s' accepts at most 20 values`;
  const customer = q.get('CustomerType');
  if (customer !== null && !CUSTOMER_TYPES.includes(customer)) return "invalid 'CustomerType'";
  return null;
}

/** One ASIN's competitive pricing: the model's example, with the buy box or offers taken away as named. */
function competitivePricing(asin: string, marketplaceId: string) {
  if (asin.startsWith('BDOG')) return { status: 'ClientError', ASIN: asin };
  const item = structuredClone(COMPETITIVE_PRICING.payload[0]);
  item.ASIN = asin;
  item.Product.Identifiers.MarketplaceASIN = { MarketplaceId: marketplaceId, ASIN: asin };
  const pricing = item.Product.CompetitivePricing;
  if (asin.startsWith('BNOBB') || asin.startsWith('BNONEW')) pricing.CompetitivePrices = [];
  if (asin.startsWith('BNONEW')) pricing.NumberOfOfferListings = [{ Count: 2, condition: 'used' }];
  return item;
}

/** What is wrong with a getItemOffersBatch body (GetItemOffersBatchRequest); null when it is fine. */
function offersBatchProblem(body: unknown): string | null {
  const requests = (body as { requests?: unknown } | null)?.requests;
  if (!Array.isArray(requests)) return "Missing required 'requests'";
  if (requests.length < 1 || requests.length > 20) return "'requests' must hold 1 to 20 requests";
  for (const [i, r] of (requests as BatchItemRequest[]).entries()) {
    if (typeof r?.uri !== 'string' || !ITEM_OFFERS_URI.test(r.uri))
      return `requests[${i}]: 'uri' is required (/products/pricing/v0/items/{Asin}/offers)`;
    if (typeof r.method !== 'string' || !HTTP_METHODS.includes(r.method))
      return `requests[${i}]: 'method' is required`;
    if (r.method !== 'GET') return `requests[${i}]: getItemOffers is a GET`;
    if (typeof r.MarketplaceId !== 'string' || !r.MarketplaceId)
      return `requests[${i}]: 'MarketplaceId' is required`;
    if (typeof r.ItemCondition !== 'string' || !ITEM_CONDITIONS.includes(r.ItemCondition))
      return `requests[${i}]: 'ItemCondition' is required (New, Used, Collectible, Refurbished, Club)`;
    if (r.CustomerType !== undefined && !CUSTOMER_TYPES.includes(r.CustomerType as string))
      return `requests[${i}]: invalid 'CustomerType'`;
  }
  return null;
}

/**
 * A local server answering like Amazon's SP-API (Login with Amazon, searchCatalogItems, getItemOffersBatch,
 * getCompetitivePricing)
 * with responses built from the documented-model fixtures. Like Amazon it refuses a request missing what
 * the models mark required (400 InvalidInput), enforces a rate limit per seller authorisation and
 * operation (429 beyond it; Amazon's documented defaults unless told otherwise), and sends `x-amzn-RateLimit-Limit` only with the
 * answers the models document it on (200, 400 and 404, never 403 or 429). It records when each request
 * came and how often each ASIN's offers were asked for, so a test or a benchmark can check the client.
 */
export async function startSpapiStandIn(
  given: Partial<Record<Operation, StandInLimits>> = AMAZON_DEFAULT_LIMITS,
  options: { throttleFirst?: number } = {},
) {
  // An operation the test does not name answers at Amazon's default rate.
  const limits: Record<Operation, StandInLimits> = { ...AMAZON_DEFAULT_LIMITS, ...given };
  const arrivals: Record<Operation, number[]> = {
    searchCatalogItems: [],
    getItemOffersBatch: [],
    getCompetitivePricing: [],
  };
  const throttled: Record<Operation, number> = {
    searchCatalogItems: 0,
    getItemOffersBatch: 0,
    getCompetitivePricing: 0,
  };
  const pricingAsked = new Map<string, number>();
  const refused: { operation: Operation | 'unknown'; message: string }[] = [];
  const offersAsked = new Map<string, number>();
  /** Calls admitted per authorisation (the refresh token the access token came from) and operation. */
  const callsBy = new Map<string, number>();
  // One bucket per authorisation (the refresh token an access token came from) and operation.
  const buckets = new Map<string, { tokens: number; at: number }>();
  const lwa = createLwaStandIn();
  let forced = options.throttleFirst ?? 0;

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
      if (url.pathname === '/auth/o2/token') {
        const { status, body } = lwa.handle(new URLSearchParams(raw));
        return send(status, body);
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
              : undefined;
      if (!op) {
        refused.push({ operation: 'unknown', message: `${req.method} ${url.pathname}` });
        return send(404, { errors: [{ code: 'NotFound', message: 'Resource not found.' }] });
      }
      arrivals[op].push(performance.now());
      if (forced > 0 || !admit(op, authorisation)) {
        forced = Math.max(0, forced - 1);
        throttled[op] += 1;
        return send(429, {
          errors: [{ code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' }],
        });
      }
      callsBy.set(`${authorisation}\n${op}`, (callsBy.get(`${authorisation}\n${op}`) ?? 0) + 1);
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
      if (op === 'getCompetitivePricing') {
        const problem = competitivePricingProblem(url.searchParams);
        if (problem) return invalid(op, problem);
        const marketplaceId = url.searchParams.get('MarketplaceId')!;
        const asins = url.searchParams.get('Asins')!.split(',').filter(Boolean);
        for (const asin of asins) pricingAsked.set(asin, (pricingAsked.get(asin) ?? 0) + 1);
        return send(200, { payload: asins.map((asin) => competitivePricing(asin, marketplaceId)) }, op);
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return invalid(op, 'The request body is not JSON');
      }
      const problem = offersBatchProblem(body);
      if (problem) return invalid(op, problem);
      const requests = (body as { requests: { uri: string; MarketplaceId: string; ItemCondition: string }[] })
        .requests;
      const responses = requests.map((r) => {
        const asin = ITEM_OFFERS_URI.exec(r.uri)![1]!;
        const asked = (offersAsked.get(asin) ?? 0) + 1;
        offersAsked.set(asin, asked);
        const request = {
          MarketplaceId: r.MarketplaceId,
          Asin: asin,
          ItemCondition: r.ItemCondition,
          CustomerType: 'Consumer',
        };
        if (asin.startsWith('BFAIL') || (asin.startsWith('BFLAKY') && asked === 1))
          return { ...structuredClone(ITEM_FAILED), request };
        const payload = structuredClone(offersFixture(asin));
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
    /** Requests answered 400 or 404, with Amazon's reason. */
    refused,
    /** Calls admitted under one authorisation (its refresh token), of one operation. */
    callsOf: (refreshToken: string, op: Operation) => callsBy.get(`${refreshToken}\n${op}`) ?? 0,
    /** How many times each ASIN's offers were asked for. */
    offersAsked: (asin: string) => offersAsked.get(asin) ?? 0,
    /** How many times each ASIN's competitive pricing was asked for (any marketplace). */
    pricingAsked: (asin: string) => pricingAsked.get(asin) ?? 0,
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
