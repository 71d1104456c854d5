// SP-API pacing: the provider looks products up against a local server that enforces Amazon-style limits
// (scaled up from the documented defaults so the run is short) and announces them in
// `x-amzn-RateLimit-Limit`. First one process with its own token buckets, then two worker processes with
// one seller's credentials sharing one allowance through PostgreSQL (`spapi_pacing`). Judged by
// utilisation of the allowed rate (target ≥ 90 %) with no 429.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { createSpapiMarketplace } from '../apps/server/src/providers/marketplace/spapi/provider';
import { startSpapiStandIn, type SpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';
import { benchDatabase, benchIds } from './bench-db';

const LIMITS = { searchCatalogItems: { rate: 10, burst: 2 }, getItemOffersBatch: { rate: 5, burst: 1 } };

/** Offers calls per second in steady state (after the first, over the time they took), as % of allowed. */
function utilisation(stand: SpapiStandIn) {
  const offers = stand.arrivals.getItemOffersBatch;
  const achieved = (offers.length - 1) / ((offers.at(-1)! - offers[0]!) / 1000);
  return { achieved, percent: (achieved / LIMITS.getItemOffersBatch.rate) * 100 };
}
const throttledAt = (stand: SpapiStandIn) =>
  stand.throttled.getItemOffersBatch + stand.throttled.searchCatalogItems;

// One process.
const single = await startSpapiStandIn(LIMITS);
try {
  const client = createSpapiClient({
    credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: { na: 'Atzr|bench' } },
    endpoints: { na: single.url },
    lwaUrl: single.lwaUrl,
  });
  const marketplace = createSpapiMarketplace(client);
  const t0 = performance.now();
  const snapshots = await marketplace.lookup(benchIds(400, 'SP'), 'us', { shipTo: 'ca' });
  const seconds = (performance.now() - t0) / 1000;
  const { achieved, percent } = utilisation(single);
  console.log(`BENCH spapi.products ${snapshots.length} products in ${seconds.toFixed(2)} s`);
  console.log(
    `BENCH spapi.offers_rate ${achieved.toFixed(2)} req/s (allowed ${LIMITS.getItemOffersBatch.rate})`,
  );
  console.log(`BENCH spapi.utilisation ${percent.toFixed(1)} %`);
  console.log(`BENCH spapi.throttled ${throttledAt(single)} responses`);
  console.log(`BENCH spapi.utilisation_ratio_to_target ${(percent / 90).toFixed(2)} x`);
} finally {
  await single.close();
}

// Two worker processes, one seller, one allowance shared through PostgreSQL.
const WORKERS = 2;
const PER_WORKER = 400;
const shared = await startSpapiStandIn(LIMITS);
const db = await benchDatabase();
try {
  const t0 = performance.now();
  const runs = Array.from({ length: WORKERS }, (_, i) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'spapi-worker.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          SPAPI_STAND_IN_URL: shared.url,
          BENCH_COUNT: String(PER_WORKER),
          BENCH_TAG: `W${i}`,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    return new Promise<{ throttled: number; requests: number }>((resolve, reject) =>
      child.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
          : reject(new Error(`worker ${i} exited ${code}`)),
      ),
    );
  });
  const stats = await Promise.all(runs);
  const seconds = (performance.now() - t0) / 1000;
  const { achieved, percent } = utilisation(shared);
  const clientThrottled = stats.reduce((a, s) => a + s.throttled, 0);
  console.log(
    `BENCH spapi.shared_products ${WORKERS * PER_WORKER} products by ${WORKERS} worker processes in ${seconds.toFixed(2)} s`,
  );
  console.log(
    `BENCH spapi.shared_offers_rate ${achieved.toFixed(2)} req/s (allowed ${LIMITS.getItemOffersBatch.rate} for both)`,
  );
  console.log(`BENCH spapi.shared_requests ${stats.map((s) => s.requests).join(' + ')} requests per worker`);
  console.log(`BENCH spapi.shared_utilisation ${percent.toFixed(1)} %`);
  console.log(
    `BENCH spapi.shared_throttled ${throttledAt(shared)} responses (clients saw ${clientThrottled})`,
  );
  console.log(`BENCH spapi.shared_utilisation_ratio_to_target ${(percent / 90).toFixed(2)} x`);
} finally {
  await db.close();
  await shared.close();
}
