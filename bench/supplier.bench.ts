// Supplier price lists (issue 62): the parse of a 100,000-line file (CSV and the first sheet of an .xlsx)
// into checked lines, judged against 5 s; and the catalogue match's rate at Amazon's limits.
import { readIdentifier, readSupplierLines, supplierMappingSchema } from '@crossmarket/domain';
import { readSupplierFile } from '@crossmarket/domain/supplier-files';
import { SUPPLIER_HEADER, supplierRows, toCsv, toXlsx } from '@crossmarket/domain/testing';
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { startingTokens } from '../apps/server/src/providers/marketplace/spapi/pacing';
import { createSpapiMarketplace } from '../apps/server/src/providers/marketplace/spapi/provider';
import { postgresPacing } from '../apps/server/src/providers/marketplace/spapi/shared-pacing';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';
import { benchDatabase } from './bench-db';

const N = 100_000;
const TARGET_S = 5;
const rows = [SUPPLIER_HEADER, ...supplierRows(N)];
const mapping = supplierMappingSchema.parse({
  identifier: 0,
  name: 1,
  cost: 2,
  pack_size: 3,
  min_order: 4,
  supplier_sku: 5,
});

async function parse(label: string, bytes: Uint8Array) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const file = await readSupplierFile(bytes);
  if (!file.ok) throw new Error(`${label}: ${file.problem}`);
  const read = readSupplierLines(file.grid, mapping, 'USD');
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  if (read.lines.length !== N) throw new Error(`${label}: ${read.lines.length} lines of ${N}`);
  console.log(
    `BENCH supplier.parse_${label}_100k ${seconds.toFixed(2)} s (${(bytes.length / 1e6).toFixed(1)} MB, ${read.lines.length} lines; ${cpuSeconds.toFixed(2)} s of CPU: the machine is shared)`,
  );
  console.log(`BENCH supplier.parse_${label}_100k.ratio_to_target ${(seconds / TARGET_S).toFixed(2)} x`);
}

await parse('csv', new TextEncoder().encode(toCsv(rows)));
await parse('xlsx', toXlsx(rows));

// The match: identifiers searched with searchCatalogItems (20 a call) against a local server enforcing
// Amazon's documented default (2 requests/s, burst 2), paced through the shared PostgreSQL buckets as the
// worker is. Judged by the steady-state call rate after the burst as a share of the allowance (≥ 90 %),
// with no 429; identifiers matched per second is the figure a seller waits on.
const { rate, burst } = AMAZON_DEFAULT_LIMITS.searchCatalogItems;
const IDENTIFIERS = 600;
const stand = await startSpapiStandIn();
const db = await benchDatabase();
try {
  const client = createSpapiClient({
    credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: { na: 'Atzr|bench-seller' } },
    endpoints: { na: stand.url },
    lwaUrl: stand.lwaUrl,
    pacing: postgresPacing(db.db),
  });
  const marketplace = createSpapiMarketplace(client);
  const ids = supplierRows(IDENTIFIERS).map(([code]) => {
    const read = readIdentifier(code);
    if (!read.ok) throw new Error(`bad identifier ${code}`);
    return { kind: read.id.kind, value: read.id.value };
  });
  const t0 = performance.now();
  // As the worker asks: 200 lines at a time, the provider splitting them into calls of 20.
  const found: unknown[] = [];
  for (let i = 0; i < ids.length; i += 200)
    found.push(...(await marketplace.searchIdentifiers!(ids.slice(i, i + 200), 'us', {})));
  const seconds = (performance.now() - t0) / 1000;
  const calls = stand.arrivals.searchCatalogItems;
  const steady = calls.slice(startingTokens(burst));
  const callRate = (steady.length - 1) / ((steady.at(-1)! - steady[0]!) / 1000);
  const percent = (callRate / rate) * 100;
  const answered = found.filter((f) => f !== null).length;
  console.log(
    `BENCH supplier.match_rate ${(answered / seconds).toFixed(1)} identifiers/s (${answered} of ${IDENTIFIERS} in ${seconds.toFixed(1)} s, ${calls.length} calls: ${(calls.length / (IDENTIFIERS / 20)).toFixed(2)} pages per 20 identifiers)`,
  );
  console.log(
    `BENCH supplier.match_call_rate ${callRate.toFixed(2)} calls/s (allowed ${rate} per authorisation)`,
  );
  console.log(`BENCH supplier.match_utilisation ${percent.toFixed(1)} %`);
  console.log(`BENCH supplier.match_throttled ${stand.throttled.searchCatalogItems} responses`);
  console.log(`BENCH supplier.match_utilisation_ratio_to_target ${(percent / 90).toFixed(2)} x`);
} finally {
  await stand.close();
  await db.close();
}
