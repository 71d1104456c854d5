import fs from 'node:fs';
import path from 'node:path';
import { REGION_CODES } from '@crossmarket/domain';
import { sandboxSearchIdentifiers } from '../../src/providers/marketplace/sandbox-identifiers';
import { hash } from '../../src/providers/marketplace/seed';
import { currencyOf } from '../../src/providers/marketplace/spapi/currency';
import { MARKETPLACES } from '../../src/providers/marketplace/spapi/regions';

// What the SP-API stand-in answers (spapi-stand-in.ts): fixtures by ASIN prefix, and the checks Amazon's
// models make of a request.
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/spapi', name), 'utf8'));
const CATALOG_ITEM = fixture('catalog-item.json');
const CATALOG_ITEM_METRIC = fixture('catalog-item-metric.json');
const CATALOG_ITEM_DANGEROUS = fixture('catalog-item-dangerous.json');
const ITEM_OFFERS = fixture('item-offers.json');
const ITEM_OFFERS_USED = fixture('item-offers-used.json');
const ITEM_OFFERS_USED_ONLY = fixture('item-offers-used-only.json');
const ITEM_OFFERS_TWO_WINNERS = fixture('item-offers-two-winners.json');
export const ITEM_FAILED = fixture('item-offers-failed.json');
const ITEM_OFFERS_TOO_SOON = fixture('item-offers-too-soon.json');
const ITEM_OFFERS_FOREIGN = fixture('item-offers-foreign-currency.json');
const ITEM_OFFERS_LATER = fixture('item-offers-available-later.json');
const ITEM_OFFERS_NOT_LISTED = fixture('item-offers-winner-not-listed.json');
/** Amazon's own batch answer for a product nobody offers new (status NoBuyableOffers), verbatim. */
export const NO_BUYABLE_OFFERS = fixture('item-offers-no-buyable.json').response;
const NO_BUYABLE_ASIN = NO_BUYABLE_OFFERS.request.Asin as string;
const NO_BUYABLE_MARKETPLACE = NO_BUYABLE_OFFERS.request.MarketplaceId as string;

/**
 * Amazon's example offers grown to more than the 20 it lists: 35 new offers (15 FBA, 20 merchant), the
 * listed 20 from 30.00 up, and the summary's `LowestPrices` (over all 35) below them: 19.99 FBA, 17.50 +
 * 1.50 shipping merchant, as LowestPriceType writes them.
 */
function manyOffers() {
  const offers = structuredClone(ITEM_OFFERS);
  const [fba, merchant] = [offers.Offers[0], offers.Offers[2]];
  offers.Offers = Array.from({ length: 20 }, (_, i) => ({
    ...structuredClone(i % 2 === 0 ? fba : merchant),
    SellerId: `A${String(i).padStart(2, '0')}MANYSELLER`,
    IsBuyBoxWinner: i === 0,
    ListingPrice: { CurrencyCode: 'USD', Amount: 30 + i },
  }));
  const money = (Amount: number) => ({ CurrencyCode: 'USD', Amount });
  offers.Summary = {
    ...offers.Summary,
    TotalOfferCount: 35,
    NumberOfOffers: [
      { condition: 'new', fulfillmentChannel: 'Amazon', OfferCount: 15 },
      { condition: 'new', fulfillmentChannel: 'Merchant', OfferCount: 20 },
    ],
    LowestPrices: [
      {
        condition: 'new',
        fulfillmentChannel: 'Amazon',
        LandedPrice: money(19.99),
        ListingPrice: money(19.99),
        Shipping: money(0),
      },
      {
        condition: 'new',
        fulfillmentChannel: 'Merchant',
        LandedPrice: money(19),
        ListingPrice: money(17.5),
        Shipping: money(1.5),
      },
    ],
    BuyBoxPrices: [{ condition: 'New', LandedPrice: money(30), ListingPrice: money(30), Shipping: money(0) }],
  };
  return offers;
}
const MANY_OFFERS = manyOffers();

/** Nobody offers `BNOOFFER…` new anywhere, nor Amazon's example ASIN (B00KFRNZY6). */
export const offeredByNobody = (asin: string) => asin.startsWith('BNOOFFER') || asin === NO_BUYABLE_ASIN;

/**
 * Amazon's NoBuyableOffers answer for this ASIN and marketplace: the example itself for its own ASIN in
 * its own marketplace, else the example with the ASIN and marketplace replaced.
 */
export function noBuyableOffers(asin: string, marketplaceId: string) {
  return JSON.parse(
    JSON.stringify(NO_BUYABLE_OFFERS)
      .replaceAll(NO_BUYABLE_ASIN, asin)
      .replaceAll(NO_BUYABLE_MARKETPLACE, marketplaceId),
  );
}
/**
 * getCompetitivePricing's answer for ItemType=Asin: Amazon's model example (productPricingV0.json, the 200
 * response's `x-amzn-api-sandbox` static example) adapted with price ids 1 and 2, business and
 * quantity-tier prices and seller ids (its `_source` says how). Its item is every answered ASIN's template.
 */
const COMPETITIVE_PRICING = fixture('competitive-pricing-buy-boxes.json');

/** Each marketplace answers in its own currency, as Amazon does. */
const CURRENCY_OF_MARKETPLACE = new Map(REGION_CODES.map((r) => [MARKETPLACES[r].id, currencyOf(r)]));
/** The fixture with every `CurrencyCode` set to the marketplace's currency. */
export function inCurrencyOf<T>(value: T, marketplaceId: string): T {
  const currency = CURRENCY_OF_MARKETPLACE.get(marketplaceId) ?? 'USD';
  return JSON.parse(JSON.stringify(value), (key, v) => (key === 'CurrencyCode' ? currency : v)) as T;
}

/**
 * Which fixture answers for an ASIN, by its first letters (ASINs are B + 9 letters or digits):
 * - `BDOG…` is unknown to the catalogue;
 * - `BMETRIC…` is measured in millimetres and ounces; `BHAZ…` is dangerous goods (a regulation, lithium
 *   batteries included, 18.5 Wh);
 * - `BUSED…` has Amazon's own example offers (4,286 offers, 15 of them new), `BONLYUSED…` only used and
 *   collectible ones, `BTWOWIN…` two buy box winners (one Prime FBA, one non-Prime merchant);
 * - `BSOON…` is not processed yet (ActiveButTooSoonForProcessing), `BFOREIGN…` is priced in EUR
 *   whatever the marketplace, `BLATER…` has offers available only later, `BOUTSIDE…` a buy box winner
 *   outside the listed offers;
 * - `BFAIL…` fails inside every batch (a per-item 429), `BFLAKY…` only the first time it is asked;
 * - `BMANY…` has 35 new offers, 20 listed, the lowest ones only in the summary's `LowestPrices`;
 * - `BPROMO…`'s featured offer carries a 2.00 coupon (getCompetitiveSummary's `promotions`);
 * - `BMINE…` has the example offers with the buy box winner marked `MyOffer` (the caller's own);
 * - `BNOOFFER…` (and Amazon's example ASIN B00KFRNZY6) has no offers at all: Amazon's NoBuyableOffers
 *   answer, no competitive price and no featured offer;
 * - in getCompetitivePricing, `BNOBB…` has new offers but no buy box, `BNONEW…` no new offer, and
 *   `BDOG…` is not answered (a status other than Success, no competitive pricing).
 */
export const catalogFixture = (asin: string) =>
  asin.startsWith('BMETRIC')
    ? CATALOG_ITEM_METRIC
    : asin.startsWith('BHAZ')
      ? CATALOG_ITEM_DANGEROUS
      : CATALOG_ITEM;
const OFFERS_BY_PREFIX: [string, unknown][] = [
  ['BSOON', ITEM_OFFERS_TOO_SOON],
  ['BFOREIGN', ITEM_OFFERS_FOREIGN],
  ['BLATER', ITEM_OFFERS_LATER],
  ['BOUTSIDE', ITEM_OFFERS_NOT_LISTED],
  ['BMANY', MANY_OFFERS],
];
export const offersFixture = (asin: string) =>
  OFFERS_BY_PREFIX.find(([prefix]) => asin.startsWith(prefix))?.[1] ??
  (asin.startsWith('BONLYUSED')
    ? ITEM_OFFERS_USED_ONLY
    : asin.startsWith('BUSED')
      ? ITEM_OFFERS_USED
      : asin.startsWith('BTWOWIN')
        ? ITEM_OFFERS_TWO_WINNERS
        : ITEM_OFFERS);

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
export const ITEM_OFFERS_URI = /^\/products\/pricing\/v0\/items\/([A-Za-z0-9]+)\/offers$/;

/** What is wrong with a searchCatalogItems query, as Amazon's model defines it; null when it is fine. */
export function catalogQueryProblem(q: URLSearchParams): string | null {
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

/**
 * searchCatalogItems by UPC, EAN, GTIN or ISBN: the products the sandbox's search decides (so both answer
 * alike), shaped as Amazon's items with `identifiers` and `summaries` (packageQuantity, itemClassification),
 * plus, for one identifier in ten, its variation parent (which carries it too, as Amazon's do). Paged by
 * `pageSize` with `pagination.nextToken`; the identifier is written back as the query gave it.
 */
export function identifierSearch(ids: string[], q: URLSearchParams, marketplaceId: string) {
  const type = q.get('identifiersType')!;
  const matches = sandboxSearchIdentifiers(
    ids.map((value) => ({ kind: type as 'UPC', value })),
    'us',
    () => null,
  );
  interface Found {
    asin: string;
    carried: string[];
    summary: Record<string, unknown>;
  }
  const byAsin = new Map<string, Found>();
  ids.forEach((id, i) => {
    const found: { asin: string; summary: Record<string, unknown> }[] = matches[i]!.map((m) => ({
      asin: m.asin,
      summary: {
        itemName: `Stand-in product ${m.asin}`,
        brand: 'Stand-in',
        itemClassification: m.bundle ? 'PRODUCT_BUNDLE' : 'BASE_PRODUCT',
        ...(m.package_quantity === null ? {} : { packageQuantity: m.package_quantity }),
      },
    }));
    if (found.length > 0 && hash(`parent:${id}`) % 10 === 0) {
      found.push({
        asin: `BPARENT${String(hash(id) % 1000).padStart(3, '0')}`,
        summary: { itemName: 'Variation parent', brand: 'Stand-in', itemClassification: 'VARIATION_PARENT' },
      });
    }
    for (const f of found) {
      const item: Found = byAsin.get(f.asin) ?? { asin: f.asin, carried: [], summary: f.summary };
      item.carried.push(id);
      byAsin.set(f.asin, item);
    }
  });
  const all = [...byAsin.values()].map((item) => ({
    asin: item.asin,
    identifiers: [
      {
        marketplaceId,
        identifiers: item.carried.map((identifier) => ({ identifierType: type, identifier })),
      },
    ],
    summaries: [{ marketplaceId, ...item.summary }],
  }));
  const size = Number(q.get('pageSize') ?? 10);
  const from = q.get('pageToken') ? Number(Buffer.from(q.get('pageToken')!, 'base64url').toString()) : 0;
  const items = all.slice(from, from + size);
  const next = from + size < all.length ? Buffer.from(String(from + size)).toString('base64url') : null;
  return {
    numberOfResults: all.length,
    ...(next ? { pagination: { nextToken: next } } : {}),
    items,
  };
}

interface BatchItemRequest {
  uri?: unknown;
  method?: unknown;
  MarketplaceId?: unknown;
  ItemCondition?: unknown;
  CustomerType?: unknown;
}

/** What is wrong with a getCompetitivePricing query (productPricingV0.json); null when it is fine. */
export function competitivePricingProblem(q: URLSearchParams): string | null {
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

/**
 * One ASIN's competitive pricing: the adapted model example (a new and a used buy box, a business and a
 * quantity-tier price, seller ids), in the marketplace's currency, with the buy box or offers taken away
 * as named. An ASIN the seller does not list (`listed` says no) gets `Success` with nothing in it, as
 * Amazon is reported to answer (docs/decisions.md, "Light checks of products the seller does not list").
 */
export function competitivePricing(asin: string, marketplaceId: string, listed: boolean, nobody = false) {
  if (asin.startsWith('BDOG')) return { status: 'ClientError', ASIN: asin };
  const item = inCurrencyOf(structuredClone(COMPETITIVE_PRICING.payload[0]), marketplaceId);
  item.ASIN = asin;
  item.Product.Identifiers.MarketplaceASIN = { MarketplaceId: marketplaceId, ASIN: asin };
  const pricing = item.Product.CompetitivePricing;
  if (asin.startsWith('BNOBB') || asin.startsWith('BNONEW')) pricing.CompetitivePrices = [];
  if (asin.startsWith('BNONEW')) pricing.NumberOfOfferListings = [{ Count: 2, condition: 'used' }];
  if (!listed || nobody) {
    pricing.CompetitivePrices = [];
    pricing.NumberOfOfferListings = [];
  }
  return item;
}

const SUMMARY_URI = '/products/pricing/2022-05-01/items/competitiveSummary';
const SUMMARY_INCLUDED = ['featuredBuyingOptions', 'referencePrices', 'lowestPricedOffers', 'similarItems'];

/** What is wrong with a getCompetitiveSummary body (productPricing_2022-05-01.json); null when fine. */
export function competitiveSummaryProblem(body: unknown): string | null {
  const requests = (body as { requests?: unknown } | null)?.requests;
  if (!Array.isArray(requests)) return "Missing required 'requests'";
  if (requests.length < 1 || requests.length > 20) return "'requests' must hold 1 to 20 requests";
  for (const [i, r] of (requests as Record<string, unknown>[]).entries()) {
    if (typeof r?.asin !== 'string' || !r.asin) return `requests[${i}]: 'asin' is required`;
    if (typeof r.marketplaceId !== 'string' || !r.marketplaceId)
      return `requests[${i}]: 'marketplaceId' is required`;
    const included = r.includedData;
    if (!Array.isArray(included) || included.length === 0)
      return `requests[${i}]: 'includedData' is required`;
    if (included.some((d) => !SUMMARY_INCLUDED.includes(d as string)))
      return `requests[${i}]: invalid 'includedData'`;
    if (r.method !== 'GET') return `requests[${i}]: 'method' must be GET`;
    if (r.uri !== SUMMARY_URI) return `requests[${i}]: 'uri' must be ${SUMMARY_URI}`;
  }
  return null;
}

type OffersFixture = {
  Offers: {
    SellerId: string;
    IsBuyBoxWinner?: boolean;
    IsFulfilledByAmazon: boolean;
    PrimeInformation?: { IsPrime: boolean };
    ListingPrice: { CurrencyCode: string; Amount: number };
    Shipping?: { CurrencyCode: string; Amount: number };
  }[];
};

/**
 * One ASIN's competitive summary, shaped like the model's example: the featured new offers are the
 * winners of the same ASIN's offers fixture (one winner is featured to everyone; of two, the Prime one to
 * Prime members), in the marketplace's currency. `BDOG…` is answered 404, `BNOBB…`/`BNONEW…` have no
 * featured offer.
 */
export function competitiveSummary(asin: string, marketplaceId: string, nobody = false) {
  if (asin.startsWith('BDOG'))
    return {
      status: { statusCode: 404, reasonPhrase: 'Not Found' },
      body: { asin, marketplaceId, errors: [{ code: 'NOT_FOUND', message: 'Item not found.' }] },
    };
  const offers =
    inCurrencyOf(structuredClone(offersFixture(asin)) as OffersFixture, marketplaceId).Offers ?? [];
  const winners =
    nobody || asin.startsWith('BNOBB') || asin.startsWith('BNONEW')
      ? []
      : offers.filter((o) => o.IsBuyBoxWinner);
  const segments = (o: OffersFixture['Offers'][number]) =>
    winners.length === 1 ? ['NON_PRIME', 'PRIME'] : [o.PrimeInformation?.IsPrime ? 'PRIME' : 'NON_PRIME'];
  const money = (m: { CurrencyCode: string; Amount: number }) => ({
    amount: m.Amount,
    currencyCode: m.CurrencyCode,
  });
  return {
    status: { statusCode: 200, reasonPhrase: 'Success' },
    body: {
      asin,
      marketplaceId,
      featuredBuyingOptions: [
        {
          buyingOptionType: 'New',
          segmentedFeaturedOffers: winners.map((o) => ({
            sellerId: o.SellerId,
            condition: 'New',
            fulfillmentType: o.IsFulfilledByAmazon ? 'AFN' : 'MFN',
            listingPrice: money(o.ListingPrice),
            // `BPROMO…`: Amazon's example promotions, a 2.00 coupon and a basket-building 10 %.
            ...(asin.startsWith('BPROMO')
              ? {
                  promotions: [
                    {
                      promotionType: 'COUPON',
                      promotionSavings: {
                        discount: { type: 'AMOUNT_OFF', amountOff: money({ ...o.ListingPrice, Amount: 2 }) },
                        discountedPrice: money({
                          ...o.ListingPrice,
                          Amount: Math.round((o.ListingPrice.Amount - 2) * 100) / 100,
                        }),
                      },
                    },
                    {
                      promotionType: 'BASKET_BUILDING',
                      promotionSavings: { discount: { type: 'PERCENTAGE_OFF', percentOff: 10 } },
                      purchaseRequirements: {
                        condition: {
                          amountThreshold: {
                            type: 'AT_LEAST',
                            currency: money({ ...o.ListingPrice, Amount: 30 }),
                          },
                        },
                      },
                    },
                  ],
                }
              : {}),
            shippingOptions: o.Shipping ? [{ shippingOptionType: 'DEFAULT', price: money(o.Shipping) }] : [],
            featuredOfferSegments: segments(o).map((customerMembership) => ({
              customerMembership,
              segmentDetails: { glanceViewWeightPercentage: 50 },
            })),
          })),
        },
      ],
    },
  };
}

/** What is wrong with a getItemOffersBatch body (GetItemOffersBatchRequest); null when it is fine. */
export function offersBatchProblem(body: unknown): string | null {
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

const LISTINGS_APPROVAL = fixture('listings-restrictions-approval.json');
const LISTINGS_NOT_ELIGIBLE = fixture('listings-restrictions-not-eligible.json');
const CONDITION_TYPES = [
  'new_new',
  'new_open_box',
  'new_oem',
  'refurbished_refurbished',
  'used_like_new',
  'used_very_good',
  'used_good',
  'used_acceptable',
  'collectible_like_new',
  'collectible_very_good',
  'collectible_good',
  'collectible_acceptable',
  'club_club',
];

/** What is wrong with a getListingsRestrictions query (listingsRestrictions_2021-08-01.json); null when fine. */
export function listingsRestrictionsProblem(q: URLSearchParams): string | null {
  if (!q.get('asin')) return "Missing required parameter 'asin'";
  if (!q.get('sellerId')) return "Missing required parameter 'sellerId'";
  if (!q.get('marketplaceIds')) return "Missing required parameter 'marketplaceIds'";
  const condition = q.get('conditionType');
  if (condition !== null && !CONDITION_TYPES.includes(condition)) return "invalid 'conditionType'";
  return null;
}

/**
 * One ASIN's restrictions for new goods: `BGATED…` needs approval (a link naming the ASIN), `BNOLIST…` (or
 * any the caller marks `notEligible`) is not eligible, any other has none (it can be listed).
 */
export function listingsRestrictions(asin: string, marketplaceId: string, notEligible = false) {
  const base = asin.startsWith('BGATED')
    ? LISTINGS_APPROVAL
    : notEligible || asin.startsWith('BNOLIST')
      ? LISTINGS_NOT_ELIGIBLE
      : { restrictions: [] };
  const answer = JSON.parse(JSON.stringify(base).replaceAll('B0000ASIN1', asin));
  for (const r of answer.restrictions) r.marketplaceId = marketplaceId;
  delete answer._source;
  return answer;
}

const FEES_ESTIMATE = fixture('fees-estimate-referral-closing.json');
type FeesItemRequest = {
  IdType?: unknown;
  IdValue?: unknown;
  FeesEstimateRequest?: {
    MarketplaceId?: unknown;
    IsAmazonFulfilled?: unknown;
    Identifier?: unknown;
    PriceToEstimateFees?: {
      ListingPrice?: { CurrencyCode?: unknown; Amount?: unknown };
      Shipping?: { CurrencyCode?: unknown; Amount?: unknown };
    };
  };
};

/** What is wrong with a getMyFeesEstimates body (GetMyFeesEstimatesRequest, productFeesV0.json); null when fine. */
export function feesEstimatesProblem(body: unknown): string | null {
  if (!Array.isArray(body)) return 'The body must be an array of FeesEstimateByIdRequest';
  if (body.length < 1 || body.length > 20) return 'The body must hold 1 to 20 requests';
  for (const [i, r] of (body as FeesItemRequest[]).entries()) {
    if (r?.IdType !== 'ASIN' && r?.IdType !== 'SellerSKU')
      return `[${i}]: 'IdType' is required (ASIN, SellerSKU)`;
    if (typeof r.IdValue !== 'string' || !r.IdValue) return `[${i}]: 'IdValue' is required`;
    const q = r.FeesEstimateRequest;
    if (!q) return `[${i}]: 'FeesEstimateRequest' is required`;
    if (typeof q.MarketplaceId !== 'string' || !q.MarketplaceId) return `[${i}]: 'MarketplaceId' is required`;
    if (typeof q.Identifier !== 'string' || !q.Identifier) return `[${i}]: 'Identifier' is required`;
    const price = q.PriceToEstimateFees?.ListingPrice;
    if (typeof price?.Amount !== 'number' || typeof price.CurrencyCode !== 'string')
      return `[${i}]: 'PriceToEstimateFees.ListingPrice' is required`;
  }
  return null;
}

/**
 * One item's estimate, merchant-fulfilled: a 15 % referral fee (at least 0.30) in the currency asked,
 * and the closing fee of the example for `BMEDIA…` ASINs only; `BNOFEE…` gets Amazon's ClientError.
 */
export function feesEstimate(request: FeesItemRequest) {
  const q = request.FeesEstimateRequest!;
  const price = q.PriceToEstimateFees!.ListingPrice as { CurrencyCode: string; Amount: number };
  const shipping = (q.PriceToEstimateFees!.Shipping as
    { CurrencyCode: string; Amount: number } | undefined) ?? {
    CurrencyCode: price.CurrencyCode,
    Amount: 0,
  };
  const asin = request.IdValue as string;
  const answer = structuredClone(FEES_ESTIMATE);
  delete answer._source;
  Object.assign(answer.FeesEstimateIdentifier, {
    MarketplaceId: q.MarketplaceId,
    SellerInputIdentifier: q.Identifier,
    IdValue: asin,
    IdType: request.IdType,
    PriceToEstimateFees: { ListingPrice: price, Shipping: shipping },
  });
  if (asin.startsWith('BNOFEE'))
    return {
      ...answer,
      Status: 'ClientError',
      FeesEstimate: undefined,
      Error: {
        Type: 'Sender',
        Code: 'InvalidParameterValue',
        Message: 'The item is not available.',
        Detail: [],
      },
    };
  const money = (amount: number) => ({ CurrencyCode: price.CurrencyCode, Amount: amount });
  // Merchant-fulfilled: the referral fee is charged on the price plus shipping.
  const referral = Math.round(Math.max((price.Amount + shipping.Amount) * 0.15, 0.3) * 100) / 100;
  const closing = asin.startsWith('BMEDIA') ? 1.8 : 0;
  // `BITEMFEE…`: an Individual plan's per-item fee besides (a line we do not count).
  const perItem = asin.startsWith('BITEMFEE') ? 0.99 : 0;
  answer.FeesEstimate.TotalFeesEstimate = money(Math.round((referral + closing + perItem) * 100) / 100);
  answer.FeesEstimate.FeeDetailList = [
    { FeeType: 'ReferralFee', FeeAmount: money(referral), FeePromotion: money(0), FinalFee: money(referral) },
    {
      FeeType: 'VariableClosingFee',
      FeeAmount: money(closing),
      FeePromotion: money(0),
      FinalFee: money(closing),
    },
    ...(perItem
      ? [
          {
            FeeType: 'PerItemFee',
            FeeAmount: money(perItem),
            FeePromotion: money(0),
            FinalFee: money(perItem),
          },
        ]
      : []),
  ];
  return answer;
}
