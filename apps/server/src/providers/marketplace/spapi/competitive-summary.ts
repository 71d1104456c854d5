import type { PriceCheck } from '../types';
import { foreignCurrency } from './currency';

// The parts of getCompetitiveSummary's answer we read (productPricing_2022-05-01.json:
// CompetitiveSummaryBatchResponse). Its money is `{ amount, currencyCode }`, not v0's capitalised form.
type MoneyType = { amount: number; currencyCode?: string };
interface SegmentedFeaturedOffer {
  sellerId: string;
  condition: string;
  fulfillmentType: 'AFN' | 'MFN';
  listingPrice: MoneyType;
  shippingOptions?: { shippingOptionType: string; price: MoneyType }[];
  featuredOfferSegments: {
    customerMembership: 'PRIME' | 'NON_PRIME' | 'DEFAULT';
    segmentDetails?: { glanceViewWeightPercentage?: number };
  }[];
}
export interface CompetitiveSummaryResponse {
  status?: { statusCode: number };
  body?: {
    asin?: string;
    featuredBuyingOptions?: { buyingOptionType: string; segmentedFeaturedOffers: SegmentedFeaturedOffer[] }[];
    errors?: { code: string; message: string }[];
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The featured (buy box) offer a buyer sees: shipped abroad (the buying side of a cross-border pair)
 * Prime does not apply, so the offer featured to non-Prime customers, as a full lookup chooses
 * (`chooseBuyBoxWinner`); at home the Prime one; else the one shown when membership is unknown. Amazon
 * features offers per segment (customer type and postal code), so several may be featured to one
 * membership: the one most of those buyers see (the largest share of glance views).
 */
function featuredFor(offers: SegmentedFeaturedOffer[], domestic: boolean) {
  const to = (membership: string) => {
    let best: { offer: SegmentedFeaturedOffer; weight: number } | undefined;
    for (const offer of offers)
      for (const segment of offer.featuredOfferSegments)
        if (segment.customerMembership === membership) {
          const weight = segment.segmentDetails?.glanceViewWeightPercentage ?? 0;
          if (!best || weight > best.weight) best = { offer, weight };
        }
    return best?.offer;
  };
  return to(domestic ? 'PRIME' : 'NON_PRIME') ?? to('DEFAULT') ?? offers[0];
}

/**
 * One product's light check from getCompetitiveSummary (featured buying options): the new featured
 * offer's price, shipping, seller and fulfilment. It answers for products the seller does not list,
 * which getCompetitivePricing does not, and names its winner. No featured new offer says nothing about
 * stock (there may be offers without a buy box): `unknown`, for a full lookup; so is an item answered
 * with an error or a price in another currency (`refused` says why).
 */
export function toSummaryCheck(
  productId: string,
  response: CompetitiveSummaryResponse | undefined,
  context: { importRate: number; currency: string; domestic: boolean },
): { check: PriceCheck; refused?: string } {
  const unknown: PriceCheck = { product_id: productId, status: 'unknown', buybox: null, new_offers: null };
  if (response?.status?.statusCode !== 200 || !response.body) return { check: unknown };
  const options = response.body.featuredBuyingOptions ?? [];
  const offers = options
    .filter((o) => o.buyingOptionType.toLowerCase() === 'new')
    .flatMap((o) => o.segmentedFeaturedOffers)
    .filter((o) => o.condition.toLowerCase() === 'new');
  const featured = featuredFor(offers, context.domestic);
  if (!featured) return { check: unknown };
  const shipping = featured.shippingOptions?.find((s) => s.shippingOptionType === 'DEFAULT')?.price;
  const foreign = foreignCurrency(
    [featured.listingPrice, shipping].map((m) => m && { Amount: m.amount, CurrencyCode: m.currencyCode }),
    context.currency,
  );
  if (foreign) return { check: unknown, refused: `currency ${foreign}, not ${context.currency}` };
  const price = featured.listingPrice.amount;
  return {
    check: {
      product_id: productId,
      status: 'ok',
      buybox: {
        seller_id: featured.sellerId,
        is_fba: featured.fulfillmentType === 'AFN',
        buy_price: price,
        shipping_fee: shipping?.amount ?? 0,
        import_fee: round2(price * context.importRate),
      },
      new_offers: null,
    },
  };
}
