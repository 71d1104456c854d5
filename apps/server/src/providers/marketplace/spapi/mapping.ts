import type { Offer, ProductSide, ProductSnapshot, RegionCode, SellerOffer } from '@crossmarket/domain';
import { deliveryWindow, type ShipDays } from '../delivery';
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
  /** New, Mint, Very Good, Good, Acceptable, … (Amazon writes them in lower case in its examples). */
  SubCondition?: string;
  /** The percentage of positive feedback over the past 365 days. */
  SellerFeedbackRating?: { SellerPositiveFeedbackRating?: number; FeedbackCount: number };
  /** The time until the offer ships, not until it arrives. */
  ShippingTime?: {
    minimumHours?: number;
    maximumHours?: number;
    availabilityType?: 'NOW' | 'FUTURE_WITHOUT_DATE' | 'FUTURE_WITH_DATE';
    availableDate?: string;
  };
  ListingPrice: Money;
  Shipping?: Money;
  IsFulfilledByAmazon: boolean;
  PrimeInformation?: { IsPrime: boolean; IsNationalPrime?: boolean };
  /** Up to two winners per ASIN: one eligible for Prime and one not. */
  IsBuyBoxWinner?: boolean;
}
export interface OffersPayload {
  ASIN: string;
  Summary?: {
    /** Offers of every condition (used and collectible too). */
    TotalOfferCount: number;
    NumberOfOffers?: { condition?: string; fulfillmentChannel: 'Amazon' | 'Merchant'; OfferCount: number }[];
    BuyBoxPrices?: { condition?: string }[];
  };
  Offers?: PricingOffer[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;

/** Conditions compare without case: the model's enum says `New`, its examples answer `new`. */
const isNew = (condition: string | undefined) => condition === undefined || condition.toLowerCase() === 'new';

// Units Amazon's catalogue writes (plural names), their singulars, British spellings and abbreviations.
const POUNDS_PER: Record<string, number> = {
  pounds: 1,
  pound: 1,
  lb: 1,
  lbs: 1,
  ounces: 1 / 16,
  ounce: 1 / 16,
  oz: 1 / 16,
  kilograms: 2.20462262,
  kilogram: 2.20462262,
  kg: 2.20462262,
  grams: 0.00220462262,
  gram: 0.00220462262,
  g: 0.00220462262,
};
const INCHES_PER: Record<string, number> = {
  inches: 1,
  inch: 1,
  in: 1,
  centimeters: 1 / 2.54,
  centimetres: 1 / 2.54,
  centimeter: 1 / 2.54,
  centimetre: 1 / 2.54,
  cm: 1 / 2.54,
  millimeters: 1 / 25.4,
  millimetres: 1 / 25.4,
  millimeter: 1 / 25.4,
  millimetre: 1 / 25.4,
  mm: 1 / 25.4,
};

/** A measure in our unit, or null when it is missing or in a unit we do not know (never a guess). */
function convert(m: Measure | undefined, factors: Record<string, number>): number | null {
  const factor = m ? factors[m.unit.trim().toLowerCase()] : undefined;
  return factor !== undefined && Number.isFinite(m!.value) ? m!.value * factor : null;
}

const longestFirst = (dims: readonly number[]) => [...dims].sort((a, b) => b - a);
const TIER_DIMS = SIZE_TIERS.map((t) => longestFirst(t.dims));

/** Amazon's US size tiers, from the package's weight and its sides compared longest to longest. */
function sizeTier(lb: number, dims: number[]): string {
  const sorted = longestFirst(dims);
  const tier = SIZE_TIERS.find((t, i) => lb <= t.maxLb && sorted.every((d, j) => d <= TIER_DIMS[i]![j]!));
  return (tier ?? SIZE_TIERS.at(-1)!).name;
}

/** Days until the offer ships: its hours rounded up, after the date it becomes available if it is not yet. */
function shipDays(time: PricingOffer['ShippingTime'], today: number): ShipDays | null {
  if (!time || time.availabilityType === 'FUTURE_WITHOUT_DATE') return null;
  const minHours = time.minimumHours ?? 0;
  const available = time.availableDate ? Date.parse(time.availableDate) : NaN;
  const wait = Number.isFinite(available) ? Math.max(0, Math.ceil((available - today) / DAY)) : 0;
  return {
    min: wait + Math.ceil(minHours / 24),
    max: wait + Math.ceil((time.maximumHours ?? minHours) / 24),
  };
}

export interface MappingContext {
  importRate: number;
  amazonSellerId?: string;
  /** Today at 00:00 UTC, in milliseconds. */
  today: number;
  /** The marketplace the offers are in, and where the goods would be delivered. */
  region: RegionCode;
  shipTo: RegionCode;
}

function sellerOffer(o: PricingOffer, window: Offer['s_dates'], context: MappingContext): SellerOffer {
  const price = o.ListingPrice.Amount;
  const rating = o.SellerFeedbackRating?.SellerPositiveFeedbackRating;
  return {
    seller_id: o.SellerId,
    // SP-API does not name sellers; the id is what Seller Central shows in a storefront link.
    seller_name: o.SellerId === context.amazonSellerId ? 'Amazon' : o.SellerId,
    is_fba: o.IsFulfilledByAmazon,
    is_sba: o.SellerId === context.amazonSellerId,
    coupon: null,
    // A percentage as Amazon gives it; 0 % is a rating like any other.
    rating_percent: typeof rating === 'number' && Number.isFinite(rating) ? round2(rating) : null,
    rating_count: o.SellerFeedbackRating?.FeedbackCount ?? null,
    buy_price: price,
    price,
    shipping_by: o.IsFulfilledByAmazon ? 'amazon' : 'merchant',
    shipping_fee: o.Shipping?.Amount ?? 0,
    import_fee: round2(price * context.importRate),
    delivery_date: window ? new Date(context.today + window.min_days * DAY).toISOString().slice(0, 10) : null,
  };
}

/**
 * The buy box a buyer in the target country sees. Amazon may name two winners, one Prime-eligible and
 * one not. Bought and delivered at home (the selling side), the Prime winner is what most shoppers see;
 * shipped abroad (the buying side of a cross-border report) Prime delivery does not apply, so the
 * non-Prime winner is the offer that buyer gets. With one winner, that one.
 */
export function chooseBuyBoxWinner<T extends Pick<PricingOffer, 'IsBuyBoxWinner' | 'PrimeInformation'>>(
  offers: readonly T[],
  domestic: boolean,
): T | undefined {
  const winners = offers.filter((o) => o.IsBuyBoxWinner);
  const prime = (o: T) => o.PrimeInformation?.IsPrime === true;
  return (domestic ? winners.find(prime) : winners.find((o) => !prime(o))) ?? winners[0];
}

/**
 * One product in one marketplace from its catalogue item and offers. No catalogue item means `dog`; a
 * catalogue item without an offers answer means Amazon did not answer (`noanswer`), never "no stock".
 * Counts and availability come from new-condition offers only.
 */
export function toSnapshot(
  productId: string,
  item: CatalogItem | undefined,
  offers: OffersPayload | undefined,
  context: MappingContext,
): ProductSnapshot {
  if (!item) return { product_id: productId, side: emptySide('dog'), offers: [] };
  const raw = (offers?.Offers ?? []).filter((o) => isNew(o.SubCondition));
  const windows = raw.map((o) =>
    deliveryWindow(
      shipDays(o.ShippingTime, context.today),
      context.region,
      context.shipTo,
      o.IsFulfilledByAmazon ? 'amazon' : 'merchant',
    ),
  );
  const list = raw.map((o, i) => sellerOffer(o, windows[i]!, context));
  const asOffer = (i: number): Offer => offerFrom(list[i]!, windows[i]!);
  const byLanded = list
    .map((o, i) => ({ o, i }))
    .sort((a, b) => a.o.buy_price + a.o.shipping_fee - (b.o.buy_price + b.o.shipping_fee));
  const lowest = byLanded[0];
  const lowestFba = byLanded.find((x) => x.o.is_fba);
  const winner = chooseBuyBoxWinner(raw, context.region === context.shipTo);
  const winnerIndex = winner ? raw.indexOf(winner) : -1;

  // Amazon's counts cover every condition (its own example: 4,286 offers, 15 of them new); the offers
  // list holds at most 20. New offers only, the larger of the two views.
  const counts = (offers?.Summary?.NumberOfOffers ?? []).filter((n) => isNew(n.condition));
  const sum = (list: typeof counts) => list.reduce((a, n) => a + n.OfferCount, 0);
  const total = Math.max(sum(counts), list.length);
  const fba = Math.max(
    sum(counts.filter((n) => n.fulfillmentChannel === 'Amazon')),
    list.filter((o) => o.is_fba).length,
  );
  const newBuyBoxPrices = (offers?.Summary?.BuyBoxPrices ?? []).filter((b) => isNew(b.condition));

  const summary = item.summaries?.[0];
  const ranks = item.salesRanks?.[0];
  const top = ranks?.displayGroupRanks?.[0];
  const sub = ranks?.classificationRanks?.[0];
  const pkg = item.dimensions?.[0]?.package;
  const lb = convert(pkg?.weight, POUNDS_PER);
  const sides = [pkg?.length, pkg?.width, pkg?.height].map((m) => convert(m, INCHES_PER));
  const dims = sides.every((d): d is number => d !== null) ? sides : null;
  const children = item.relationships?.[0]?.relationships.find((r) => r.type === 'VARIATION')?.childAsins;
  const side: ProductSide = {
    status: !offers ? 'noanswer' : total === 0 ? 'nostock' : 'ok',
    buybox: winnerIndex >= 0 ? asOffer(winnerIndex) : null,
    lowest: lowest ? asOffer(lowest.i) : null,
    lowest_fba: lowestFba ? asOffer(lowestFba.i) : null,
    total_prices_count: offers ? total : null,
    fba_prices_count: offers ? fba : null,
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
    has_buybox: newBuyBoxPrices.length > 0 || winnerIndex >= 0,
    has_same_brand_seller: false,
    seller_brand_count: null,
    review_count: null,
    review_rating: null,
    variation: children?.length ?? 0,
    max_order_quantity: null,
    stocks: null,
    weight: lb === null ? null : { value: round2(lb), unit: 'lb' },
    package_dimensions: dims
      ? { length: round2(dims[0]!), width: round2(dims[1]!), height: round2(dims[2]!), unit: 'in' }
      : null,
    product_size: lb !== null && dims ? { package_name: sizeTier(lb, dims) } : null,
    category_commission_rate: null,
  };
  return { product_id: productId, side, offers: list };
}
