import { regionByCode, type ProductSide, type RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { productObservations } from '../../db/schema';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import type { PriceCheck } from '../../providers/marketplace/types';

export type Observation = typeof productObservations.$inferInsert;

const INT4_MAX = 2_147_483_647;
const SMALLINT_MAX = 32_767;

/** A price in hundredths of the marketplace's currency; null when there is none or it cannot be stored. */
const cents = (price: number | null | undefined): number | null => {
  if (price == null || !Number.isFinite(price) || price < 0) return null;
  const c = Math.round(price * 100);
  return c <= INT4_MAX ? c : null;
};
const count = (n: number | null | undefined) => (n == null ? null : Math.min(SMALLINT_MAX, Math.max(0, n)));

// Amazon.com's retail seller id: the sandbox names Amazon by it in every marketplace.
const AMAZON_COM = 'ATVPDKIKX0DER';

/**
 * Whether the buy box is Amazon's own: known where we know Amazon's retail seller id in the marketplace
 * (spapi/regions.ts); in AE, AU and SG we do not, so another seller's buy box there is "unknown", not "no".
 */
function amazonHolds(region: RegionCode, sellerId: string | null | undefined): boolean | null {
  if (!sellerId) return null;
  const known = MARKETPLACES[region].amazonSellerId;
  if (sellerId === known || sellerId === AMAZON_COM) return true;
  return known ? false : null;
}

/**
 * A full lookup's side as an observation: public figures only. `noanswer`, `dog` and `unlisted` carry
 * nothing worth keeping (Amazon did not answer, does not know the product, or was not asked its offers),
 * so they give none.
 */
export function observeSide(
  region: RegionCode,
  asin: string,
  side: ProductSide,
  at: Date,
): Observation | null {
  if (side.status === 'noanswer' || side.status === 'dog' || side.status === 'unlisted') return null;
  return {
    observedAt: at,
    kind: 'full',
    marketplace: region,
    asin,
    currency: regionByCode(region).currency.code,
    buyboxCents: cents(side.buybox?.buy_price),
    buyboxIsAmazon: side.buybox ? amazonHolds(region, side.buybox.seller_id) : null,
    lowestNewCents: cents(side.lowest?.buy_price),
    lowestFbaCents: cents(side.lowest_fba?.buy_price),
    newOffers: count(side.total_prices_count),
    fbaOffers: count(side.fba_prices_count),
    salesRank: side.sales_rank && side.sales_rank.rank <= INT4_MAX ? side.sales_rank.rank : null,
    rankCategory: side.sales_rank?.category ?? null,
    // `nostock`: no new offer; every other answered status has one.
    inStock: side.status !== 'nostock',
  };
}

/** A light check as an observation: the buy box, the count of new offers and stock; `unknown` gives none. */
export function observeCheck(region: RegionCode, check: PriceCheck, at: Date): Observation | null {
  if (check.status === 'unknown') return null;
  return {
    observedAt: at,
    kind: 'light',
    marketplace: region,
    asin: check.product_id,
    currency: regionByCode(region).currency.code,
    buyboxCents: cents(check.buybox?.buy_price),
    buyboxIsAmazon: check.buybox ? amazonHolds(region, check.buybox.seller_id) : null,
    newOffers: count(check.new_offers),
    inStock: check.status === 'ok',
  };
}

/**
 * One INSERT for a batch's observations (never one per product), the rows sent as one JSON parameter:
 * a multi-row VALUES of 13 columns × 250 rows made 3,250 parameters for drizzle to build and PostgreSQL to
 * parse, about 50 ms a batch against the sandbox (`BENCH history.write_overhead`).
 */
export async function writeObservations(db: Db, rows: readonly Observation[]): Promise<void> {
  if (rows.length === 0) return;
  const json = rows.map((r) => ({ ...r, observedAt: (r.observedAt ?? new Date()).toISOString() }));
  await db.execute(sql`
    insert into product_observations (observed_at, kind, marketplace, asin, currency, buybox_cents,
      buybox_is_amazon, lowest_new_cents, lowest_fba_cents, new_offers, fba_offers, sales_rank,
      rank_category, in_stock)
    select "observedAt", kind, marketplace, asin, currency, "buyboxCents", "buyboxIsAmazon",
           "lowestNewCents", "lowestFbaCents", "newOffers", "fbaOffers", "salesRank", "rankCategory",
           "inStock"
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as o("observedAt" timestamptz, kind text,
      marketplace text, asin text, currency text, "buyboxCents" integer, "buyboxIsAmazon" boolean,
      "lowestNewCents" integer, "lowestFbaCents" integer, "newOffers" smallint, "fbaOffers" smallint,
      "salesRank" integer, "rankCategory" text, "inStock" boolean)`);
}
