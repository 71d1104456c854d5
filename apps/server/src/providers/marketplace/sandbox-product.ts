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
  SIZE_TIERS,
} from './sandbox-catalog';
import { sandboxImagePath } from './sandbox-images';
import { drawOffer, offerOn, random, type OfferContext, type OfferDraw, type Rng } from './sandbox-offers';
import { sandboxRate } from './sandbox-rates';
import { hash } from './seed';
import { emptySide } from './empty-side';
import { sandboxMarketMove } from './sandbox-market';
import { offerFrom } from './offer';

const round2 = (n: number) => Math.round(n * 100) / 100;

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

/** Where a product is looked up from: the side's role, where the goods go, the lane's route. */
export type SandboxLookup = LookupOptions & { role: 'cross' | 'to'; route?: LaneRoute };

/**
 * Everything drawn about a product in a marketplace for a lookup, whatever the day: the baseline's
 * sellers and the product's other figures, in the order they were always drawn, so the baseline day
 * answers what the sandbox always answered. The day's market is applied after (`answerOn`).
 */
export interface ProductDraws {
  productId: string;
  region: RegionCode;
  id: ReturnType<typeof productIdentity>;
  baseStatus: Exclude<SideStatus, 'dog'>;
  /** The market's price level at baseline, in local units. */
  level: number;
  importRate: number;
  context: OfferContext;
  offers: OfferDraw[];
  /** Sellers who may join, drawn the first time a day needs them (each from their own seed). */
  joined: OfferDraw[];
  boxDrawn: boolean;
  rankNoise: number;
  ranked: boolean;
  packs: number | null;
  amazonChoice: boolean;
  sameBrand: boolean;
  sellerBrands: number;
  reviewCount: number;
  reviewRating: number;
  maxOrder: number | null;
  stocks: number;
}

/** A product's draws in a marketplace for a lookup; null for a product the marketplace does not know. */
export function drawProduct(
  productId: string,
  region: RegionCode,
  options: SandboxLookup,
): ProductDraws | null {
  const id = productIdentity(productId);
  const r: Rng = random(hash(`${productId}:${region}`));
  const baseStatus = sideStatus(r, options.role);
  if (baseStatus === 'dog') return null;
  const rate = sandboxRate(region);
  const level =
    id.usdPrice * PRICE_LEVEL[region] * rate * Math.exp(0.12 * r.normal()) * scarcity(productId, region);
  const abroad = options.shipTo !== region;
  // On a reship lane the order goes to an address here (the seller's forwarder): shipped at home, no
  // import-fee deposit. Otherwise this marketplace ships to the buyer abroad and quotes its deposit.
  const toBuyer = abroad && options.route !== 'reship';
  const context: OfferContext = {
    productId,
    region,
    shipTo: options.shipTo,
    weightLb: id.weightLb,
    rate,
    toBuyer,
    noship: options.role === 'cross' && baseStatus === 'noship',
  };
  const baseCount = baseStatus === 'nostock' ? 0 : Math.min(30, 1 + Math.floor(-Math.log(1 - r.next()) * 5));
  const offers: OfferDraw[] = [];
  for (let i = 0; i < baseCount; i++) offers.push(drawOffer(r, i, context));
  // Drawn only where the baseline has offers, as they always were; a restocked product has a buy box.
  const boxDrawn = baseCount > 0 ? r.chance(0.9) : true;
  const rankNoise = Math.exp(0.3 * r.normal());
  const ranked = r.chance(0.92);
  const packs = baseStatus === 'notsame' ? r.int(2, 6) : null;
  const amazonChoice = r.chance(0.05);
  const sameBrand = r.chance(0.08);
  const sellerBrands = r.int(0, Math.min(5, baseCount));
  const reviewCount = r.chance(0.9) ? Math.round(Math.exp(8 * r.next())) : 0;
  const reviewRating = round2(3 + 2 * r.next());
  const maxOrder = r.chance(0.2) ? r.int(1, 10) : null;
  const stocks = baseCount > 0 ? r.int(0, 60) : hash(`${productId}:${region}:restock`) % 20;
  return {
    productId,
    region,
    id,
    baseStatus,
    level,
    importRate: toBuyer ? IMPORT_RATE[options.shipTo] : 0,
    context,
    offers,
    joined: [],
    boxDrawn,
    rankNoise,
    ranked,
    packs,
    amazonChoice,
    sameBrand,
    sellerBrands,
    reviewCount,
    reviewRating,
    maxOrder,
    stocks,
  };
}

/**
 * A product's answer on a day (`day`: whose market; `today`: what delivery dates count from). The day's
 * market (sandbox-market.ts) prices every offer, drops the baseline's last sellers or adds sellers who
 * joined, runs the product out of stock or restocks it, and moves its rank.
 */
export function answerOn(d: ProductDraws, day: number, today: number): ProductSnapshot {
  const { id, productId, region } = d;
  const baseCount = d.offers.length;
  const move = sandboxMarketMove(productId, region, day, d.baseStatus !== 'nostock');
  const local = d.level * move.price;
  const count =
    baseCount > 0
      ? move.flipped
        ? 0
        : Math.min(30, Math.max(1, baseCount + move.sellers))
      : move.flipped
        ? 1 + Math.max(0, move.sellers)
        : 0;
  const windows = new Map<SellerOffer, Offer['s_dates']>();
  const offers: SellerOffer[] = [];
  for (let i = 0; i < count; i++) {
    let draw = d.offers[i];
    if (!draw) {
      draw = d.joined[i - baseCount] ??= drawOffer(
        random(hash(`${productId}:${region}:joined:${i}`)),
        i,
        d.context,
        true,
      );
    }
    const offer = offerOn(draw, local, d.importRate, today);
    // The delivery window kept beside each offer, so that the side's offers need no date parsing.
    windows.set(offer, draw.window);
    offers.push(offer);
  }
  const toOffer = (o: SellerOffer): Offer => offerFrom(o, windows.get(o) ?? null);
  const status: SideStatus = count === 0 ? 'nostock' : d.baseStatus === 'nostock' ? 'ok' : d.baseStatus;
  offers.sort((a, b) => a.buy_price + a.shipping_fee - (b.buy_price + b.shipping_fee));
  const lowest = offers[0];
  const fba = offers.filter((o) => o.is_fba);
  const hasBuybox = offers.length > 0 && d.boxDrawn;
  const winner = hasBuybox ? (fba[0] ?? lowest) : undefined;
  const prices = offers.map((o) => o.buy_price);
  // A rank drifts worse each day a product cannot be bought, and recovers once it can.
  const soldOut = baseCount > 0 ? 1.12 ** move.soldOutDays : 1;
  const rank = Math.max(1, Math.round(id.rankBase * d.rankNoise * move.rank * soldOut));
  const side: ProductSide = {
    status,
    buybox: winner ? toOffer(winner) : null,
    lowest: lowest ? toOffer(lowest) : null,
    lowest_fba: fba[0] ? toOffer(fba[0]) : null,
    total_prices_count: offers.length,
    fba_prices_count: fba.length,
    average_price: prices.length ? round2(prices.reduce((a, b) => a + b, 0) / prices.length) : null,
    coupon: winner?.coupon ?? null,
    sales_rank: d.ranked
      ? id.sub
        ? { rank: Math.max(1, Math.round(rank / 40)), category: id.sub, level: 'sub' }
        : { rank, category: id.category.name, level: 'top' }
      : null,
    categories: id.sub ? [id.category.name, id.sub] : [id.category.name],
    brand: id.brand,
    // A product whose attributes differ here shows another title, as Amazon's catalogue would.
    title: d.packs ? `${id.title} (${d.packs}-Pack)` : id.title,
    // Drawn by this app (sandbox-images.ts): no host outside the deployment, so it shows offline too.
    image: sandboxImagePath(productId),
    is_prime: fba.length > 0,
    is_amazonchoice: d.amazonChoice,
    is_sba: offers.some((o) => o.is_sba),
    has_buybox: hasBuybox,
    has_same_brand_seller: d.sameBrand,
    seller_brand_count: Math.min(d.sellerBrands, offers.length),
    review_count: d.reviewCount,
    review_rating: d.reviewRating,
    variation: id.variation,
    max_order_quantity: d.maxOrder,
    // The stock figure: the drawn one while anyone sells it new, none otherwise.
    stocks: offers.length > 0 ? d.stocks : 0,
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
 * One product in one marketplace on a day. Deterministic: the same ID, region, destination and day always
 * give the same snapshot. The market moves by `day` (the UTC day whose market it is; `today` when not
 * given): prices, sellers, stock-outs and restocks, rank (sandbox-market.ts), around a baseline that is
 * what the product answers on `SANDBOX_BASELINE_DAY`; delivery dates count from `today`. It follows the
 * SP-API provider's rules: every generated offer is a new-condition one (counts are of new offers;
 * `nostock` stands for "no new offer"), and delivery is each offer's shipping time plus the same transit
 * estimate.
 */
export function sandboxSnapshot(
  productId: string,
  region: RegionCode,
  options: SandboxLookup & { today: number; day?: number },
): ProductSnapshot {
  const draws = drawProduct(productId, region, options);
  if (!draws) return { product_id: productId, side: emptySide('dog'), offers: [] };
  return answerOn(draws, options.day ?? options.today, options.today);
}
