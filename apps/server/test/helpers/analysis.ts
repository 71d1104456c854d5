import {
  FIXED_RATES,
  parcelOf,
  priceProduct,
  reportLane,
  type PricingContext,
  type PricingSettings,
  type ProductSide,
  type RegionCode,
  type ReportLane,
  type ReportRestriction,
  type ResultRow,
} from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { upsertResultRows } from '../../src/db/result-rows';
import { reports, user } from '../../src/db/schema';

export type SeedRow = {
  product_id: string;
  row_cross: ProductSide;
  row_to: ProductSide;
  restriction?: ReportRestriction | null;
};

export async function userIdOf(db: Db, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/**
 * A finalized report holding exactly these rows, written as the worker writes them (`upsertResultRows`),
 * priced with `pricedWith`; `settings` is what the report shows as saved (none by default). `lane` is the
 * report's lane snapshot: none by default, a report from before lanes (the specification's formula), so
 * tests about filters, exports and charts keep figures worked by hand.
 */
export async function seedReport(
  db: Db,
  userId: string,
  rows: readonly SeedRow[],
  options: {
    from?: RegionCode;
    to?: RegionCode;
    settings?: PricingSettings | null;
    pricedWith: PricingSettings;
    skus?: Record<string, string>;
    lane?: ReportLane | null;
  },
): Promise<{ id: string; rows: ResultRow[] }> {
  const from = options.from ?? 'us';
  const to = options.to ?? 'ca';
  const [report] = await db
    .insert(reports)
    .values({
      userId,
      title: 'Seeded',
      fromCountry: from,
      toCountry: to,
      content: rows.map((r) => r.product_id),
      size: rows.length * 2,
      doneSize: rows.length * 2,
      finalized: true,
      finishAt: new Date(),
      settings: options.settings ?? null,
      skus: options.skus ?? null,
      parityRates: FIXED_RATES,
      lane: options.lane ?? null,
    })
    .returning({ id: reports.id });
  const ctx: PricingContext = {
    toRegion: to,
    lane: reportLane(from, to, options.pricedWith.parity, FIXED_RATES, options.lane),
  };
  const priced: ResultRow[] = rows.map((r) => ({
    ...r,
    fbm: priceProduct({ ...r, parcel: parcelOf(r.row_cross) }, options.pricedWith, ctx),
    banned: null,
  }));
  const looked = rows.map((r) => ({ ...r, offers_cross: [], offers_to: [] }));
  const positions = new Map(rows.map((r, i) => [r.product_id, i]));
  await db.execute(
    sql`${upsertResultRows(report!.id, looked, options.pricedWith, ctx, positions)} select count(*) from narrow`,
  );
  return { id: report!.id, rows: priced };
}
