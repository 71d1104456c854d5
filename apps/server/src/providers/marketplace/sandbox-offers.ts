import type { Offer, RegionCode, SellerOffer } from '@crossmarket/domain';
import { deliveryWindow } from './delivery';
import { SELLER_NAMES } from './sandbox-catalog';
import { hash } from './seed';

/** mulberry32: small, fast and good enough for plausible test data. */
export function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return {
    next,
    normal,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof random>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;

/**
 * What an offer charges for shipping, in local units. Amazon ships its own (FBA) offers free; a merchant
 * ships free one time in three at home (`free`), else a base charge plus a little a pound, more across a
 * border.
 */
function merchantShipping(isFba: boolean, toBuyer: boolean, weightLb: number, rate: number, free: boolean) {
  if (isFba) return 0;
  if (toBuyer) return round2((6.99 + 0.45 * weightLb) * rate);
  return free ? 0 : round2((3.99 + 0.25 * weightLb) * rate);
}

const DATES = new Map<number, string>();
/** ISO dates repeat a lot (a handful of days ahead): formatted once each. */
const isoDay = (ms: number) => {
  let found = DATES.get(ms);
  if (!found) {
    found = new Date(ms).toISOString().slice(0, 10);
    if (DATES.size > 1000) DATES.clear();
    DATES.set(ms, found);
  }
  return found;
};

/** What a product's offers are drawn against: its marketplace, where the goods go, its parcel. */
export interface OfferContext {
  productId: string;
  region: RegionCode;
  shipTo: RegionCode;
  weightLb: number;
  rate: number;
  toBuyer: boolean;
  noship: boolean;
}

/** A seller's offer as drawn, whatever the day: the day's market level prices it (`offerOn`). */
export interface OfferDraw {
  isSba: boolean;
  isFba: boolean;
  /** The offer's price over the market's level. */
  over: number;
  coupon: SellerOffer['coupon'];
  shippingFee: number;
  sellerId: string;
  sellerName: string;
  ratingPercent: number;
  ratingCount: number;
  window: NonNullable<Offer['s_dates']>;
}

/**
 * The `i`th seller's new offer of a product, drawn from `r` (the product's draws, or a joining seller's),
 * priced `rung` steps of 2 % above the market's level: the baseline's sellers one rung each. A seller who
 * joins (`joined`) comes in near the lowest and ships its own goods, so that a newcomer moves the buy box
 * by its price, not by taking it as Amazon's fulfilment would at any price.
 */
export function drawOffer(r: Rng, i: number, c: OfferContext, joined = false): OfferDraw {
  const rung = joined ? 1 + (i % 3) : i;
  const isSba = i === 0 && r.chance(0.15);
  const isFba = isSba || (r.chance(0.45) && !joined);
  const over = 1 + Math.abs(0.08 * r.normal()) + 0.02 * rung;
  const coupon = r.chance(0.06)
    ? r.chance(0.5)
      ? { type: 'percent' as const, value: r.int(5, 20) }
      : { type: 'dollar' as const, value: r.int(1, 5) }
    : null;
  // Hashed, not drawn: the offer's other figures stay as they were.
  const freeShipping = hash(`${c.productId}:${c.region}:${i}:shipping`) % 3 === 0;
  const shippingFee = merchantShipping(isFba, c.toBuyer, c.weightLb, c.rate, freeShipping);
  const sellerIndex = (hash(`${c.productId}:${c.region}:${i}`) % 9000) + 1000;
  // Shipping time, as Amazon's ShippingTime gives it: FBA ships the same or the next day, a merchant
  // in one to five days; delivery adds the transit of this marketplace (or the cross-border one).
  const handling = r.int(0, 4);
  const ship = isFba ? { min: 0, max: handling > 2 ? 1 : 0 } : { min: 1 + handling, max: 2 + handling };
  return {
    isSba,
    isFba,
    over,
    coupon,
    shippingFee: c.noship ? 0 : shippingFee,
    sellerId: isSba ? 'ATVPDKIKX0DER' : `A${sellerIndex}SELLER${c.region.toUpperCase()}`,
    sellerName: isSba ? 'Amazon' : r.pick(SELLER_NAMES),
    window: deliveryWindow(ship, c.region, c.shipTo, isFba ? 'amazon' : 'merchant')!,
    ratingPercent: Math.round(70 + 30 * r.next()),
    ratingCount: r.int(3, 25_000),
  };
}

/** A drawn offer on a day: priced at the day's market level `local`, delivered counting from `today`. */
export function offerOn(d: OfferDraw, local: number, importRate: number, today: number): SellerOffer {
  const price = round2(local * d.over);
  const couponOff = d.coupon
    ? d.coupon.type === 'percent'
      ? (price * d.coupon.value) / 100
      : d.coupon.value
    : 0;
  const buyPrice = round2(Math.max(0.5, price - couponOff));
  return {
    seller_id: d.sellerId,
    seller_name: d.sellerName,
    is_fba: d.isFba,
    is_sba: d.isSba,
    coupon: d.coupon,
    rating_percent: d.ratingPercent,
    rating_count: d.ratingCount,
    buy_price: buyPrice,
    price,
    shipping_by: d.isFba ? 'amazon' : 'merchant',
    shipping_fee: d.shippingFee,
    import_fee: round2(buyPrice * importRate),
    delivery_date: isoDay(today + d.window.min_days * DAY),
  };
}
