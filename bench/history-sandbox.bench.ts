// The sandbox's side of a 365-day chart (issue 59): what `GET /v1/products/:marketplace/:asin/history?days=365`
// spends building the sandbox's synthetic year. `history.sandbox_365_uncached`: a whole year built again on
// every call (how every call ran before issue 59: measured with a fresh provider each call);
// `history.sandbox_365`: the provider's share of the chart read as it runs now (`productHistory` on one
// provider: only the days before the first observation, each built once), over products charted before,
// half observed every day of the year and half never; `history.sandbox_365_ratio`: now ÷ before at p95,
// budget ≤ 0.1. `history.sandbox_365_chart`: the whole read, the database's part included.
import { sql } from 'drizzle-orm';
import { productHistory } from '../apps/server/src/features/history/read-history';
import { createSandboxMarketplace } from '../apps/server/src/providers/marketplace/sandbox';
import { benchDatabase } from './bench-db';

const SAMPLES = Number(process.env.BENCH_HISTORY_SAMPLES ?? 300);
const CHARTED = 100;
const DAY = 86_400_000;

const asinOf = (i: number) => `BS${String(i).padStart(8, '0')}`;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => sorted(xs)[Math.ceil(xs.length * 0.95) - 1]!;

const db = await benchDatabase();
try {
  const sandbox = createSandboxMarketplace();
  const today = Math.floor(Date.now() / DAY) * DAY;

  // Before: each call builds the whole year (a fresh provider keeps nothing).
  const uncached: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const fresh = createSandboxMarketplace();
    const t0 = performance.now();
    fresh.history!(asinOf(i % CHARTED), 'us', 365, today);
    uncached.push(performance.now() - t0);
  }
  console.log(`BENCH history.sandbox_365_uncached_p50 ${median(uncached).toFixed(2)} ms`);
  console.log(`BENCH history.sandbox_365_uncached_p95 ${p95(uncached).toFixed(2)} ms`);

  // The past year's monthly partitions (the migration makes last month and the next three).
  await db.db.execute(
    sql.raw(`DO $$ DECLARE m date; s text; BEGIN
      FOR i IN 2..13 LOOP
        m := (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => i))::date;
        s := to_char(m, '"y"YYYY"m"MM');
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF product_observation_days FOR VALUES FROM (%L) TO (%L)',
          'product_observation_days_' || s, m, (m + interval '1 month')::date);
      END LOOP; END $$`),
  );
  // Half the charted products with a year of daily roll-ups: observations cover every day.
  await db.db.execute(sql`
    insert into product_observation_days (day, marketplace, asin, currency, observations, out_of_stock,
      buybox_min_cents, buybox_max_cents, buybox_last_cents, lowest_new_min_cents, lowest_new_max_cents,
      lowest_fba_min_cents, new_offers_last, fba_offers_last, buybox_is_amazon_last, rank_first, rank_last,
      rank_best, rank_improvements, rank_category)
    select (now() at time zone 'UTC')::date - d, 'us', 'BS' || lpad(p::text, 8, '0'), 'USD', 1, 0,
           1000 + d, 1100 + d, 1050 + d, 990 + d, 1090 + d, 1010 + d, 5, 2, false,
           5000 + d * 10, 4900 + d * 10, 4800 + d * 10, d % 2, 'Toys & Games'
    from generate_series(1, 365) d, generate_series(0, ${CHARTED / 2 - 1}) p`);
  await db.db.execute(sql`analyze product_observation_days`);

  // Now: the chart read on one provider, timing the provider's part of it.
  let spent = 0;
  const timed = {
    history: (...args: Parameters<NonNullable<typeof sandbox.history>>) => {
      const t0 = performance.now();
      const days = sandbox.history!(...args);
      spent += performance.now() - t0;
      return days;
    },
  };
  const chart = (i: number) =>
    productHistory(db.db, timed, { marketplace: 'us', asin: asinOf(i % CHARTED), days: 365 });
  for (let i = 0; i < CHARTED; i++) await chart(i);
  const provider: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    spent = 0;
    const t0 = performance.now();
    const answer = await chart(i);
    whole.push(performance.now() - t0);
    provider.push(spent);
    // The observed half reads its roll-ups (all but the last days, read raw and absent here).
    if (i % CHARTED < CHARTED / 2 && answer.points.length < 360)
      throw new Error(`chart of ${answer.points.length} points`);
  }
  console.log(`BENCH history.sandbox_365_p50 ${median(provider).toFixed(3)} ms`);
  console.log(`BENCH history.sandbox_365_p95 ${p95(provider).toFixed(3)} ms`);
  console.log(`BENCH history.sandbox_365_ratio ${(p95(provider) / p95(uncached)).toFixed(3)} x`);
  console.log(`BENCH history.sandbox_365_chart_p50 ${median(whole).toFixed(2)} ms`);
  console.log(`BENCH history.sandbox_365_chart_p95 ${p95(whole).toFixed(2)} ms`);
} finally {
  await db.close();
}
