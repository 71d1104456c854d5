// Price history (issue 49). `history.chart_p95`: the 365-day chart's read (`productHistory`, as
// `GET /v1/products/:marketplace/:asin/history?days=365` runs it) with BENCH_HISTORY_ROWS (20 million)
// observations in the table; budget ≤ 30 ms. `history.write_overhead`: a 10,000-product report processed
// with history kept ÷ without, runs interleaved, medians; budget ≤ 1.05.
import { sql } from 'drizzle-orm';
import { recordingHistory } from '../apps/server/src/features/history';
import { productHistory } from '../apps/server/src/features/history/read-history';
import { processReport } from '../apps/server/src/features/reports/process-report';
import { createSandboxMarketplace } from '../apps/server/src/providers/marketplace/sandbox';
import { benchDatabase, insertBenchReport } from './bench-db';

const ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 20_000_000);
/** Distinct ASINs the observations spread over: 100 each over the last 90 days at 20 million. */
const PRODUCTS = Number(process.env.BENCH_HISTORY_PRODUCTS ?? 200_000);
/** ASINs the chart is read for, each with a year of daily roll-ups. */
const CHARTED = 100;
const SAMPLES = Number(process.env.BENCH_HISTORY_SAMPLES ?? 300);
const REPORT = Number(process.env.BENCH_HISTORY_REPORT ?? 10_000);
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 3);
const CHUNK = 1_000_000;

const asinOf = (i: number) => `BH${String(i).padStart(8, '0')}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

const db = await benchDatabase();
try {
  // The past year's monthly partitions (the migration makes last month and the next three).
  await db.db.execute(
    sql.raw(`DO $$ DECLARE m date; s text; BEGIN
      FOR i IN 2..13 LOOP
        m := (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => i))::date;
        s := to_char(m, '"y"YYYY"m"MM');
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF product_observations FOR VALUES FROM (%L) TO (%L)',
          'product_observations_' || s, (m::timestamp AT TIME ZONE 'UTC'), ((m + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF product_observation_days FOR VALUES FROM (%L) TO (%L)',
          'product_observation_days_' || s, m, (m + interval '1 month')::date);
      END LOOP; END $$`),
  );

  // Raw observations: the last 90 days (raw retention is 100), each ASIN seen every ~22 hours. On one
  // connection without the pool's 30 s statement timeout: a chunk is a bulk load, not a request.
  const g0 = performance.now();
  const loader = await db.pool.connect();
  try {
    await loader.query('set statement_timeout = 0');
    for (let from = 1; from <= ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK - 1);
      await loader.query(
        `insert into product_observations (kind, marketplace, asin, currency, observed_at, buybox_cents,
           lowest_new_cents, lowest_fba_cents, new_offers, fba_offers, sales_rank, rank_category, in_stock,
           buybox_is_amazon)
         select 'full', 'us', 'BH' || lpad((g % $3)::text, 8, '0'), 'USD',
                now() - (($4 - g)::float8 / $4) * interval '90 days',
                1000 + (g % 997), 990 + (g % 991), 1010 + (g % 983), (g % 17)::smallint, (g % 5)::smallint,
                1000 + (g * 7919) % 200000, 'Toys & Games', g % 50 <> 0, false
         from generate_series($1::bigint, $2::bigint) g`,
        [from, to, PRODUCTS, ROWS],
      );
    }
  } finally {
    loader.release();
  }
  // A year of roll-ups for the charted ASINs (the nightly fold's rows), generated like the raw rows.
  await db.db.execute(sql`
    insert into product_observation_days (day, marketplace, asin, currency, observations, out_of_stock,
      buybox_min_cents, buybox_max_cents, buybox_last_cents, lowest_new_min_cents, lowest_new_max_cents,
      lowest_fba_min_cents, new_offers_last, fba_offers_last, buybox_is_amazon_last, rank_first, rank_last,
      rank_best, rank_improvements, rank_category)
    select (now() at time zone 'UTC')::date - d, 'us', 'BH' || lpad(p::text, 8, '0'), 'USD', 1 + d % 3,
           (d % 40 = 0)::int, 1000 + d, 1100 + d, 1050 + d, 990 + d, 1090 + d, 1010 + d, 5, 2, false,
           5000 + d * 10, 4900 + d * 10, 4800 + d * 10, d % 2, 'Toys & Games'
    from generate_series(1, 365) d, generate_series(0, ${CHARTED - 1}) p`);
  await db.db.execute(sql`analyze product_observations`);
  await db.db.execute(sql`analyze product_observation_days`);
  const [{ n } = { n: 0 }] = (
    await db.db.execute<{ n: number }>(sql`select count(*)::bigint as n from product_observations`)
  ).rows;
  console.log(`BENCH history.generate_rows ${Number(n)} rows`);
  console.log(`BENCH history.generate_time ${((performance.now() - g0) / 1000).toFixed(1)} s`);

  // The chart: the charted ASINs in turn, after a warm-up of each.
  const chart = (i: number) =>
    productHistory(db.db, {}, { marketplace: 'us', asin: asinOf(i % CHARTED), days: 365 });
  for (let i = 0; i < CHARTED; i++) await chart(i);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const answer = await chart(i);
    times.push(performance.now() - t0);
    if (answer.points.length < 365) throw new Error(`chart of ${answer.points.length} points`);
  }
  console.log(`BENCH history.chart_p50 ${median(times).toFixed(2)} ms`);
  console.log(`BENCH history.chart_p95 ${p95(times).toFixed(2)} ms`);
  console.log(`BENCH history.chart_p95_ratio_to_budget ${(p95(times) / 30).toFixed(2)} x`);

  // The write: a report with history kept and without, interleaved so load drifts hit both alike.
  const sandbox = createSandboxMarketplace();
  const kept = recordingHistory(createSandboxMarketplace(), { db: db.db, logger: db.logger });
  const seconds = { on: [] as number[], off: [] as number[] };
  for (let run = 0; run < RUNS * 2; run++) {
    const on = run % 2 === 1;
    const report = await insertBenchReport(db.db, db.userId, REPORT, `W${run}`);
    const t0 = performance.now();
    const outcome = await processReport(
      { db: db.db, marketplace: on ? kept : sandbox, logger: db.logger, leaseSeconds: 60, owner: 'bench' },
      report.id,
    );
    if (outcome !== 'finalized') throw new Error(`report ended ${outcome}`);
    seconds[on ? 'on' : 'off'].push((performance.now() - t0) / 1000);
  }
  const ratio = median(seconds.on) / median(seconds.off);
  console.log(`BENCH history.report_${REPORT}_off ${median(seconds.off).toFixed(2)} s`);
  console.log(`BENCH history.report_${REPORT}_on ${median(seconds.on).toFixed(2)} s`);
  console.log(`BENCH history.write_overhead ${ratio.toFixed(3)} x`);
} finally {
  await db.close();
}
