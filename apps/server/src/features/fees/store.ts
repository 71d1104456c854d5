import { FEE_ESTIMATE_DAYS, type FeeEstimate, type RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FeeQuote } from '../../providers/marketplace/types';

/**
 * Whose estimates these are: Amazon's fees belong to a selling partner in one marketplace. Kept per user
 * too: the selling partner id comes back through the browser on consent, so one user's answers are never
 * read by another who claims the same id.
 */
export interface FeeOwner {
  userId: string;
  sellingPartnerId: string;
  country: RegionCode;
}

type StoredRow = {
  asin: string;
  price: number;
  shipping: number | null;
  referral_fee: number;
  closing_fee: number;
  other_fees: FeeEstimate['other_fees'] | null;
};
const toEstimate = (r: StoredRow): FeeEstimate => ({
  price: r.price,
  ...(r.shipping ? { shipping: r.shipping } : {}),
  referral_fee: r.referral_fee,
  closing_fee: r.closing_fee,
  ...(r.other_fees?.length ? { other_fees: r.other_fees } : {}),
});
const COLUMNS = sql.raw('asin, price, shipping, referral_fee, closing_fee, other_fees');

/**
 * Each item's fee estimate for this owner: the kept one while it is younger than FEE_ESTIMATE_DAYS (at
 * whatever price it was asked: pricing re-uses it by arithmetic), else Amazon's (`ask`), kept for the next
 * report. Items Amazon gave no estimate for are missing from the result.
 */
export async function feeEstimatesOf(
  db: Db,
  owner: FeeOwner,
  items: readonly FeeQuote[],
  ask: (items: FeeQuote[]) => Promise<(FeeEstimate | null)[]>,
): Promise<Map<string, FeeEstimate>> {
  if (items.length === 0) return new Map();
  const kept = await db.execute<StoredRow>(sql`
    select ${COLUMNS} from fee_estimates
     where user_id = ${owner.userId} and selling_partner_id = ${owner.sellingPartnerId}
       and country = ${owner.country}
       and asin = any(${sql.param(items.map((i) => i.asin))}::text[])
       and estimated_at > now() - make_interval(days => ${FEE_ESTIMATE_DAYS})`);
  const known = new Map(kept.rows.map((r) => [r.asin, toEstimate(r)]));
  const missing = items.filter((i) => !known.has(i.asin));
  if (missing.length === 0) return known;
  const answers = await ask(missing);
  const answered = missing.flatMap((item, i) => {
    const a = answers[i];
    return a ? [{ asin: item.asin, shipping: 0, other_fees: [], ...a }] : [];
  });
  if (answered.length === 0) return known;
  await db.execute(sql`
    insert into fee_estimates (user_id, selling_partner_id, country, asin, price, shipping, referral_fee,
                               closing_fee, other_fees, estimated_at)
    select ${owner.userId}, ${owner.sellingPartnerId}, ${owner.country}, asin, price, shipping, referral_fee,
           closing_fee, other_fees, now()
      from jsonb_to_recordset(${JSON.stringify(answered)}::jsonb)
           as x(asin text, price float8, shipping float8, referral_fee float8, closing_fee float8,
                other_fees jsonb)
    on conflict (user_id, selling_partner_id, country, asin) do update
      set price = excluded.price, shipping = excluded.shipping, referral_fee = excluded.referral_fee,
          closing_fee = excluded.closing_fee, other_fees = excluded.other_fees,
          estimated_at = excluded.estimated_at`);
  for (const a of answered) known.set(a.asin, toEstimate(a));
  return known;
}

/** Estimates older than this are read by nothing: removed nightly with the old restriction answers. */
export const KEPT_FEE_ESTIMATE_DAYS = 30;

export async function purgeOldFeeEstimates(db: Db): Promise<number> {
  const result = await db.execute(sql`
    delete from fee_estimates where estimated_at < now() - make_interval(days => ${KEPT_FEE_ESTIMATE_DAYS})`);
  return result.rowCount ?? 0;
}

/**
 * The user's latest kept estimate per ASIN in a selling country, of any age still kept (an inventory prices
 * with what the seller's account was last told, rather than fall back to the table after a week).
 */
export async function keptFeeEstimates(
  db: Db,
  userId: string,
  country: RegionCode,
  asins: readonly string[],
): Promise<Map<string, FeeEstimate>> {
  if (asins.length === 0) return new Map();
  const kept = await db.execute<StoredRow>(sql`
    select distinct on (asin) ${COLUMNS} from fee_estimates
     where user_id = ${userId} and country = ${country} and asin = any(${sql.param([...asins])}::text[])
     order by asin, estimated_at desc`);
  return new Map(kept.rows.map((r) => [r.asin, toEstimate(r)]));
}
