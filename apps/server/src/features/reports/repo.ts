import {
  FIXED_RATES,
  parityFor,
  regionByCode,
  parseReportLane,
  type RegionCode,
  type ReportPhase,
  type RestrictionPhase,
} from '@crossmarket/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';

export type ReportRow = typeof reports.$inferSelect;

/** The columns the list and the progress stream read: never the product list, which can be 200,000 IDs. */
const summaryColumns = {
  id: reports.id,
  title: reports.title,
  type: reports.type,
  createdAt: reports.createdAt,
  finishAt: reports.finishAt,
  fromMarketplace: reports.fromMarketplace,
  toMarketplace: reports.toMarketplace,
  fromCountry: reports.fromCountry,
  toCountry: reports.toCountry,
  size: reports.size,
  doneSize: reports.doneSize,
  finalized: reports.finalized,
  noAnswerCount: reports.noAnswerCount,
  cachedCount: reports.cachedCount,
  estimatedFinishAt: reports.estimatedFinishAt,
  restrictionsState: reports.restrictionsState,
  restrictionsTotal: reports.restrictionsTotal,
  restrictionsChecked: reports.restrictionsChecked,
  /**
   * A supplier report matching its list's lines (issue 62): the lines answered so far (kept per list and
   * marketplace, counted by their key); null on any other report and once matched.
   */
  supplierLines: reports.supplierLines,
  supplierAnswered: sql<number | null>`case when ${reports.supplierListId} is not null
      and ${reports.supplierMatchedAt} is null and ${reports.doneSize} <> -1
    then (select count(*)::int from supplier_matches m
           where m.list_id = ${reports.supplierListId} and m.marketplace = ${reports.toCountry}) end`,
};
type SummaryRow = Pick<ReportRow, Exclude<keyof typeof summaryColumns, 'supplierAnswered'>> & {
  supplierAnswered?: number | null;
};

/** Matching a supplier list: lines answered of the list's lines (older reports: their size, two a line). */
const supplierMatchingOf = (r: SummaryRow) =>
  r.supplierAnswered === null || r.supplierAnswered === undefined
    ? null
    : { matched: r.supplierAnswered, total: r.supplierLines ?? Math.round((r.size ?? 0) / 2) };

/** The worker's estimate, only while the report runs (a finished or cancelled one has none). */
const estimate = (r: SummaryRow) => (r.finalized || r.doneSize === -1 ? null : r.estimatedFinishAt);

/** The restriction phase as the page shows it; null where there is none. */
const restrictionsOf = (r: SummaryRow) =>
  r.restrictionsState
    ? {
        state: r.restrictionsState as RestrictionPhase,
        total: r.restrictionsTotal,
        checked: r.restrictionsChecked,
      }
    : null;

/** The phase the report is in: its lookups, then its restriction phase; null once it no longer moves. */
const phaseOf = (r: SummaryRow): ReportPhase | null => {
  if (r.doneSize === -1) return null;
  if (!r.finalized) return 'looking_up';
  return r.restrictionsState === 'waiting' || r.restrictionsState === 'checking' ? 'restrictions' : null;
};

/** True while the report still changes: its lookups, then its restriction phase. */
export const stillMoving = (r: SummaryRow) => phaseOf(r) !== null;

const summary = (r: SummaryRow) => ({
  id: r.id,
  title: r.title,
  type: r.type,
  created_at: r.createdAt,
  finish_at: r.finishAt,
  from_marketplace: r.fromMarketplace,
  to_marketplace: r.toMarketplace,
  // Only region codes the request schema accepted are stored.
  from_country: r.fromCountry as RegionCode,
  to_country: r.toCountry as RegionCode,
  size: r.size,
  done_size: r.doneSize,
  finalized: r.finalized,
  /** The finish summary: products Amazon did not answer for (their rows say so), 0 until finished. */
  no_answer_count: r.noAnswerCount,
  // No `cached_count`: on a small report it would tell a seller that someone else looked the same
  // product up minutes ago (the count stays in the table and the log, for operators and the bench).
  estimated_finish_at: estimate(r),
  restrictions: restrictionsOf(r),
  phase: phaseOf(r),
  supplier_matching: supplierMatchingOf(r),
});
export type ReportSummary = ReturnType<typeof summary>;

const countryInfo = (code: string) => {
  const region = regionByCode(code as RegionCode);
  return {
    code: region.code,
    name: region.name,
    flag_code: region.flag_code,
    currency: { code: region.currency.code, symbol: region.currency.symbol },
  };
};

/** The user's last 20 reports, newest first (the list screen). */
export async function listReports(db: Db, userId: string) {
  const rows = await db
    .select(summaryColumns)
    .from(reports)
    .where(eq(reports.userId, userId))
    .orderBy(desc(reports.createdAt))
    .limit(20);
  return rows.map(summary);
}

/** One of the user's reports, as far as its progress goes (the events stream polls this). */
export async function findReportProgress(db: Db, userId: string, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, userId)));
  return row;
}

export async function findReport(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, userId)));
  return row;
}

/** One report with what its detail screen derives: both countries' info and the parity rates. */
export function reportDetail(r: ReportRow) {
  const rates = r.parityRates ?? FIXED_RATES;
  return {
    ...summary(r),
    content: r.content,
    skus: r.skus ?? {},
    from_country_info: countryInfo(r.fromCountry),
    to_country_info: countryInfo(r.toCountry),
    parity_rates: rates,
    parity: parityFor(r.fromCountry as RegionCode, r.toCountry as RegionCode, rates),
    /** The seller's saved settings for this report; null until the Settings tab saves them. */
    settings: r.settings ?? null,
    amazon_accounts: r.amazonAccounts ?? null,
    // Re-read through the schema: a lane setting added later takes its default.
    lane: r.lane ? parseReportLane(r.lane) : null,
    priced_with: r.pricedWith,
    rates_of: r.ratesSource && r.ratesAsOf ? { source: r.ratesSource, as_of: r.ratesAsOf } : null,
  };
}

/** The progress fields the list and the events stream show. */
export const progressOf = (r: SummaryRow) => ({
  id: r.id,
  size: r.size,
  done_size: r.doneSize,
  finalized: r.finalized,
  finish_at: r.finishAt,
  no_answer_count: r.noAnswerCount,
  estimated_finish_at: estimate(r),
  restrictions: restrictionsOf(r),
  phase: phaseOf(r),
  supplier_matching: supplierMatchingOf(r),
});
