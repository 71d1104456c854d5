import {
  CANNOT_LIST_TRUSTED_HOURS,
  LISTING_RESTRICTION_DAYS,
  type ListingRestriction,
  type ListingRestrictionState,
  type RegionCode,
  type ReportRestriction,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Whose answers these are: Amazon's restrictions belong to a selling partner in one marketplace. Kept per
 * user too: the selling partner id comes back through the browser on consent, so one user's answers are
 * never read by another who claims the same id.
 */
export interface RestrictionOwner {
  userId: string;
  sellingPartnerId: string;
  country: RegionCode;
}

type StoredRow = {
  asin: string;
  state: string;
  reasons: string[];
  approval_url: string | null;
  checked_at: string;
};

const toRestriction = (r: StoredRow): ReportRestriction => ({
  state: r.state as ListingRestrictionState,
  reasons: r.reasons,
  approval_url: r.approval_url,
  checked_at: new Date(r.checked_at).toISOString(),
});

/**
 * The kept answers still trusted for these ASINs, by ASIN: younger than LISTING_RESTRICTION_DAYS, and a
 * `cannot_list` younger than CANNOT_LIST_TRUSTED_HOURS (it withholds a report's offers calls; an older
 * one is asked again, so a seller approved meanwhile gets offers at the next report).
 */
export async function freshAnswers(
  db: Db,
  owner: RestrictionOwner,
  asins: readonly string[],
): Promise<Map<string, ReportRestriction>> {
  if (asins.length === 0) return new Map();
  const result = await db.execute<StoredRow>(sql`
    select asin, state, reasons, approval_url, checked_at from listing_restrictions
     where user_id = ${owner.userId} and selling_partner_id = ${owner.sellingPartnerId}
       and country = ${owner.country}
       and asin = any(${sql.param([...asins])}::text[])
       and checked_at > now() - case when state = 'cannot_list'
                                     then make_interval(hours => ${CANNOT_LIST_TRUSTED_HOURS})
                                     else make_interval(days => ${LISTING_RESTRICTION_DAYS}) end`);
  return new Map(result.rows.map((r) => [r.asin, toRestriction(r)]));
}

/** Keeps Amazon's new answers (replacing older ones) and gives them back with the time they were kept. */
export async function keepAnswers(
  db: Db,
  owner: RestrictionOwner,
  answers: ReadonlyMap<string, ListingRestriction>,
): Promise<Map<string, ReportRestriction>> {
  if (answers.size === 0) return new Map();
  const input = [...answers].map(([asin, r]) => ({
    asin,
    state: r.state,
    reasons: r.reasons,
    approval_url: r.approval_url,
  }));
  const result = await db.execute<StoredRow>(sql`
    insert into listing_restrictions (user_id, selling_partner_id, country, asin, state, reasons, approval_url,
                                      checked_at)
    select ${owner.userId}, ${owner.sellingPartnerId}, ${owner.country}, asin, state, reasons, approval_url, now()
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
           as x(asin text, state text, reasons jsonb, approval_url text)
    on conflict (user_id, selling_partner_id, country, asin) do update
      set state = excluded.state, reasons = excluded.reasons, approval_url = excluded.approval_url,
          checked_at = excluded.checked_at
    returning asin, state, reasons, approval_url, checked_at`);
  return new Map(result.rows.map((r) => [r.asin, toRestriction(r)]));
}

/**
 * Each ASIN's restriction for this owner: the kept answer while it is fresh, else Amazon's (`ask`), kept
 * for the next report. ASINs Amazon did not answer are missing from the result.
 */
export async function restrictionsOf(
  db: Db,
  owner: RestrictionOwner,
  asins: readonly string[],
  ask: (asins: string[]) => Promise<(ListingRestriction | null)[]>,
  { fresh = true }: { fresh?: boolean } = {},
): Promise<Map<string, ReportRestriction>> {
  const known = fresh ? await freshAnswers(db, owner, asins) : new Map<string, ReportRestriction>();
  const missing = asins.filter((a) => !known.has(a));
  if (missing.length === 0) return known;
  const answers = await ask(missing);
  const answered = new Map<string, ListingRestriction>();
  missing.forEach((asin, i) => {
    const answer = answers[i];
    if (answer) answered.set(asin, answer);
  });
  for (const [asin, r] of await keepAnswers(db, owner, answered)) known.set(asin, r);
  return known;
}

/**
 * Kept answers no report or inventory will read again (older than the kept period several times over, or
 * of an Amazon account nobody connects any more): removed nightly.
 */
export const KEPT_RESTRICTION_DAYS = 30;

export async function purgeOldRestrictions(db: Db): Promise<number> {
  const result = await db.execute(sql`
    delete from listing_restrictions
     where checked_at < now() - make_interval(days => ${KEPT_RESTRICTION_DAYS})`);
  return result.rowCount ?? 0;
}
