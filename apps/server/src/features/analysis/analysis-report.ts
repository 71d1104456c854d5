import {
  bannedMatcher,
  effectiveSettings,
  FIXED_RATES,
  reportLane,
  type BannedMatcher,
  type PricingSettings,
  type RegionCode,
  type ResolvedLane,
} from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { reports, userBannedContents } from '../../db/schema';

export interface AnalysisReport {
  id: string;
  fromCountry: RegionCode;
  toCountry: RegionCode;
  finalized: boolean;
  /** Moves with every price change: part of a cached filter result's key. */
  resultsVersion: number;
  /** The user's saved settings; null until saved. */
  settings: PricingSettings | null;
  /** What the rows are priced with: the saved settings or the defaults. */
  pricing: PricingSettings;
  /** The report's lane, resolved with its parity; null on a report from before lanes (today's formula). */
  lane: ResolvedLane | null;
  facets: { categories: string[]; bsr_categories: string[] } | null;
  total: number;
  skus: Record<string, string>;
  /** The user's banned lists for the selling region, compiled. */
  banned: BannedMatcher;
}

const selectReport = (db: Db, skus: boolean) =>
  db
    .select({
      id: reports.id,
      fromCountry: reports.fromCountry,
      toCountry: reports.toCountry,
      finalized: reports.finalized,
      resultsVersion: reports.resultsVersion,
      settings: reports.settings,
      parityRates: reports.parityRates,
      lane: reports.lane,
      facets: reports.facets,
      // `size` counts both sides; the product list itself (up to 200,000 IDs) is not read.
      total: sql<number>`coalesce(${reports.size} / 2, cardinality(${reports.content}))`,
      skus: skus ? reports.skus : sql<null>`null`,
      pids: userBannedContents.pids,
      brands: userBannedContents.brands,
      keywords: userBannedContents.keywords,
    })
    .from(reports)
    .leftJoin(userBannedContents, eq(userBannedContents.userId, reports.userId));

// Every results-table call reads the report: a prepared statement, built and planned once per pool.
const preparedFor = preparedPerDb((db: Db) =>
  selectReport(db, false)
    .where(and(eq(reports.id, sql.placeholder('reportId')), eq(reports.userId, sql.placeholder('userId'))))
    .prepare('analysis_report'),
);

/** A report row as the selects above (and {@link reportRowJson}) read it. */
type ReportRow = Awaited<ReturnType<ReturnType<typeof preparedFor>['execute']>>[number];

/**
 * One of the user's reports with what the analysis calls need, and the user's banned lists, in one
 * query. Undefined when the report is not the user's.
 */
export async function loadAnalysisReport(
  db: Db,
  userId: string,
  reportId: string,
  opts: { skus?: boolean } = {},
): Promise<AnalysisReport | undefined> {
  const [row] = opts.skus
    ? await selectReport(db, true).where(and(eq(reports.id, reportId), eq(reports.userId, userId)))
    : await preparedFor(db).execute({ reportId, userId });
  return row && analysisReportOf(row);
}

/**
 * The row {@link loadAnalysisReport} reads (without the SKUs), as one JSON value, for a statement that
 * reads the report beside its own work (the page read, the scan) rather than in a round trip of its own
 * (issue 63). The query yields no row when the report is not the user's.
 */
export const reportRowJson = (reportId: string, userId: string) => sql`
  select json_build_object(
           'id', r.id, 'fromCountry', r.from_country, 'toCountry', r.to_country, 'finalized', r.finalized,
           'resultsVersion', r.results_version, 'settings', r.settings, 'parityRates', r.parity_rates,
           'lane', r.lane, 'facets', r.facets, 'total', coalesce(r.size / 2, cardinality(r.content)),
           'skus', null, 'pids', b.pids, 'brands', b.brands, 'keywords', b.keywords) as report,
         r.results_version, r.finalized
    from reports r left join user_banned_contents b on b.user_id = r.user_id
   where r.id = ${reportId}::uuid and r.user_id = ${userId}`;

/** The report of a {@link reportRowJson} value, as {@link loadAnalysisReport} answers it. */
export const analysisReportFromJson = (json: unknown): AnalysisReport => analysisReportOf(json as ReportRow);

function analysisReportOf(row: ReportRow): AnalysisReport {
  const fromCountry = row.fromCountry as RegionCode;
  const toCountry = row.toCountry as RegionCode;
  const pricing = effectiveSettings({
    settings: row.settings ?? null,
    from_country: fromCountry,
    to_country: toCountry,
    parity_rates: row.parityRates ?? FIXED_RATES,
  });
  return {
    id: row.id,
    fromCountry,
    toCountry,
    finalized: row.finalized,
    resultsVersion: row.resultsVersion,
    settings: row.settings ?? null,
    pricing,
    lane: reportLane(fromCountry, toCountry, pricing.parity, row.parityRates, row.lane),
    facets: row.facets ?? null,
    total: Number(row.total ?? 0),
    skus: row.skus ?? {},
    banned: bannedMatcher(
      { pids: row.pids ?? {}, brands: row.brands ?? {}, keywords: row.keywords ?? {} },
      toCountry,
    ),
  };
}
