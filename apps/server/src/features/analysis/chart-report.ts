import {
  CHART_TARGET_BINS,
  RANK_CELLS_PER_DECADE,
  type ChartsRequest,
  type ChartsResponse,
  type Histogram,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import { onScanPool, type Db } from '../../db/client';
import { apiError, notFound } from '../../http/errors';
import { NO_TIMING, type Timing } from '../../http/server-timing';
import { loadAnalysisReport } from './analysis-report';
import { compileFilters } from './compile-filters';
import { ownedFilters, refuseBeforeSettings } from './filter-report';
import { tryLockForUser } from '../../db/user-lock';

/**
 * A "nice" bar width for the values between `lo` and `hi`: (hi − lo) / CHART_TARGET_BINS rounded up to
 * 1, 2 or 5 × a power of ten, at least a cent (every stored figure is rounded to cents).
 */
function niceStep(lo: SQL, hi: SQL): SQL {
  const raw = sql`((${hi} - ${lo}) / ${CHART_TARGET_BINS}::float8)`;
  const power = sql`power(10::float8, floor(log(${raw})))`;
  return sql`case when ${hi} > ${lo} then greatest(0.01, ${power} * case
      when ${raw} / ${power} <= 1 then 1 when ${raw} / ${power} <= 2 then 2
      when ${raw} / ${power} <= 5 then 5 else 10 end) else 1 end`;
}

/** A value pulled into [lo, hi] (the 2nd and 98th percentiles), so outliers join the edge bars. */
const clamp = (value: SQL, metric: 'ppr' | 'profit') =>
  sql`least(greatest(${value}, s.${sql.raw(metric)}_lo), s.${sql.raw(metric)}_hi)`;
const bucket = (value: SQL, metric: 'ppr' | 'profit') =>
  sql`floor(${clamp(value, metric)} / s.${sql.raw(metric)}_step)::int`;

interface MetricStats {
  step: number | null;
  min: number | null;
  max: number | null;
  bins: [number, number][];
}

interface ChartRow {
  n: number;
  ppr: MetricStats;
  profit: MetricStats;
  cells: [number, number, number][];
}

/** Float noise off a multiple of the step (3 × 0.1 is 0.30000000000000004). */
const tidy = (x: number) => Number(x.toPrecision(12));

/** The bars from the lowest to the highest bucket, empty ones included, with open edges for outliers. */
function histogram({ step, min, max, bins }: MetricStats): Histogram {
  if (step === null || min === null || max === null || bins.length === 0) return { step: null, bins: [] };
  const counts = new Map(bins);
  const first = Math.min(...counts.keys());
  const last = Math.max(...counts.keys());
  const out: Histogram['bins'] = [];
  for (let k = first; k <= last; k++) {
    const start = tidy(k * step);
    const end = tidy((k + 1) * step);
    out.push({
      from: k === first && min < start ? null : start,
      to: k === last && max >= end ? null : end,
      start,
      end,
      count: counts.get(k) ?? 0,
    });
  }
  return { step: tidy(step), bins: out };
}

/**
 * POST /v1/charts: one statement over every filtered row of `report_products` computes both histograms
 * (fbm PPR and profit amount at the buy box) and the PPR × sales-rank cells, so the browser receives a
 * few hundred numbers however many products match.
 */
/** How long a refused charts call is told to wait. */
const CHARTS_BUSY_RETRY_SECONDS = 5;
const chartsBusy = () =>
  apiError(429, 'charts_busy', 'apiErrors.chartsBusy', { retryAfterSeconds: CHARTS_BUSY_RETRY_SECONDS });

export async function chartReport(
  db: Db,
  userId: string,
  body: ChartsRequest,
  timing: Timing = NO_TIMING,
): Promise<ChartsResponse> {
  timing.kind('charts');
  // Another user's or an unknown report answers 404 before a new filter string is decoded or kept.
  const owned = await ownedFilters(db, userId, body.report_id, body.filters ?? '');
  const { filters } = owned;
  const where = compileFilters(filters);
  // Both percentiles of a metric from one sort of its values.
  const stat = (metric: 'ppr' | 'profit') => {
    const m = sql.raw(metric);
    return sql`min(${m}) as ${sql.raw(`${metric}_min`)}, max(${m}) as ${sql.raw(`${metric}_max`)},
      percentile_disc(array[0.02, 0.98]) within group (order by ${m}) as ${sql.raw(`${metric}_q`)}`;
  };
  const edges = (metric: 'ppr' | 'profit') =>
    sql.raw(`st.${metric}_q[1] as ${metric}_lo, st.${metric}_q[2] as ${metric}_hi`);
  const metric = (name: 'ppr' | 'profit') => {
    const m = sql.raw(name);
    return sql`json_build_object(
      'step', s.${sql.raw(`${name}_step`)}, 'min', s.${sql.raw(`${name}_min`)}, 'max', s.${sql.raw(`${name}_max`)},
      'bins', (select coalesce(json_agg(json_build_array(k, c)), '[]'::json) from (
        select ${bucket(sql`m.${m}`, name)} as k, count(*)::int as c from m where m.${m} is not null group by 1) b))`;
  };
  const [report, result] = await Promise.all([
    owned.report ?? loadAnalysisReport(db, userId, body.report_id),
    // One charts call per user on any server: a transaction lock on the scan's own connection, so the
    // wait for it holds nothing else (a second call meanwhile is told to wait).
    timing.time('scan', () =>
      onScanPool(db, (scans) =>
        scans.transaction(async (tx) => {
          if (!(await tryLockForUser(tx, 'analysis-charts', userId))) throw chartsBusy();
          return tx.execute<{ charts: ChartRow }>(sql`
    with m as materialized (
      select r.fbm_profit_percent as ppr, r.fbm_profit_amount as profit, r.to_sales_rank as rank
        from report_products r
       where r.report_id = ${body.report_id}::uuid and ${where}
         and exists (select 1 from reports o where o.id = ${body.report_id}::uuid and o.user_id = ${userId})
    ),
    st as (select count(*)::int as n, ${stat('ppr')}, ${stat('profit')} from m),
    q as (select st.*, ${edges('ppr')}, ${edges('profit')} from st),
    -- Materialized: the steps are computed once, not again for every row the bars group.
    s as materialized (
      select q.*, ${niceStep(sql`q.ppr_lo`, sql`q.ppr_hi`)} as ppr_step,
             ${niceStep(sql`q.profit_lo`, sql`q.profit_hi`)} as profit_step
        from q
    )
    select json_build_object('n', s.n, 'ppr', ${metric('ppr')}, 'profit', ${metric('profit')},
      'cells', (select coalesce(json_agg(json_build_array(rank, ppr, c)), '[]'::json) from (
        select avg(m.rank) as rank, avg(${clamp(sql`m.ppr`, 'ppr')}) as ppr, count(*)::int as c
          from m
         where m.ppr is not null and m.rank >= 1
         group by floor(log(m.rank) * ${RANK_CELLS_PER_DECADE})::int, ${bucket(sql`m.ppr`, 'ppr')}) cells)
    ) as charts from s`);
        }),
      ),
    ),
  ]);
  if (!report) throw notFound('This report was not found.');
  refuseBeforeSettings(filters, report);
  const row = result.rows[0]!.charts;
  return {
    filtered_count: row.n,
    settings_defined: report.settings !== null,
    ppr: histogram(row.ppr),
    profit: histogram(row.profit),
    rank_ppr: row.cells.map(([rank, ppr, count]) => ({
      rank: Math.round(rank),
      ppr: Math.round(ppr * 100) / 100,
      count,
    })),
  };
}
