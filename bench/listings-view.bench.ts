// The listings view and a dry run's writes at scale (issue 56, item 14). A 50,000-listing inventory is
// dry-run (50,000 products, Amazon's preview answered by a stub after a short wait per product, 2 % refused),
// its progress saved every 3 s as the job does (BENCH_LISTINGS_PROGRESS_MS=0: after every 50 products), while a seller's
// page polls `GET /api/inventories/:id/listings` (first page, a filter, a later page, the run's refusals).
// Judged by the view's p95 against 100 ms and its largest answer against 200 kB (uncompressed JSON), and
// by the bytes PostgreSQL wrote for the run (its WAL) against 20 × the size of the run's results.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { defaultReportSettings, type ListingsView } from '@crossmarket/domain';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { inventories, user, userData } from '../apps/server/src/db/schema';
import { runListings } from '../apps/server/src/features/listings/publish';
import { insertRun } from '../apps/server/src/features/listings/run-results';
import { createSandboxSellerStore, type SellerStore } from '../apps/server/src/providers/seller-store';
import { benchDatabase, benchIds } from './bench-db';

const LISTINGS = Number(process.env.BENCH_LISTINGS_VIEW ?? 50_000);
const BUDGET_P95_MS = 100;
/** How often the run saves its progress: the job's own 3 s unless asked (0: after every 50 products). */
const PROGRESS_MS = Number(process.env.BENCH_LISTINGS_PROGRESS_MS ?? 3000);
const BUDGET_PAGE_BYTES = 200 * 1024;
const BUDGET_WRITE_FACTOR = 20;
const APP_URL = 'http://localhost:3999';

const db = await benchDatabase();
const print = (name: string, value: number, unit: string) =>
  console.log(`BENCH ${name} ${value.toFixed(unit === 'x' ? 2 : 1)} ${unit}`);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function signedIn(base: string) {
  const email = 'bench-listings@example.com';
  const headers = { 'content-type': 'application/json', origin: APP_URL };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'secret-123', name: 'Bench' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  await db.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const [row] = await db.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await db.db
    .update(userData)
    .set({ planCode: 'L', welcomeDone: true, subscriptionEnd: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(userData.userId, row!.id));
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'secret-123' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token')) throw new Error(`sign-in: ${signIn.status}`);
  return { userId: row!.id, cookie };
}

/** One GET over a keep-alive connection, uncompressed: its time to the last byte and its size. */
function getter(base: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ ms: number; bytes: number; body: ListingsView }>((resolve, reject) => {
      const start = performance.now();
      http
        .get(`${base}${path}`, { agent, headers: { cookie } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (chunk: Buffer) => parts.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(parts);
            if ((res.statusCode ?? 0) >= 400) reject(new Error(`${path}: ${res.statusCode} ${raw}`));
            else
              resolve({ ms: performance.now() - start, bytes: raw.length, body: JSON.parse(raw.toString()) });
          });
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: '/tmp', APP_URL });
const app = await buildApp(config, {
  database: db,
  logger: db.logger,
  queue: { send: async () => null, retry: async () => false },
  sessionSecret: 'bench-secret-bench-secret-bench-secret-12',
});
let client: ReturnType<typeof getter> | undefined;
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const me = await signedIn(base);
  const [inventory] = await db.db
    .insert(inventories)
    .values({
      userId: me.userId,
      title: 'Bench listings view',
      fromCountry: 'us',
      toCountry: 'ca',
      settings: defaultReportSettings(1.35),
      listingSyncEnabled: true,
    })
    .returning({ id: inventories.id });
  const id = inventory!.id;
  const codes = benchIds(LISTINGS, 'V');
  await db.db.execute(sql`
    insert into inventory_products (inventory_id, user_id, code, snapshot, available, min_price, std_price,
                                    max_price, stock, updated_at)
    select ${id}::uuid, ${me.userId}, code, '{"row_cross":{"status":"ok"},"row_to":{"status":"ok"}}'::jsonb,
           true, 20, 31, 60, 5, now()
      from unnest(${sql.param(codes)}::text[]) as code`);
  // Listings as a store that has been selling a while: most live, some pending, 3 % needing attention.
  await db.db.execute(sql`
    insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, pushed_price,
                          pushed_min_price, pushed_max_price, pushed_quantity, pushed_at, issues)
    select ${id}::uuid, ${me.userId}, code, 'SKU-' || code, 'A2EUQ1WTGCTBG2',
           case when n % 33 = 0 then 'needs_attention' when n % 7 = 0 then 'pending' else 'live' end,
           30, 20, 60, 5, now(),
           case when n % 33 = 0
                then '[{"code":"90220","message":"The attribute is required.","severity":"ERROR"}]'::jsonb
                else '[]'::jsonb end
      from unnest(${sql.param(codes)}::text[]) with ordinality as c(code, n)`);
  await db.db.execute(sql`vacuum analyze listings`);
  await db.db.execute(sql`vacuum analyze inventory_products`);

  // Amazon's preview, answered after a short wait (the real one answers 5 a second): 2 % refused.
  const sandbox = createSandboxSellerStore(db.db);
  let asked = 0;
  const store: SellerStore = {
    ...sandbox,
    put: async (_target, sku) => {
      const n = ++asked;
      await new Promise((r) => setTimeout(r, 10));
      return n % 50 === 0
        ? {
            sku,
            status: 'INVALID',
            submissionId: 'bench',
            issues: [{ code: '90220', message: "'condition_type' is required.", severity: 'ERROR' }],
          }
        : { sku, status: 'VALID', submissionId: 'bench', issues: [] };
    },
  };

  await db.db.execute(sql`checkpoint`);
  const wal = async () =>
    (await db.db.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`)).rows[0]!.lsn;
  const walBefore = await wal();
  const run = await insertRun(db.db, me.userId, id, 'preview', null);
  const running = runListings(
    { db: db.db, logger: pino({ level: 'silent' }), store, progressEveryMs: PROGRESS_MS },
    run.id,
  );
  let finished = false;
  void running.finally(() => (finished = true));

  client = getter(base, me.cookie);
  const paths = [
    `/api/inventories/${id}/listings`,
    `/api/inventories/${id}/listings?attention=true`,
    `/api/inventories/${id}/listings?page=500&state=live`,
    `/api/inventories/${id}/listings?results_page=5`,
  ];
  const times: number[] = [];
  let largest = 0;
  let i = 0;
  while (!finished) {
    const answer = await client.get(paths[i++ % paths.length]!);
    // Only answers given while the run was still running count: the view during a run is what is judged.
    if (answer.body.last_run?.status !== 'running') continue;
    times.push(answer.ms);
    largest = Math.max(largest, answer.bytes);
    await new Promise((r) => setTimeout(r, 20));
  }
  const outcome = await running;
  const walAfter = await wal();
  const written = Number(
    (
      await db.db.execute<{ bytes: string }>(
        sql`select pg_wal_lsn_diff(${walAfter}::pg_lsn, ${walBefore}::pg_lsn)::bigint::text as bytes`,
      )
    ).rows[0]!.bytes,
  );
  // The size of the run's results: every product's result as the API writes it.
  const results = await db.db.execute<{ bytes: string; n: number }>(sql`
    select sum(length(json_build_object('product_id', product_id, 'sku', sku, 'outcome', outcome,
             'left_out', left_out, 'issues', issues)::text))::bigint::text as bytes, count(*)::int as n
      from listing_run_results where run_id = ${run.id}::uuid`);
  const resultBytes = Number(results.rows[0]!.bytes);

  const last = (await client.get(`/api/inventories/${id}/listings`)).body.last_run;
  console.log(
    `# ${LISTINGS} listings; the run ended ${outcome} with ${results.rows[0]!.n} results ` +
      `(${JSON.stringify(last?.counts)}); ${times.length} views during it`,
  );
  const p95 = percentile(times, 95);
  print('listings.view_p50', percentile(times, 50), 'ms');
  print('listings.view_p95', p95, 'ms');
  print('listings.view_p95_vs_budget', p95 / BUDGET_P95_MS, 'x');
  print('listings.view_page_kb', largest / 1024, 'kB');
  print('listings.view_page_vs_budget', largest / BUDGET_PAGE_BYTES, 'x');
  print('listings.dry_run_results_mb', resultBytes / 1024 / 1024, 'MB');
  print('listings.dry_run_written_mb', written / 1024 / 1024, 'MB');
  print('listings.dry_run_written_vs_budget', written / (BUDGET_WRITE_FACTOR * resultBytes), 'x');
} finally {
  client?.close();
  await app.close();
  await db.close();
}
