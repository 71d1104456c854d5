import type { Coupon } from '@crossmarket/domain';
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
  /** Live promotions; `listingPrice` excludes them (the model: "doesn't include … applicable promotions"). */
  promotions?: Promotion[];
  featuredOfferSegments: {
    customerMembership: 'PRIME' | 'NON_PRIME' | 'DEFAULT';
    segmentDetails?: { glanceViewWeightPercentage?: number };
  }[];
}
interface Promotion {
  /** COUPON, DEAL or BASKET_BUILDING (the last needs a basket the buyer of one item does not make). */
  promotionType: string;
  promotionSavings: {
    discount?: { type?: string; amountOff?: MoneyType; percentOff?: number };
    discountedPrice?: MoneyType;
  };
  purchaseRequirements?: unknown;
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

/** A promotion's price for one item: Amazon's discounted price, else the listing price less its discount. */
function discounted(listing: number, p: Promotion): number | null {
  const savings = p.promotionSavings;
  if (savings.discountedPrice) return savings.discountedPrice.amount;
  const d = savings.discount;
  if (d?.amountOff) return listing - d.amountOff.amount;
  if (typeof d?.percentOff === 'number') return listing * (1 - d.percentOff / 100);
  return null;
}

/**
 * What the buyer of one item pays, and the coupon among the promotions: a coupon or a deal applies to one
 * item; a basket-building promotion (or any with purchase requirements) needs more, so it is left out.
 * Of several, the lowest price.
 */
export function promotedPrice(offer: { listingPrice: MoneyType; promotions?: Promotion[] }): {
  price: number;
  coupon: Coupon | null;
  promotions: MoneyType[];
} {
  const listing = offer.listingPrice.amount;
  let price = listing;
  let coupon: Coupon | null = null;
  const money: MoneyType[] = [];
  for (const p of offer.promotions ?? []) {
    const type = p.promotionType.toUpperCase();
    if ((type !== 'COUPON' && type !== 'DEAL') || p.purchaseRequirements) continue;
    const savings = p.promotionSavings;
    if (savings.discountedPrice) money.push(savings.discountedPrice);
    if (savings.discount?.amountOff) money.push(savings.discount.amountOff);
    const after = discounted(listing, p);
    if (after === null || !(after >= 0) || after >= price) continue;
    price = after;
    if (type === 'COUPON') {
      const d = savings.discount;
      coupon =
        typeof d?.percentOff === 'number'
          ? { type: 'percent', value: d.percentOff }
          : { type: 'dollar', value: round2(listing - after) };
    } else coupon = null;
  }
  return { price: round2(price), coupon, promotions: money };
}

/**
 * One product's light check from getCompetitiveSummary (featured buying options): the new featured
 * offer's price after its coupon or deal (and the coupon), shipping, seller and fulfilment. It answers for products the seller does not list,
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
  // The price the buyer pays: a live coupon or deal lowers it below the listing price.
  const promoted = promotedPrice(featured);
  const foreign = foreignCurrency(
    [featured.listingPrice, shipping, ...promoted.promotions].map(
      (m) => m && { Amount: m.amount, CurrencyCode: m.currencyCode },
    ),
    context.currency,
  );
  if (foreign) return { check: unknown, refused: `currency ${foreign}, not ${context.currency}` };
  const price = promoted.price;
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
      coupon: promoted.coupon,
    },
  };
}
