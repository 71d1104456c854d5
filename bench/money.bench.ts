// The Money page's summary at scale (issue 61): a seller with 50,000 orders in one month over three lanes
// (and another 50,000 in the months around it, and another seller's 50,000), asked for that month through
// `GET /api/money` over HTTP. Judged by the p95 against 200 ms.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { user, userData } from '../apps/server/src/db/schema';
import { benchDatabase } from './bench-db';

const ORDERS = Number(process.env.BENCH_MONEY_ORDERS ?? 50_000);
const ASKS = Number(process.env.BENCH_MONEY_ASKS ?? 60);
const BUDGET_P95_MS = 200;
const APP_URL = 'http://localhost:3999';

const db = await benchDatabase();
const print = (name: string, value: number, unit: string) =>
  console.log(`BENCH ${name} ${value.toFixed(unit === 'x' ? 2 : 1)} ${unit}`);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function signedIn(base: string) {
  const email = 'bench-money@example.com';
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

/** `n` orders of a seller in `month` (YYYY-MM-01) over three lanes, as `refresh-order-money` sums them. */
async function seedOrders(userId: string, month: string, n: number, tag: string) {
  await db.db.execute(sql`
    insert into order_money (user_id, amazon_order_id, month, sold_at, lane_from, lane_to, currency,
                             sales_cents, amazon_fees_cents, tax_kept_cents, promotions_cents, refunds_cents,
                             net_cents, cost_cents, shipping_duty_cents, profit_cents, estimate_profit_cents,
                             flagged, pending, release_at)
    select ${userId}, ${tag} || lpad(i::text, 7, '0') || '-' || lpad(i::text, 7, '0'),
           ${month}::date, ${month}::date + (i % 28) * interval '1 day',
           (array['us','us','uk'])[i % 3 + 1], (array['ca','mx','us'])[i % 3 + 1],
           (array['CAD','MXN','USD'])[i % 3 + 1],
           4000 + i % 900, 600 + i % 90, i % 400, case when i % 13 = 0 then 300 else 0 end,
           case when i % 17 = 0 then 3500 else 0 end, 3300 + i % 700, 1800, 500, 900 + i % 300, 1000,
           case when i % 10 = 0 then 1 else 0 end, i % 4 = 0,
           case when i % 4 = 0 then ${month}::date + interval '40 days' end
      from generate_series(1, ${n}) as i`);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: '/tmp', APP_URL });
const app = await buildApp(config, {
  database: db,
  logger: db.logger,
  queue: { send: async () => null, retry: async () => false },
  sessionSecret: 'bench-secret-bench-secret-bench-secret-12',
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const me = await signedIn(base);
  await seedOrders(me.userId, '2026-10-01', ORDERS, '110-');
  await seedOrders(me.userId, '2026-09-01', ORDERS / 2, '111-');
  await seedOrders(me.userId, '2026-11-01', ORDERS / 2, '112-');
  await seedOrders(db.userId, '2026-10-01', ORDERS, '113-');
  await db.db.execute(sql`analyze order_money`);
  const get = (path: string) =>
    new Promise<{ ms: number; body: { totals: { orders: number }[] } }>((resolve, reject) => {
      const start = performance.now();
      http
        .get(`${base}${path}`, { agent, headers: { cookie: me.cookie } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(parts).toString();
            if ((res.statusCode ?? 0) >= 400) reject(new Error(`${path}: ${res.statusCode} ${raw}`));
            else resolve({ ms: performance.now() - start, body: JSON.parse(raw) });
          });
        })
        .on('error', reject);
    });
  const paths = ['/api/money?from=2026-10&to=2026-10', '/api/money?from=2026-10&to=2026-10&lane=us-ca'];
  for (const p of paths) await get(p); // warm-up: prepared plans, the session's first read
  const first = await get(paths[0]!);
  const counted = first.body.totals.reduce((s, t) => s + t.orders, 0);
  if (counted !== ORDERS) throw new Error(`the month counted ${counted} orders, not ${ORDERS}`);
  const times: number[] = [];
  for (let i = 0; i < ASKS; i++) times.push((await get(paths[i % paths.length]!)).ms);
  const p95 = percentile(times, 95);
  console.log(`${ORDERS} orders in the month (and ${ORDERS * 2} others), ${ASKS} summaries asked`);
  print('money.month_p50', percentile(times, 50), 'ms');
  print('money.month', p95, 'ms');
  print('money.month_vs_budget', p95 / BUDGET_P95_MS, 'x');
} finally {
  agent.destroy();
  await app.close();
  await db.close();
}
