import type { Offer, ProductSide, ProductSnapshot, SellerOffer } from '@crossmarket/domain';
import { emptySide } from '../empty-side';
import { offerFrom } from '../offer';
import { SIZE_TIERS } from '../sandbox-catalog';

// The parts of Amazon's documented response models we read (catalogItems 2022-04-01, productPricing v0).
type Measure = { unit: string; value: number };
export interface CatalogItem {
  asin: string;
  summaries?: {
    brand?: string;
    itemName?: string;
    browseClassification?: { displayName: string };
    websiteDisplayGroupName?: string;
  }[];
  salesRanks?: {
    classificationRanks?: { title: string; rank: number }[];
    displayGroupRanks?: { title: string; rank: number }[];
  }[];
  dimensions?: { package?: { height?: Measure; length?: Measure; width?: Measure; weight?: Measure } }[];
  images?: { images: { variant: string; link: string }[] }[];
  relationships?: { relationships: { type: string; childAsins?: string[] }[] }[];
}

type Money = { CurrencyCode: string; Amount: number };
export interface PricingOffer {
  SellerId: string;
  SellerFeedbackRating?: { SellerPositiveFeedbackRating?: number; FeedbackCount: number };
  ShippingTime?: { minimumHours?: number; maximumHours?: number };
  ListingPrice: Money;
  Shipping?: Money;
  IsFulfilledByAmazon: boolean;
  PrimeInformation?: { IsPrime: boolean };
  IsBuyBoxWinner?: boolean;
}
export interface OffersPayload {
  ASIN: string;
  Summary?: {
    TotalOfferCount: number;
    NumberOfOffers?: { fulfillmentChannel: 'Amazon' | 'Merchant'; OfferCount: number }[];
    BuyBoxPrices?: unknown[];
  };
  Offers?: PricingOffer[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;

const toLb = (m?: Measure) =>
  !m ? null : /kilo/i.test(m.unit) ? m.value * 2.20462 : /gram/i.test(m.unit) ? m.value / 453.592 : m.value;
const toIn = (m?: Measure) => (!m ? 0 : /centi/i.test(m.unit) ? m.value / 2.54 : m.value);

const longestFirst = (dims: readonly number[]) => [...dims].sort((a, b) => b - a);
const TIER_DIMS = SIZE_TIERS.map((t) => longestFirst(t.dims));

/** Amazon's US size tiers, from the package's weight and its sides compared longest to longest. */
function sizeTier(lb: number | null, dims: number[]): string | null {
  if (lb === null) return null;
  const sorted = longestFirst(dims);
  const tier = SIZE_TIERS.find((t, i) => lb <= t.maxLb && sorted.every((d, j) => d <= TIER_DIMS[i]![j]!));
  return (tier ?? SIZE_TIERS.at(-1)!).name;
}

function sellerOffer(
  o: PricingOffer,
  importRate: number,
  amazonSellerId: string | undefined,
  today: number,
): SellerOffer {
  const price = o.ListingPrice.Amount;
  const days = Math.ceil((o.ShippingTime?.minimumHours ?? 48) / 24);
  return {
    seller_id: o.SellerId,
    // SP-API does not name sellers; the id is what Seller Central shows in a storefront link.
    seller_name: o.SellerId === amazonSellerId ? 'Amazon' : o.SellerId,
    is_fba: o.IsFulfilledByAmazon,
    is_sba: o.SellerId === amazonSellerId,
    coupon: null,
    rating_average: o.SellerFeedbackRating?.SellerPositiveFeedbackRating
      ? round2(o.SellerFeedbackRating.SellerPositiveFeedbackRating / 20)
      : null,
    rating_count: o.SellerFeedbackRating?.FeedbackCount ?? null,
    buy_price: price,
    price,
    shipping_by: o.IsFulfilledByAmazon ? 'amazon' : 'merchant',
    shipping_fee: o.Shipping?.Amount ?? 0,
    import_fee: round2(price * importRate),
    delivery_date: new Date(today + days * DAY).toISOString().slice(0, 10),
  };
}

const asOffer = (o: SellerOffer, hours?: PricingOffer['ShippingTime']): Offer =>
  offerFrom(
    o,
    hours
      ? {
          min_days: Math.ceil((hours.minimumHours ?? 0) / 24),
          max_days: Math.ceil((hours.maximumHours ?? hours.minimumHours ?? 0) / 24),
        }
      : null,
  );

/** One product in one marketplace from its catalogue item and offers; no catalogue item means `dog`. */
export function toSnapshot(
  productId: string,
  item: CatalogItem | undefined,
  offers: OffersPayload | undefined,
  context: { importRate: number; amazonSellerId?: string; today: number },
): ProductSnapshot {
  if (!item) return { product_id: productId, side: emptySide('dog'), offers: [] };
  const raw = offers?.Offers ?? [];
  const list = raw.map((o) => sellerOffer(o, context.importRate, context.amazonSellerId, context.today));
  const byLanded = list
    .map((o, i) => ({ o, i }))
    .sort((a, b) => a.o.buy_price + a.o.shipping_fee - (b.o.buy_price + b.o.shipping_fee));
  const lowest = byLanded[0];
  const lowestFba = byLanded.find((x) => x.o.is_fba);
  const winnerIndex = raw.findIndex((o) => o.IsBuyBoxWinner);
  const summary = item.summaries?.[0];
  const ranks = item.salesRanks?.[0];
  const top = ranks?.displayGroupRanks?.[0];
  const sub = ranks?.classificationRanks?.[0];
  const pkg = item.dimensions?.[0]?.package;
  const lb = toLb(pkg?.weight);
  const dims = [toIn(pkg?.length), toIn(pkg?.width), toIn(pkg?.height)];
  const total = offers?.Summary?.TotalOfferCount ?? raw.length;
  const children = item.relationships?.[0]?.relationships.find((r) => r.type === 'VARIATION')?.childAsins;
  const side: ProductSide = {
    status: total === 0 ? 'nostock' : 'ok',
    buybox: winnerIndex >= 0 ? asOffer(list[winnerIndex]!, raw[winnerIndex]!.ShippingTime) : null,
    lowest: lowest ? asOffer(lowest.o, raw[lowest.i]!.ShippingTime) : null,
    lowest_fba: lowestFba ? asOffer(lowestFba.o, raw[lowestFba.i]!.ShippingTime) : null,
    total_prices_count: total,
    fba_prices_count:
      offers?.Summary?.NumberOfOffers?.filter((n) => n.fulfillmentChannel === 'Amazon').reduce(
        (a, n) => a + n.OfferCount,
        0,
      ) ?? list.filter((o) => o.is_fba).length,
    average_price: list.length ? round2(list.reduce((a, o) => a + o.buy_price, 0) / list.length) : null,
    coupon: null,
    sales_rank: top
      ? { rank: top.rank, category: top.title, level: 'top' }
      : sub
        ? { rank: sub.rank, category: sub.title, level: 'sub' }
        : null,
    categories: [summary?.websiteDisplayGroupName, summary?.browseClassification?.displayName].filter(
      (c): c is string => Boolean(c),
    ),
    brand: summary?.brand ?? null,
    title: summary?.itemName ?? null,
    image: item.images?.[0]?.images.find((i) => i.variant === 'MAIN')?.link ?? null,
    is_prime: raw.some((o) => o.PrimeInformation?.IsPrime),
    is_amazonchoice: false,
    is_sba: list.some((o) => o.is_sba),
    has_buybox: (offers?.Summary?.BuyBoxPrices?.length ?? 0) > 0 || winnerIndex >= 0,
    has_same_brand_seller: false,
    seller_brand_count: null,
    review_count: null,
    review_rating: null,
    variation: children?.length ?? 0,
    max_order_quantity: null,
    stocks: null,
    weight: lb === null ? null : { value: round2(lb), unit: 'lb' },
    package_dimensions: pkg?.length
      ? { length: round2(dims[0]!), width: round2(dims[1]!), height: round2(dims[2]!), unit: 'in' }
      : null,
    product_size: lb === null ? null : { package_name: sizeTier(lb, dims)! },
    category_commission_rate: null,
  };
  return { product_id: productId, side, offers: list };
}
