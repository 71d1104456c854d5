// Report processing with the sandbox provider: a 50,000-product report end to end (lookups on both
// sides, pricing, the batched upserts) in one worker, as `process-report` runs it. Target ≥ 2,000
// products/s on 2 cores, and under a minute for the whole report.
import { processReport } from '../apps/server/src/features/reports/process-report';
import { createSandboxMarketplace } from '../apps/server/src/providers/marketplace/sandbox';
import { benchDatabase, benchIds, insertBenchReport } from './bench-db';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const db = await benchDatabase();
try {
  const marketplace = createSandboxMarketplace();
  // The provider alone (no database): how much of the time is generating data.
  const sample = benchIds(5000, 'G');
  const g0 = performance.now();
  await marketplace.lookup(sample, 'us', { shipTo: 'ca' });
  await marketplace.lookup(sample, 'ca', { shipTo: 'ca' });
  const generation = sample.length / ((performance.now() - g0) / 1000);

  const report = await insertBenchReport(db.db, db.userId, PRODUCTS);
  const t0 = performance.now();
  const outcome = await processReport(
    { db: db.db, marketplace, logger: db.logger, leaseSeconds: 60, owner: 'bench' },
    report.id,
  );
  const seconds = (performance.now() - t0) / 1000;
  if (outcome !== 'finalized') throw new Error(`report ended ${outcome}`);
  const throughput = PRODUCTS / seconds;
  console.log(`BENCH pipeline.sandbox_generation ${generation.toFixed(0)} products/s`);
  console.log(`BENCH pipeline.report_${PRODUCTS} ${seconds.toFixed(2)} s`);
  console.log(`BENCH pipeline.throughput ${throughput.toFixed(0)} products/s`);
  console.log(`BENCH pipeline.throughput_ratio_to_target ${(throughput / 2000).toFixed(2)} x`);
} finally {
  await db.close();
}
