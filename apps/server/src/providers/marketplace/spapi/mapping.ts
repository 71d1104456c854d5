import type { Offer, ProductSide, ProductSnapshot, RegionCode, SellerOffer } from '@crossmarket/domain';
import { deliveryWindow, type ShipDays } from '../delivery';
import { emptySide } from '../empty-side';
import { offerFrom } from '../offer';
import { dangerousGoodsFrom, type DangerousGoodsAttributes } from './dangerous-goods';
import { foreignCurrency, type Money } from './currency';
import { convert, INCHES_PER, POUNDS_PER, sizeTier, type Measure } from './measures';

// The parts of Amazon's documented response models we read (catalogItems 2022-04-01, productPricing v0).
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
  /** Only the dangerous goods members are read (dangerous-goods.ts). */
  attributes?: DangerousGoodsAttributes;
}

type Availability = 'NOW' | 'FUTURE_WITHOUT_DATE' | 'FUTURE_WITH_DATE';
export interface PricingOffer {
  /** Optional in the model (OfferDetail does not require it); absent or "" is an unknown seller. */
  SellerId?: string;
  /** True on the calling seller's own offer (the authorisation's, so only read under the seller's own). */
  MyOffer?: boolean;
  /** New, Mint, Very Good, Good, Acceptable, OEM, Open Box, … (Amazon writes them in lower case in its examples). */
  SubCondition?: string;
  /** The percentage of positive feedback over the past 365 days. */
  SellerFeedbackRating?: { SellerPositiveFeedbackRating?: number; FeedbackCount: number };
  /** The time until the offer ships, not until it arrives. */
  ShippingTime?: {
    minimumHours?: number;
    maximumHours?: number;
    availabilityType?: Availability;
    availableDate?: string;
  };
  ListingPrice: Money;
  Shipping?: Money;
  IsFulfilledByAmazon: boolean;
  PrimeInformation?: { IsPrime: boolean; IsNationalPrime?: boolean };
  /** Up to two winners per ASIN: one eligible for Prime and one not. */
  IsBuyBoxWinner?: boolean;
}
/** A buy box price of the summary: present even when the winner is not among the 20 listed offers. */
export interface BuyBoxPrice {
  condition?: string;
  offerType?: string;
  quantityTier?: number;
  LandedPrice?: Money;
  ListingPrice?: Money;
  Shipping?: Money;
  sellerId?: string;
}
/** One of the summary's lowest prices (LowestPriceType): per condition and fulfilment channel, over all offers. */
export interface LowestPrice {
  condition: string;
  fulfillmentChannel: string;
  offerType?: string;
  quantityTier?: number;
  LandedPrice?: Money;
  ListingPrice: Money;
  Shipping?: Money;
}
export interface OffersPayload {
  ASIN: string;
  /** `Success`, `NoBuyableOffers` (no offers), or `ActiveButTooSoonForProcessing` (ask again later). */
  status?: string;
  Summary?: {
    /** Offers of every condition (used and collectible too). */
    TotalOfferCount: number;
    NumberOfOffers?: { condition?: string; fulfillmentChannel: 'Amazon' | 'Merchant'; OfferCount: number }[];
    BuyBoxPrices?: BuyBoxPrice[];
    /** The lowest prices over every offer, also those beyond the 20 listed. */
    LowestPrices?: LowestPrice[];
    OffersAvailableTime?: string;
  };
  Offers?: PricingOffer[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;

/** Conditions compare without case: the model's enum says `New`, its examples answer `new`. */
const isNew = (condition: string | undefined) => condition === undefined || condition.toLowerCase() === 'new';
/**
 * Sub-conditions of used, collectible, club and refurbished goods. Everything else an offer of condition
 * New may carry (New, OEM, Open Box, Warranty, Other, …) is new as Amazon groups it: we ask for `New` offers, so
 * a sub-condition refines the condition, it does not move the offer out of it.
 */
const USED_SUBCONDITIONS = new Set([
  'mint',
  'very good',
  'verygood',
  'good',
  'acceptable',
  'poor',
  'club',
  'refurbished',
  'refurbished warranty',
  'refurbishedwarranty',
]);
const isNewOffer = (o: PricingOffer) => !USED_SUBCONDITIONS.has((o.SubCondition ?? '').trim().toLowerCase());
/** A pre-order or back-order: it cannot ship now. */
const availableLater = (o: PricingOffer) => {
  const type = o.ShippingTime?.availabilityType;
  return type === 'FUTURE_WITHOUT_DATE' || type === 'FUTURE_WITH_DATE';
};
/** The consumer's buy box price: new, not a business price, not a quantity tier. */
const isConsumerNew = (b: BuyBoxPrice) =>
  isNew(b.condition) &&
  (b.offerType === undefined || b.offerType === 'B2C') &&
  (b.quantityTier === undefined || b.quantityTier <= 1);

/**
 * The offers statuses Amazon's models show (productPricingV0.json's examples): `Success`; `NoBuyableOffers`,
 * a 200 with `TotalOfferCount: 0` and no offers, which is an answer ("nobody offers it new"); and
 * `ActiveButTooSoonForProcessing`, with `Summary.OffersAvailableTime`, which means "ask again later".
 */
const ANSWERED_STATUSES = new Set(['Success', 'NoBuyableOffers']);

/**
 * Why an offers answer cannot be used, or null when it can: Amazon has not processed the item yet
 * (`ActiveButTooSoonForProcessing`, or a status the models do not show, which we cannot read as "no
 * offers"; a missing status is the model's older examples), or a price is in another currency than the
 * marketplace's. Either way the product is `noanswer`, never "no stock". `NoBuyableOffers` is usable: no offers.
 */
export function offersProblem(offers: OffersPayload, currency: string): string | null {
  if (offers.status !== undefined && !ANSWERED_STATUSES.has(offers.status)) return `status ${offers.status}`;
  const money = [
    ...(offers.Offers ?? []).flatMap((o) => [o.ListingPrice, o.Shipping]),
    ...(offers.Summary?.BuyBoxPrices ?? []).flatMap((b) => [b.LandedPrice, b.ListingPrice, b.Shipping]),
    ...(offers.Summary?.LowestPrices ?? []).flatMap((b) => [b.LandedPrice, b.ListingPrice, b.Shipping]),
  ];
  const foreign = foreignCurrency(money, currency);
  return foreign ? `currency ${foreign}, not ${currency}` : null;
}

/** Days until the offer ships: its hours rounded up, for an offer that can ship now. */
function shipDays(o: PricingOffer): ShipDays | null {
  const time = o.ShippingTime;
  if (!time || availableLater(o)) return null;
  const minHours = time.minimumHours ?? 0;
  return { min: Math.ceil(minHours / 24), max: Math.ceil((time.maximumHours ?? minHours) / 24) };
}

export interface MappingContext {
  importRate: number;
  amazonSellerId?: string;
  /** Today at 00:00 UTC, in milliseconds. */
  today: number;
  /** The marketplace the offers are in, and where the goods would be delivered. */
  region: RegionCode;
  shipTo: RegionCode;
  /**
   * The selling partner id of the seller whose own authorisation asked (none under the shared one): their
   * offers, by id or Amazon's `MyOffer`, are theirs, not competition.
   */
  ownSellerId?: string;
}

/** Whether the offer is the asking seller's own (under their own authorisation only). */
const isOwn = (o: PricingOffer, context: MappingContext) =>
  context.ownSellerId !== undefined && (o.MyOffer === true || o.SellerId === context.ownSellerId);

function sellerOffer(o: PricingOffer, window: Offer['s_dates'], context: MappingContext): SellerOffer {
  const price = o.ListingPrice.Amount;
  const feedback = o.SellerFeedbackRating;
  const rating = feedback?.SellerPositiveFeedbackRating;
  const seller = o.SellerId ?? '';
  const amazon = seller !== '' && seller === context.amazonSellerId;
  return {
    seller_id: seller,
    // SP-API does not name sellers; the id is what Seller Central shows in a storefront link.
    seller_name: amazon ? 'Amazon' : seller,
    is_fba: o.IsFulfilledByAmazon,
    is_sba: amazon,
    coupon: null,
    // Amazon answers 0 % with no feedback at all (itself included): that is "no rating yet", not 0 %.
    rating_percent:
      typeof rating === 'number' && Number.isFinite(rating) && (feedback?.FeedbackCount ?? 0) > 0
        ? round2(rating)
        : null,
    rating_count: feedback?.FeedbackCount ?? null,
    buy_price: price,
    price,
    shipping_by: o.IsFulfilledByAmazon ? 'amazon' : 'merchant',
    shipping_fee: o.Shipping?.Amount ?? 0,
    import_fee: round2(price * context.importRate),
    delivery_date: window ? new Date(context.today + window.min_days * DAY).toISOString().slice(0, 10) : null,
    ...(availableLater(o) ? { available_later: true } : {}),
    ...(isOwn(o, context) ? { is_own: true } : {}),
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
 * The buy box from the summary when its winner is not among the (at most 20) listed offers: its price,
 * shipping and, when Amazon names it, its seller. How it ships and when it arrives are not in the summary.
 */
function summaryBuyBox(prices: BuyBoxPrice[], context: MappingContext): Offer | null {
  const box = prices.find((b) => b.ListingPrice);
  if (!box?.ListingPrice) return null;
  const price = box.ListingPrice.Amount;
  const seller = box.sellerId ?? null;
  return {
    seller_id: seller,
    seller_name: seller !== null && seller === context.amazonSellerId ? 'Amazon' : seller,
    is_fba: null,
    buy_price: price,
    shipping_fee: box.Shipping?.Amount ?? 0,
    import_fee: round2(price * context.importRate),
    s_dates: null,
  };
}

/**
 * The summary's lowest new consumer price of one fulfilment channel (`Amazon` or `Merchant`) as an offer:
 * its price and shipping; the seller and delivery are not in the summary.
 */
function summaryLowest(prices: LowestPrice[], channel: 'Amazon' | 'Merchant', context: MappingContext) {
  const found = prices.find(
    (p) => isConsumerNew(p) && p.fulfillmentChannel.toLowerCase() === channel.toLowerCase(),
  );
  if (!found) return null;
  const price = found.ListingPrice.Amount;
  const offer: Offer = {
    seller_id: null,
    seller_name: null,
    is_fba: channel === 'Amazon',
    buy_price: price,
    shipping_fee: found.Shipping?.Amount ?? 0,
    import_fee: round2(price * context.importRate),
    s_dates: null,
  };
  return offer;
}

/** The cheaper of two offers by landed price (price + shipping); the listed one on a tie. */
const cheaper = (listed: Offer | null, summary: Offer | null) =>
  !summary
    ? listed
    : !listed ||
        (summary.buy_price ?? 0) + (summary.shipping_fee ?? 0) <
          (listed.buy_price ?? 0) + (listed.shipping_fee ?? 0)
      ? summary
      : listed;

/**
 * One product in one marketplace from its catalogue item and offers. No catalogue item means `dog`; a
 * catalogue item without a usable offers answer (`offersProblem`) means Amazon did not answer
 * (`noanswer`), never "no stock". Counts and availability come from new-condition offers that can ship
 * now; a pre-order may hold the buy box (marked `available_later`) but makes no stock.
 */
export function toSnapshot(
  productId: string,
  item: CatalogItem | undefined,
  offers: OffersPayload | undefined,
  context: MappingContext,
): ProductSnapshot {
  if (!item) return { product_id: productId, side: emptySide('dog'), offers: [] };
  const raw = (offers?.Offers ?? []).filter(isNewOffer);
  const windows = raw.map((o) =>
    deliveryWindow(
      shipDays(o),
      context.region,
      context.shipTo,
      o.IsFulfilledByAmazon ? 'amazon' : 'merchant',
    ),
  );
  const list = raw.map((o, i) => sellerOffer(o, windows[i]!, context));
  const asOffer = (i: number): Offer => ({
    ...offerFrom(list[i]!, windows[i]!),
    ...(list[i]!.available_later ? { available_later: true } : {}),
  });
  // The seller's own offer is listed but is no competition: never the lowest offer or the buy box.
  const byLanded = list
    .map((o, i) => ({ o, i }))
    .filter((x) => !x.o.available_later && !x.o.is_own)
    .sort((a, b) => a.o.buy_price + a.o.shipping_fee - (b.o.buy_price + b.o.shipping_fee));
  const lowest = byLanded[0];
  const lowestFba = byLanded.find((x) => x.o.is_fba);
  const competing = raw.filter((o) => !isOwn(o, context));
  const winner = chooseBuyBoxWinner(competing, context.region === context.shipTo);
  const winnerIndex = winner ? raw.indexOf(winner) : -1;
  const newBuyBoxPrices = (offers?.Summary?.BuyBoxPrices ?? []).filter(isConsumerNew);
  // The seller holding the buy box: a competing winner (of two) stands, else none is priced against.
  const ownWins = raw.some((o) => o.IsBuyBoxWinner && isOwn(o, context));
  const summaryPrices = newBuyBoxPrices.filter(
    (b) => !(context.ownSellerId !== undefined && b.sellerId === context.ownSellerId),
  );
  const buybox =
    winnerIndex >= 0 ? asOffer(winnerIndex) : ownWins ? null : summaryBuyBox(summaryPrices, context);

  // Amazon's counts cover every condition (its own example: 4,286 offers, 15 of them new); the offers
  // list holds at most 20. New offers only, the larger of the two views, less those that ship later.
  const counts = (offers?.Summary?.NumberOfOffers ?? []).filter((n) => isNew(n.condition));
  const sum = (list: typeof counts) => list.reduce((a, n) => a + n.OfferCount, 0);
  const later = list.filter((o) => o.available_later);
  const total = Math.max(sum(counts), list.length) - later.length;
  const fba =
    Math.max(
      sum(counts.filter((n) => n.fulfillmentChannel === 'Amazon')),
      list.filter((o) => o.is_fba).length,
    ) - later.filter((o) => o.is_fba).length;
  const now = list.filter((o) => !o.available_later);
  // More new offers than the (at most 20) listed: the summary's lowest prices cover them all.
  const beyondListed = sum(counts) > list.length;
  const lowestPrices = beyondListed ? (offers?.Summary?.LowestPrices ?? []) : [];
  const listedLowest = lowest ? asOffer(lowest.i) : null;
  const listedLowestFba = lowestFba ? asOffer(lowestFba.i) : null;
  const fromSummary = {
    fba: summaryLowest(lowestPrices, 'Amazon', context),
    merchant: summaryLowest(lowestPrices, 'Merchant', context),
  };

  const summary = item.summaries?.[0];
  const ranks = item.salesRanks?.[0];
  const top = ranks?.displayGroupRanks?.[0];
  const sub = ranks?.classificationRanks?.[0];
  const pkg = item.dimensions?.[0]?.package;
  const lb = convert(pkg?.weight, POUNDS_PER);
  const sides = [pkg?.length, pkg?.width, pkg?.height].map((m) => convert(m, INCHES_PER));
  const dims = sides.every((d): d is number => d !== null) ? sides : null;
  const tier = lb !== null && dims ? sizeTier(context.region, lb, dims) : null;
  const children = item.relationships?.[0]?.relationships.find((r) => r.type === 'VARIATION')?.childAsins;
  const dangerous = dangerousGoodsFrom(item.attributes);
  const side: ProductSide = {
    status: !offers ? 'noanswer' : total <= 0 ? 'nostock' : 'ok',
    buybox,
    lowest: cheaper(cheaper(listedLowest, fromSummary.fba), fromSummary.merchant),
    lowest_fba: cheaper(listedLowestFba, fromSummary.fba),
    total_prices_count: offers ? Math.max(0, total) : null,
    fba_prices_count: offers ? Math.max(0, fba) : null,
    average_price: now.length ? round2(now.reduce((a, o) => a + o.buy_price, 0) / now.length) : null,
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
    has_buybox: buybox !== null || newBuyBoxPrices.length > 0,
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
    product_size: tier ? { package_name: tier } : null,
    category_commission_rate: null,
    buybox_winners: Math.max(raw.filter((o) => o.IsBuyBoxWinner).length, newBuyBoxPrices.length),
    ...(dangerous ? { dangerous_goods: dangerous } : {}),
    // Which light check can answer for this side next (docs/decisions.md, "Light checks that can answer").
    ...(raw.some((o) => isOwn(o, context)) ? { listed_by_seller: true } : {}),
  };
  return { product_id: productId, side, offers: list };
}
