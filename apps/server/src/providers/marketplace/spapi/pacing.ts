import { FairTurns } from './fair-turns';

/**
 * The tokens a new bucket starts with: its burst less one. Amazon's bucket starts filling when our first
 * request arrives, ours when it is made, so a client that spent its whole burst at once would send the
 * next request early by the first request's connection set-up (a 429 at 5 requests a second). Holding one
 * token back gives a full interval of margin, once per bucket.
 */
export const startingTokens = (burst: number) => (burst > 1 ? burst - 1 : burst);

/**
 * A token bucket for one SP-API operation and seller account: `rate` requests per second, up to `burst`
 * at once. Amazon's `x-amzn-RateLimit-Limit` header tells the real rate; `setRate` adopts it.
 */
export class TokenBucket implements Pacer {
  private tokens: number;
  private updated: number;
  private readonly turns = new FairTurns();

  constructor(
    private rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = startingTokens(burst);
    this.updated = now();
  }

  get currentRate() {
    return this.rate;
  }

  setRate(rate: number) {
    if (Number.isFinite(rate) && rate > 0 && rate !== this.rate) {
      this.refill();
      this.rate = rate;
    }
  }

  /** After a 429 the bucket is empty: the next request waits a full interval. */
  drain() {
    this.refill();
    this.tokens = Math.min(this.tokens, 0);
  }

  private refill() {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.updated) / 1000) * this.rate);
    this.updated = t;
  }

  /** Resolves when a request may go; callers are served in order, tenants taking turns. */
  take(tenant = ''): Promise<void> {
    return this.turns.run(tenant, async () => {
      this.refill();
      // Short naps, so that a rate announced meanwhile by a response header shortens the wait.
      while (this.tokens < 1) {
        const wait = ((1 - this.tokens) / this.rate) * 1000;
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 250)));
        this.refill();
      }
      this.tokens -= 1;
    });
  }
}

/**
 * The documented default limits of the operations we call (requests per second, burst), from the usage
 * plans in Amazon's models (productPricingV0.json, productPricing_2022-05-01.json,
 * catalogItems_2022-04-01.json, listingsRestrictions_2021-08-01.json, productFeesV0.json,
 * listingsItems_2021-08-01.json, orders_2026-01-01.json, ordersV0.json).
 */
export const SPAPI_LIMITS = {
  searchCatalogItems: { rate: 2, burst: 2 },
  getItemOffersBatch: { rate: 0.1, burst: 1 },
  getCompetitivePricing: { rate: 0.5, burst: 1 },
  /** productPricing_2022-05-01.json; a batch of 20. */
  getCompetitiveSummary: { rate: 0.033, burst: 1 },
  /** listingsRestrictions_2021-08-01.json; one ASIN a call. */
  getListingsRestrictions: { rate: 5, burst: 10 },
  /** productFeesV0.json; a batch of 20 items. */
  getMyFeesEstimates: { rate: 0.5, burst: 1 },
  /** sellers.json; once per connection. */
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
  // listingsItems_2021-08-01.json: one SKU in one marketplace a call (a validation preview is a put too).
  putListingsItem: { rate: 5, burst: 10 },
  patchListingsItem: { rate: 5, burst: 5 },
  deleteListingsItem: { rate: 5, burst: 5 },
  getListingsItem: { rate: 5, burst: 10 },
  /** Up to 20 SKUs a call (`identifiers` maxItems 20, `pageSize` at most 20): the read-back before a push. */
  searchListingsItems: { rate: 5, burst: 5 },
  /** definitionsProductTypes_2020-09-01.json: the seller's shipping templates, once per marketplace. */
  getDefinitionsProductType: { rate: 5, burst: 10 },
  // feeds_2021-06-30.json. createFeed's model rate is one per two minutes; JSON_LISTINGS_FEED has its own,
  // 5 per 5 minutes per region (changelog 2025-05-06), which the 429s and the header teach.
  createFeedDocument: { rate: 0.5, burst: 15 },
  createFeed: { rate: 0.0083, burst: 15 },
  getFeed: { rate: 2, burst: 15 },
  getFeedDocument: { rate: 0.0222, burst: 10 },
  // orders_2026-01-01.json (reads) and ordersV0.json (confirmShipment, which 2026-01-01 does not have).
  // searchOrders is about one call in three minutes once its burst is spent: intake plans for it.
  searchOrders: { rate: 0.0056, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
} as const;
export type SpapiOperation = keyof typeof SPAPI_LIMITS;

/**
 * The share of an operation's allowance inventory updates may use, where reports need the same
 * operation: updates' calls also pass a bucket of their own at this share of the rate, so reports always
 * find the rest (docs/decisions.md, "Inventory updates within Amazon's allowance").
 */
export const UPDATE_SHARE: Partial<Record<SpapiOperation, number>> = { getItemOffersBatch: 0.5 };

/** A bucket's name: the operation, or the updates' lane of it. */
export type PacedName = SpapiOperation | `${SpapiOperation}:update`;

/** What the client needs of a pacing bucket: in this process (`TokenBucket`) or shared (`postgresPacing`). */
export interface Pacer {
  /**
   * Resolves when a request may go. Callers waiting at once are served one tenant (a user) after another,
   * so users sharing an authorisation take turns.
   */
  take(tenant?: string): Promise<void>;
  /** Adopt the rate Amazon announced (requests per second). */
  setRate(rate: number): void | Promise<void>;
  /** After a 429: the next request waits a full interval. */
  drain(): void | Promise<void>;
}

/** Whose allowance a bucket paces: Amazon's limits apply per seller authorisation and operation. */
export interface PacerKey {
  /** A stable, non-secret name of the seller authorisation (region + hash of app and refresh token). */
  seller: string;
  operation: PacedName;
}

export type PacerFactory = (key: PacerKey, limits: { rate: number; burst: number }) => Pacer;

/** Buckets in this process only: right for one worker, or for tests and benchmarks of one process. */
export const localPacing: PacerFactory = (_key, { rate, burst }) => new TokenBucket(rate, burst);
