import type { Money } from './currency';
import { cachedDangerousGoods } from './dangerous-goods';
import type { BuyBoxPrice, CatalogItem, OffersPayload, PricingOffer } from './mapping';
import type { Measure } from './measures';

// What the shared lookup cache keeps of Amazon's answers: the members `mapping.ts` reads, copied one by
// one, nothing else. An allow-list rather than dropping the members known to be the caller's own
// (`MyOffer`, `SellerSKU`): a member Amazon adds later, the asking seller's or not, never reaches another
// seller's lookup. Reading a new member in the mapping means adding it here too (the cache test says so).

/** Keeps the listed keys whose value is present. */
function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

const money = (m: Money | undefined): Money | undefined =>
  m && { Amount: m.Amount, ...(m.CurrencyCode !== undefined && { CurrencyCode: m.CurrencyCode }) };
const measure = (m: Measure | undefined): Measure | undefined => m && { unit: m.unit, value: m.value };

function offer(o: PricingOffer): PricingOffer {
  return {
    ...pick(o, ['SellerId', 'SubCondition', 'IsFulfilledByAmazon', 'IsBuyBoxWinner']),
    ListingPrice: money(o.ListingPrice)!,
    ...(o.Shipping && { Shipping: money(o.Shipping) }),
    ...(o.SellerFeedbackRating && {
      SellerFeedbackRating: pick(o.SellerFeedbackRating, ['SellerPositiveFeedbackRating', 'FeedbackCount']),
    }),
    ...(o.ShippingTime && {
      ShippingTime: pick(o.ShippingTime, [
        'minimumHours',
        'maximumHours',
        'availabilityType',
        'availableDate',
      ]),
    }),
    ...(o.PrimeInformation && { PrimeInformation: pick(o.PrimeInformation, ['IsPrime', 'IsNationalPrime']) }),
  };
}

function buyBoxPrice(b: BuyBoxPrice): BuyBoxPrice {
  return {
    ...pick(b, ['condition', 'offerType', 'quantityTier', 'sellerId']),
    ...(b.LandedPrice && { LandedPrice: money(b.LandedPrice) }),
    ...(b.ListingPrice && { ListingPrice: money(b.ListingPrice) }),
    ...(b.Shipping && { Shipping: money(b.Shipping) }),
  };
}

/** The offers answer as the cache keeps it (see above). */
export function cachedOffers(offers: OffersPayload): OffersPayload {
  const summary = offers.Summary;
  return {
    ...pick(offers, ['ASIN', 'status']),
    ...(summary && {
      Summary: {
        ...pick(summary, ['TotalOfferCount', 'OffersAvailableTime']),
        ...(summary.NumberOfOffers && {
          NumberOfOffers: summary.NumberOfOffers.map((n) =>
            pick(n, ['condition', 'fulfillmentChannel', 'OfferCount']),
          ),
        }),
        ...(summary.BuyBoxPrices && { BuyBoxPrices: summary.BuyBoxPrices.map(buyBoxPrice) }),
      },
    }),
    ...(offers.Offers && { Offers: offers.Offers.map(offer) }),
  };
}

/** The catalogue item as the cache keeps it (see above). */
export function cachedCatalog(item: CatalogItem): CatalogItem {
  return {
    asin: item.asin,
    ...(item.summaries && {
      summaries: item.summaries.map((s) => ({
        ...pick(s, ['brand', 'itemName', 'websiteDisplayGroupName']),
        ...(s.browseClassification && {
          browseClassification: { displayName: s.browseClassification.displayName },
        }),
      })),
    }),
    ...(item.salesRanks && {
      salesRanks: item.salesRanks.map((r) => ({
        ...(r.classificationRanks && {
          classificationRanks: r.classificationRanks.map((c) => ({ title: c.title, rank: c.rank })),
        }),
        ...(r.displayGroupRanks && {
          displayGroupRanks: r.displayGroupRanks.map((c) => ({ title: c.title, rank: c.rank })),
        }),
      })),
    }),
    ...(item.dimensions && {
      dimensions: item.dimensions.map((d) => ({
        ...(d.package && {
          package: {
            ...(d.package.height && { height: measure(d.package.height) }),
            ...(d.package.length && { length: measure(d.package.length) }),
            ...(d.package.width && { width: measure(d.package.width) }),
            ...(d.package.weight && { weight: measure(d.package.weight) }),
          },
        }),
      })),
    }),
    ...(item.images && {
      images: item.images.map((i) => ({
        images: i.images.map((x) => ({ variant: x.variant, link: x.link })),
      })),
    }),
    ...(item.relationships && {
      relationships: item.relationships.map((r) => ({
        relationships: r.relationships.map((x) => ({
          type: x.type,
          ...(x.childAsins && { childAsins: [...x.childAsins] }),
        })),
      })),
    }),
    ...(item.attributes && { attributes: cachedDangerousGoods(item.attributes) }),
  };
}
