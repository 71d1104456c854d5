import {
  type DangerousGoods,
  type LookupOptions,
  type Offer,
  type ProductSide,
  type ProductSnapshot,
  type LaneRoute,
  type RegionCode,
  type SellerOffer,
  type SideStatus,
} from '@crossmarket/domain';
import {
  ADJECTIVES,
  BRANDS,
  IMPORT_RATE,
  NOUNS,
  PACKING_IN3_PER_LB,
  PRICE_LEVEL,
  PRICE_PER_LB,
  SANDBOX_CATEGORIES,
  SCARCE,
  SELLER_NAMES,
  SIZE_TIERS,
} from './sandbox-catalog';
import { deliveryWindow } from './delivery';
import { sandboxImagePath } from './sandbox-images';
import { sandboxRate } from './sandbox-rates';
import { sandboxFeeEstimate } from './sandbox-fees';
import { sandboxRestriction } from './sandbox-restrictions';
import { hash } from './seed';
import { sandboxHistory } from './sandbox-history';
import { emptySide } from './empty-side';
import { offerFrom } from './offer';
import type { MarketplaceProvider, PriceCheck } from './types';

/** mulberry32: small, fast and good enough for plausible test data. */
function random(seed: number) {
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
type Rng = ReturnType<typeof random>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;

const SANDBOX_DANGEROUS_GOODS: DangerousGoods = {
  regulations: [],
  batteries: 'included',
  lithium: true,
  lithium_wh: null,
};

/**
 * What a product is, whatever the marketplace: decided by its ID alone. Its parcel is a real one's:
 * weights lean to the light end of their size tier, the box holds the weight at a shipping density, and
 * a heavy product costs what heavy products cost, so a rate card by the greater of actual and
 * dimensional weight charges what a forwarder would (issue 45).
 */
function productIdentity(productId: string) {
  const r = random(hash(productId));
  const category = r.pick(SANDBOX_CATEGORIES);
  let u = r.next();
  let tier = 0;
  while (tier < 5 && u > category.sizes[tier]!) u -= category.sizes[tier++]!;
  const size = SIZE_TIERS[tier]!;
  const minLb = tier === 0 ? 0.1 : SIZE_TIERS[tier - 1]!.maxLb;
  // Log-uniform, squared towards the light end: most large-standard parcels weigh 1–5 lb, not 10.
  const weightLb = round2(minLb * (size.maxLb / minLb) ** (r.next() ** 2));
  const scale = r.next();
  const brand = r.pick(BRANDS);
  // Drawn in the order they always were, so every other figure of a product stays as it was.
  const sub = r.chance(0.2) ? r.pick(category.subs) : null;
  const title = `${brand} ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} ${r.int(2, 99)}`;
  const drawn = category.median * Math.exp(category.sigma * r.normal());
  return {
    category,
    sub,
    brand,
    title,
    // A 40 lb parcel is not a US$15 product: a floor of a few dollars a pound above the first.
    usdPrice: Math.max(drawn, PRICE_PER_LB.base + PRICE_PER_LB.perLb * weightLb),
    size,
    weightLb,
    dims: boxFor(weightLb, size.dims, scale),
    variation: r.chance(0.3) ? r.int(2, 12) : 0,
    rankBase: Math.exp(Math.log(2_000_000) * r.next()),
  };
}

/**
 * A box for `weightLb` within the tier's largest package: its volume at a shipping density between
 * `PACKING_IN3_PER_LB`'s bounds (by `scale`), in the tier's proportions; never larger than the tier allows.
 */
function boxFor(weightLb: number, largest: readonly number[], scale: number): [number, number, number] {
  const [lo, hi] = PACKING_IN3_PER_LB;
  const volume = weightLb * (lo + (hi - lo) * scale);
  const shape = largest[0]! * largest[1]! * largest[2]!;
  const k = Math.min(1, Math.cbrt(volume / shape));
  return largest.map((d) => Math.max(0.5, round2(d * k))) as [number, number, number];
}

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

/**
 * How much dearer a product is in this marketplace than its price level says: mostly not at all, but
 * some products are scarce in a market (few sellers, no local distributor), which is what a cross-border
 * seller lives on. From its own seed, so the rest of a product's draws are unchanged.
 */
function scarcity(productId: string, region: RegionCode): number {
  const r = random(hash(`${productId}:${region}:scarcity`));
  const u = r.next();
  if (u < SCARCE.share) return SCARCE.min + (SCARCE.max - SCARCE.min) * r.next();
  return 1;
}

function sideStatus(r: Rng, role: 'cross' | 'to'): SideStatus {
  const u = r.next();
  if (u < 0.03) return 'dog';
  if (role === 'cross') return u < 0.07 ? 'noship' : 'ok';
  if (u < 0.06) return 'notsame';
  if (u < 0.1) return 'nostock';
  return 'ok';
}

// The delivery window of each offer, kept beside it so that the side's offers need no date parsing.
const windowOf = new WeakMap<SellerOffer, Offer['s_dates']>();
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

const toOffer = (o: SellerOffer): Offer => offerFrom(o, windowOf.get(o) ?? null);

/**
 * One product in one marketplace. Deterministic: the same ID, region and destination always give the
 * same snapshot (the delivery dates count from `today`, a UTC day). It follows the SP-API provider's
 * rules: every generated offer is a new-condition one (counts are of new offers; `nostock` stands for
 * "no new offer"), and delivery is each offer's shipping time plus the same transit estimate.
 */
export function sandboxSnapshot(
  productId: string,
  region: RegionCode,
  options: LookupOptions & { role: 'cross' | 'to'; today: number; route?: LaneRoute },
): ProductSnapshot {
  const id = productIdentity(productId);
  const r = random(hash(`${productId}:${region}`));
  const status = sideStatus(r, options.role);
  if (status === 'dog') return { product_id: productId, side: emptySide('dog'), offers: [] };

  const rate = sandboxRate(region);
  const local =
    id.usdPrice * PRICE_LEVEL[region] * rate * Math.exp(0.12 * r.normal()) * scarcity(productId, region);
  const abroad = options.shipTo !== region;
  // On a reship lane the order goes to an address here (the seller's forwarder): shipped at home, no
  // import-fee deposit. Otherwise this marketplace ships to the buyer abroad and quotes its deposit.
  const toBuyer = abroad && options.route !== 'reship';
  const importRate = toBuyer ? IMPORT_RATE[options.shipTo] : 0;
  const count = status === 'nostock' ? 0 : Math.min(30, 1 + Math.floor(-Math.log(1 - r.next()) * 5));
  const offers: SellerOffer[] = [];
  for (let i = 0; i < count; i++) {
    const isSba = i === 0 && r.chance(0.15);
    const isFba = isSba || r.chance(0.45);
    const price = round2(local * (1 + Math.abs(0.08 * r.normal()) + (i === 0 ? 0 : 0.02 * i)));
    const coupon = r.chance(0.06)
      ? r.chance(0.5)
        ? { type: 'percent' as const, value: r.int(5, 20) }
        : { type: 'dollar' as const, value: r.int(1, 5) }
      : null;
    const couponOff = coupon ? (coupon.type === 'percent' ? (price * coupon.value) / 100 : coupon.value) : 0;
    const buyPrice = round2(Math.max(0.5, price - couponOff));
    // Hashed, not drawn: the offer's other figures stay as they were.
    const freeShipping = hash(`${productId}:${region}:${i}:shipping`) % 3 === 0;
    const shippingFee = merchantShipping(isFba, toBuyer, id.weightLb, rate, freeShipping);
    const sellerIndex = (hash(`${productId}:${region}:${i}`) % 9000) + 1000;
    // Shipping time, as Amazon's ShippingTime gives it: FBA ships the same or the next day, a merchant
    // in one to five days; delivery adds the transit of this marketplace (or the cross-border one).
    const handling = r.int(0, 4);
    const ship = isFba ? { min: 0, max: handling > 2 ? 1 : 0 } : { min: 1 + handling, max: 2 + handling };
    const window = deliveryWindow(ship, region, options.shipTo, isFba ? 'amazon' : 'merchant')!;
    const offer: SellerOffer = {
      seller_id: isSba ? 'ATVPDKIKX0DER' : `A${sellerIndex}SELLER${region.toUpperCase()}`,
      seller_name: isSba ? 'Amazon' : r.pick(SELLER_NAMES),
      is_fba: isFba,
      is_sba: isSba,
      coupon,
      rating_percent: Math.round(70 + 30 * r.next()),
      rating_count: r.int(3, 25_000),
      buy_price: buyPrice,
      price,
      shipping_by: isFba ? 'amazon' : 'merchant',
      shipping_fee: options.role === 'cross' && status === 'noship' ? 0 : shippingFee,
      import_fee: round2(buyPrice * importRate),
      delivery_date: isoDay(options.today + window.min_days * DAY),
    };
    windowOf.set(offer, window);
    offers.push(offer);
  }
  offers.sort((a, b) => a.buy_price + a.shipping_fee - (b.buy_price + b.shipping_fee));
  const lowest = offers[0];
  const fba = offers.filter((o) => o.is_fba);
  const hasBuybox = offers.length > 0 && r.chance(0.9);
  const winner = hasBuybox ? (fba[0] ?? lowest) : undefined;
  const prices = offers.map((o) => o.buy_price);
  const rank = Math.max(1, Math.round(id.rankBase * Math.exp(0.3 * r.normal())));
  const side: ProductSide = {
    status,
    buybox: winner ? toOffer(winner) : null,
    lowest: lowest ? toOffer(lowest) : null,
    lowest_fba: fba[0] ? toOffer(fba[0]) : null,
    total_prices_count: offers.length,
    fba_prices_count: fba.length,
    average_price: prices.length ? round2(prices.reduce((a, b) => a + b, 0) / prices.length) : null,
    coupon: winner?.coupon ?? null,
    sales_rank: r.chance(0.92)
      ? id.sub
        ? { rank: Math.max(1, Math.round(rank / 40)), category: id.sub, level: 'sub' }
        : { rank, category: id.category.name, level: 'top' }
      : null,
    categories: id.sub ? [id.category.name, id.sub] : [id.category.name],
    brand: id.brand,
    // A product whose attributes differ here shows another title, as Amazon's catalogue would.
    title: status === 'notsame' ? `${id.title} (${r.int(2, 6)}-Pack)` : id.title,
    // Drawn by this app (sandbox-images.ts): no host outside the deployment, so it shows offline too.
    image: sandboxImagePath(productId),
    is_prime: fba.length > 0,
    is_amazonchoice: r.chance(0.05),
    is_sba: offers.some((o) => o.is_sba),
    has_buybox: hasBuybox,
    has_same_brand_seller: r.chance(0.08),
    seller_brand_count: r.int(0, Math.min(5, offers.length)),
    review_count: r.chance(0.9) ? Math.round(Math.exp(8 * r.next())) : 0,
    review_rating: round2(3 + 2 * r.next()),
    variation: id.variation,
    max_order_quantity: r.chance(0.2) ? r.int(1, 10) : null,
    stocks: offers.length ? r.int(0, 60) : 0,
    weight: { value: id.weightLb, unit: 'lb' },
    package_dimensions: { length: id.dims[0], width: id.dims[1], height: id.dims[2], unit: 'in' },
    product_size: { package_name: id.size.name },
    category_commission_rate: null,
    // About 3 % are lithium-battery goods, by product ID alone (the same in every marketplace).
    ...(hash(`${productId}:dg`) % 100 < 3 && { dangerous_goods: { ...SANDBOX_DANGEROUS_GOODS } }),
  };
  return { product_id: productId, side, offers };
}

/**
 * The light check of a sandbox product, meaning what SP-API's getCompetitivePricing answer means: the new
 * buy box and the count of new offers of the same generated data. A product the catalogue does not know
 * is `unknown` (Amazon answers no competitive pricing for it); whether it ships or is the same product
 * are catalogue facts a light check cannot see, so they answer like any other.
 */
export function sandboxPriceCheck(snapshot: ProductSnapshot): PriceCheck {
  const { side } = snapshot;
  if (side.status === 'dog')
    return { product_id: snapshot.product_id, status: 'unknown', buybox: null, new_offers: null };
  const box = side.buybox;
  return {
    product_id: snapshot.product_id,
    status: snapshot.offers.length > 0 ? 'ok' : 'nostock',
    buybox:
      box?.buy_price != null
        ? {
            seller_id: box.seller_id,
            buy_price: box.buy_price,
            shipping_fee: box.shipping_fee ?? 0,
            import_fee: box.import_fee ?? 0,
          }
        : null,
    new_offers: snapshot.offers.length,
  };
}

/**
 * A product's usual item price in a marketplace, before the day's spread: what its generated history
 * moves around (sandbox-history.ts).
 */
export function sandboxBasePrice(productId: string, region: RegionCode): number {
  const id = productIdentity(productId);
  return id.usdPrice * PRICE_LEVEL[region] * sandboxRate(region) * scarcity(productId, region);
}

/** The default provider: generated, deterministic marketplace data with realistic shapes; no network. */
export function createSandboxMarketplace(options: { delayMs?: number } = {}): MarketplaceProvider {
  return {
    name: 'sandbox',
    batchSize: 250,
    async lookup(productIds, region, lookupOptions) {
      // A pause per call lets tests catch a report in the middle of its processing.
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const today = Math.floor(Date.now() / DAY) * DAY;
      const role = lookupOptions.shipTo === region ? 'to' : 'cross';
      return productIds.map((id) => sandboxSnapshot(id, region, { ...lookupOptions, role, today }));
    },
    async listingRestrictions(asins, region) {
      const today = Math.floor(Date.now() / DAY) * DAY;
      return asins.map((id) =>
        sandboxRestriction(sandboxSnapshot(id, region, { shipTo: region, role: 'to', today }), region),
      );
    },
    async feeEstimates(items, region) {
      const today = Math.floor(Date.now() / DAY) * DAY;
      return items.map(({ asin, price, shipping }) =>
        sandboxFeeEstimate(
          sandboxSnapshot(asin, region, { shipTo: region, role: 'to', today }),
          region,
          price,
          shipping,
        ),
      );
    },
    history(asin, region, days, today) {
      const now = sandboxSnapshot(asin, region, { shipTo: region, role: 'to', today });
      return sandboxHistory({ asin, region, now, basePrice: sandboxBasePrice(asin, region) }, days, today);
    },
    async refreshPrices(productIds, region, lookupOptions) {
      const today = Math.floor(Date.now() / DAY) * DAY;
      const role = lookupOptions.shipTo === region ? 'to' : 'cross';
      return productIds.map((id) =>
        sandboxPriceCheck(sandboxSnapshot(id, region, { ...lookupOptions, role, today })),
      );
    },
  };
}
