// One worker process of the shared-pacing bench (spapi.bench.ts starts two): looks `BENCH_COUNT` products
// up through the SP-API provider, paced by the `spapi_pacing` row in PostgreSQL, and prints its client's
// counters as one JSON line.
import { connect } from '../apps/server/src/db/client';
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { createSpapiMarketplace } from '../apps/server/src/providers/marketplace/spapi/provider';
import { postgresPacing } from '../apps/server/src/providers/marketplace/spapi/shared-pacing';
import { benchIds } from './bench-db';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const database = connect(env('DATABASE_URL'), { max: 2, applicationName: 'spapi-bench-worker' });
try {
  const standIn = env('SPAPI_STAND_IN_URL');
  const client = createSpapiClient({
    credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: { na: 'Atzr|bench-seller' } },
    endpoints: { na: standIn },
    lwaUrl: `${standIn}/auth/o2/token`,
    pacing: postgresPacing(database.db),
  });
  const ids = benchIds(Number(env('BENCH_COUNT')), env('BENCH_TAG'));
  await createSpapiMarketplace(client).lookup(ids, 'us', { shipTo: 'ca' });
  console.log(JSON.stringify(client.stats));
} finally {
  await database.close();
}
