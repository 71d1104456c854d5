import type {
  IdentifierKind,
  Coupon,
  FeeEstimate,
  ListingRestriction,
  LaneRoute,
  LookupOptions,
  Offer,
  ProductSnapshot,
  RegionCode,
} from '@crossmarket/domain';

/** What a fee estimate is asked at: a product's price and the shipping charged with it. */
export interface FeeQuote {
  asin: string;
  price: number;
  shipping: number;
}

/**
 * Whose calls these are. Reports and inventory updates draw on one allowance per seller authorisation;
 * an `update`'s full lookups stay within the updates' share of it (`UPDATE_SHARE_OF_OFFERS`), so a
 * report always finds the rest.
 */
export type LookupLane = 'report' | 'update';

/** A seller's own Amazon authorisation for a region (Settings → Amazon account). */
export interface SellerAuthorisation {
  /** Whose allowance it is, never secret: Amazon's limits belong to the selling partner and our app. */
  sellingPartnerId: string;
  refreshToken: string;
  /** Which sealing of the stored row it was read from (not secret), to tell later whether it still holds. */
  seal?: { keyId: string; iv: Buffer };
}

/**
 * Whose allowance a lookup draws on: the seller's own authorisation, or (without one) the deployment's
 * shared one (`SPAPI_REFRESH_TOKEN_*`). `tenant` is the user the work is for: callers of one allowance take
 * turns per tenant.
 */
export interface LookupAccount {
  own?: SellerAuthorisation;
  tenant?: string;
}

/** A product looked up; `cached`: served from a recent lookup (any user's) without asking Amazon. */
export type LookedUp = ProductSnapshot & { cached?: boolean };

/**
 * Options of a lookup: where the goods go, which lane, under whose authorisation; `fresh` asks Amazon even
 * when a recent lookup (any user's) could answer, and still keeps the answer for others.
 */
export type ProviderLookupOptions = LookupOptions & {
  lane?: LookupLane;
  /**
   * How the goods reach the buyer, for the buying side: `reship` buys for delivery in the buying country
   * (the seller's forwarder), so its offers quote home shipping and no import-fee deposit. Absent: shipped
   * to the buyer abroad (the specification's model).
   */
  route?: LaneRoute;
  account?: LookupAccount;
  fresh?: boolean;
  /**
   * Products whose offers are not asked for (the seller may not list them in the selling country): their
   * catalogue only, side status `unlisted`, and nothing of them kept for others (a catalogue without
   * offers would read as "no stock" to the next seller). A recent lookup (any user's) still serves them
   * whole. Providers without an allowance to save (the sandbox) may ignore it.
   */
  unpriced?: ReadonlySet<string>;
};

/**
 * A light price check of one product in one marketplace: what an inventory update needs to re-price a
 * product it already knows, from the cheapest call that carries it. Counts and the buy box are of
 * new-condition offers only, as in a full lookup.
 */
export interface PriceCheck {
  product_id: string;
  /**
   * `ok`: new offers exist; `nostock`: none; `unknown`: the marketplace did not say (an unknown product
   * or a failed item), so only a full lookup can tell.
   */
  status: 'ok' | 'nostock' | 'unknown';
  /**
   * The new buy box (null when no offer holds it); the import fee computed as a full lookup does. Its
   * seller and fulfilment only where the answer names them.
   */
  buybox:
    | (Pick<Offer, 'buy_price' | 'shipping_fee' | 'import_fee'> & {
        seller_id: string | null;
        is_fba?: boolean;
      })
    | null;
  /** How many new offers there are; null when unknown. */
  new_offers: number | null;
  /** The buy box's coupon, where the answer carries promotions (null: none); absent when it cannot say. */
  coupon?: Coupon | null;
}

/**
 * How many products per second one seller authorisation may look up: light checks (`refreshPrices`) of a
 * side the seller lists there under their own authorisation (getCompetitivePricing, which answers only the
 * caller's listings), light checks of every other side (getCompetitiveSummary: buying sides, and selling
 * sides the seller does not list), and full lookups (`lookup`). `account` names the authorisation a
 * marketplace draws on.
 */
export interface Allowance {
  account(region: RegionCode): string;
  listedPerSecond: number;
  summaryPerSecond: number;
  fullPerSecond: number;
}

/**
 * One UTC day of a product's past as a provider tells it: the sandbox's generated history (issue 49).
 * Prices are item prices in the marketplace's currency; a day out of stock has no prices.
 */
export interface PastDay {
  /** The day's start, ms since the epoch (UTC). */
  day: number;
  buybox: number | null;
  buybox_is_amazon: boolean | null;
  lowest_new: number | null;
  lowest_fba: number | null;
  new_offers: number;
  fba_offers: number;
  sales_rank: number | null;
  rank_category: string | null;
  in_stock: boolean;
}

/** An identifier a supplier's list names, as the catalogue's search takes it (supplier lists, issue 62). */
export interface CatalogIdentifier {
  kind: IdentifierKind;
  value: string;
}

/**
 * A catalogue product carrying an identifier: its ASIN, title and brand, how many units one product holds
 * (`summaries.packageQuantity`; null when Amazon does not say) and whether it is a bundle.
 */
export interface CatalogMatch {
  asin: string;
  title: string | null;
  brand: string | null;
  package_quantity: number | null;
  bundle: boolean;
}

/**
 * Looks products up in one marketplace. Answers one snapshot per requested ID, in the same order; a
 * product the marketplace does not know comes back with status `dog`, never as a missing entry.
 */
export interface MarketplaceProvider {
  readonly name: 'sandbox' | 'spapi';
  /** How many IDs one call should carry (the provider's natural batch). */
  readonly batchSize: number;
  /** Amazon's limits the provider lives within; undefined when it has none (the sandbox). */
  readonly allowance?: Allowance;
  lookup(productIds: string[], region: RegionCode, options: ProviderLookupOptions): Promise<LookedUp[]>;
  /**
   * The catalogue's products carrying each identifier in the marketplace (variation parents left out, as
   * nobody buys one), one entry per requested identifier in the same order: an empty list when none does,
   * null when Amazon did not answer (asked again later).
   */
  searchIdentifiers?(
    ids: readonly CatalogIdentifier[],
    region: RegionCode,
    options: { account?: LookupAccount },
  ): Promise<(CatalogMatch[] | null)[]>;
  /**
   * A product's past the provider can tell without having watched it: the `days` whole UTC days before
   * `today`, oldest first, only those before `before` when given (the days observations do not cover).
   * Only the sandbox has one (what it answered on each day); Amazon gives no history.
   */
  history?(asin: string, region: RegionCode, days: number, today: number, before?: number): PastDay[];
  /**
   * Whether the selling partner id a consent named is the one the authorisation speaks for, proven by one
   * call that takes the seller id in the marketplace: `wrong_seller` when Amazon refuses it (403),
   * `unknown` when Amazon did not answer.
   */
  verifySeller?(
    region: RegionCode,
    account: LookupAccount & { own: SellerAuthorisation },
  ): Promise<'ok' | 'wrong_seller' | 'unknown'>;
  /**
   * Our marketplaces of the region the authorisation's seller participates in (Sellers API
   * getMarketplaceParticipations); null when Amazon did not answer.
   */
  sellingCountries?(
    region: RegionCode,
    account: LookupAccount & { own: SellerAuthorisation },
  ): Promise<RegionCode[] | null>;
  /**
   * Whether the seller whose own authorisation this is may list each product new in the marketplace, one
   * per requested ASIN in the same order; null where Amazon did not answer (asked again later).
   */
  listingRestrictions?(
    asins: string[],
    region: RegionCode,
    account: LookupAccount & { own: SellerAuthorisation },
  ): Promise<(ListingRestriction | null)[]>;
  /**
   * Amazon's fee estimate for selling each product merchant-fulfilled at the given price and shipping, for
   * the seller whose own authorisation this is: one per item in the same order; null where Amazon gave none.
   */
  feeEstimates?(
    items: readonly FeeQuote[],
    region: RegionCode,
    account: LookupAccount & { own: SellerAuthorisation },
  ): Promise<(FeeEstimate | null)[]>;
  /**
   * Light checks, one per requested ID in the same order; without it an update looks everything up.
   * `listed`: the IDs the seller lists in the marketplace (their last full lookup under their own
   * authorisation found their offer), for which the listings' own operation can answer.
   */
  refreshPrices?(
    productIds: string[],
    region: RegionCode,
    options: LookupOptions & { account?: LookupAccount; listed?: ReadonlySet<string>; route?: LaneRoute },
  ): Promise<PriceCheck[]>;
}

/** How a user's lookups in one marketplace are authorised. */
export interface ResolvedAccount {
  /** `own`: the seller's authorisation; `shared`: the deployment's (or, in the sandbox, none is needed). */
  kind: 'own' | 'shared';
  account: LookupAccount;
}

/** Whose Amazon authorisation each user's work runs under (features/amazon builds it). */
export interface LookupAccounts {
  /** The user's own authorisation for the marketplace's region, else the shared one; null when neither. */
  forUser(userId: string, country: RegionCode): Promise<ResolvedAccount | null>;
  /**
   * Amazon refused this authorisation of the user's for the marketplace's region: mark it revoked (mailed
   * once), unless the user has since given a new consent (another token), which stays.
   */
  revoked(userId: string, country: RegionCode, refused: SellerAuthorisation): Promise<void>;
  /**
   * Whether this authorisation, read earlier, is still the user's connected one for the region (the same
   * row's same sealing, or the same token sealed again). Long work asks before each round or batch: a
   * seller who disconnects or connects another account stops it at once. Absent: never asked.
   */
  stillCurrent?(userId: string, country: RegionCode, own: SellerAuthorisation): Promise<boolean>;
}
