// The plain SQL the analysis figures are normalised by: the page of 20 a developer would fetch by hand
// for the 15 filters of analysis.bench.ts, sorted by PPR (filter and sort the narrow rows, then read the
// snapshots of those 20 only). Its p50 measures the machine: the budgets were set where it took 25 ms
// (issue 47), so a figure divided by it compares across machines.
import { settingsRequestSchema } from '@crossmarket/domain';
import { makeSettings } from '@crossmarket/domain/testing';
import { sql } from 'drizzle-orm';
import { connect, type Db } from '../apps/server/src/db/client';
import { migrateAndSeed } from '../apps/server/src/db/migrate';
import { saveSettings } from '../apps/server/src/features/analysis/save-settings';
import { processReport } from '../apps/server/src/features/reports/process-report';
import { pino, type Logger } from 'pino';
import { createSandboxMarketplace } from '../apps/server/src/providers/marketplace/sandbox';
import { insertBenchReport, insertBenchUser } from './bench-db';

/** The plain query's p50 on the machine the budgets were set on. */
export const BUDGET_MACHINE_PLAIN_SQL_MS = 25;

/** The size of the report the plain query runs on (analysis.bench.ts's). */
export const PLAIN_SQL_PRODUCTS = 50_000;

// The analysis bench's 15 filters written by hand, as a developer would query the table directly.
export const PLAIN_WHERE = sql`
  r.cross_buybox_price between 1 and 2000 and r.to_buybox_price >= 1 and r.cross_sellers_count >= 1
  and r.to_sellers_count <= 500 and not r.cross_is_noship and not r.to_is_nostock
  and r.to_sales_rank is not null and r.to_review_count >= 0 and r.cross_weight_lbs <= 150
  and strpos(r.to_title, ' refurbished ') = 0 and strpos(r.to_title, ' used ') = 0
  and r.to_brand <> 'generic' and r.fbm_available and r.fbm_profit_percent >= -50
  and r.cross_max_order_quantity >= 1 and r.to_review_rating >= 1`;

/** The page of 20 of `reportId` that the 15 filters leave, by PPR descending. */
export const plainPageSql = (reportId: string) => sql`
    select p.product_id, w.row_cross, w.row_to
      from (select r.product_id, r.fbm_profit_percent
              from report_products r
             where r.report_id = ${reportId}::uuid and ${PLAIN_WHERE}
             order by r.fbm_profit_percent desc nulls last, r.product_id
             limit 20) p
      join report_product_snapshots w on w.report_id = ${reportId}::uuid and w.product_id = p.product_id
     order by p.fbm_profit_percent desc nulls last, p.product_id`;

/**
 * A 50,000-product US → CA report made as analysis.bench.ts makes its own (sandbox data, the same
 * pricing rules), owned by `userId`, on which {@link plainPageSql} is timed by the benches that do not
 * build that report themselves.
 */
export async function plainSqlReport(db: Db, userId: string, logger: Logger) {
  const report = await insertBenchReport(db, userId, PLAIN_SQL_PRODUCTS, 'A');
  const deps = { db, marketplace: createSandboxMarketplace(), logger, leaseSeconds: 120, owner: 'bench' };
  if ((await processReport(deps, report.id)) !== 'finalized') throw new Error('the plain SQL report failed');
  const rule = {
    rule_type: 'cost',
    threshold_start: 0,
    threshold_end: 10_000_000,
    rate_type: 'fixed',
  } as const;
  await saveSettings(
    db,
    userId,
    settingsRequestSchema.parse({
      report_id: report.id,
      ...makeSettings({
        parity: 1.35,
        pricing_rules: [
          { ...rule, min_rate: 10, std_rate: 20, max_rate: 60, stock: 5 },
          {
            ...rule,
            threshold_start: 20,
            threshold_end: 100,
            min_rate: 8,
            std_rate: 15,
            max_rate: 40,
            stock: 3,
          },
        ],
      }),
    }),
  );
  await db.execute(sql`vacuum analyze report_products`);
  await db.execute(sql`vacuum analyze report_product_snapshots`);
  return report.id;
}

/**
 * The plain SQL timed as analysis.bench.ts times it (its report alone in its database), for a bench whose
 * own database holds other data: a database of its own on `url`'s server, dropped by `close`. `time(n)`
 * adds `n` timings; `p50` is the median of all so far, so a bench can sample the machine's pace at
 * several moments of its run.
 */
export async function plainSqlOnItsOwn(url: string) {
  const admin = connect(url, { max: 1 });
  const name = `plain_sql_${process.pid}`;
  await admin.db.execute(sql.raw(`create database ${name}`));
  const own = connect(url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`), { max: 1 });
  const close = async () => {
    await own.close();
    await admin.db.execute(sql.raw(`drop database if exists ${name}`));
    await admin.close();
  };
  try {
    await migrateAndSeed(own.pool);
    const userId = `plain-sql-${process.pid}`;
    await insertBenchUser(own.db, userId, 'Plain SQL');
    const reportId = await plainSqlReport(own.db, userId, pino({ level: 'silent' }));
    const times: number[] = [];
    return {
      time: async (n: number) => void times.push(...(await timePlainSql(own.db, reportId, n))),
      p50: () => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!,
      count: () => times.length,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `n` timings (ms) of the plain SQL on `reportId`, one at a time, after two unmeasured. */
export async function timePlainSql(db: Db, reportId: string, n: number) {
  const query = plainPageSql(reportId);
  const times: number[] = [];
  for (let i = -2; i < n; i++) {
    const t0 = performance.now();
    await db.execute(query);
    if (i >= 0) times.push(performance.now() - t0);
  }
  return times;
}
