// `admin.users_search`: the operator console's users list (issue 33) over 100,000 seeded users, the mix an
// operator uses: a piece of an e-mail, an exact id, a status, a plan, the first and a deep page, oldest
// first. Budget: p95 ≤ 100 ms. Measured at the use case (`listUsers`, the route's whole work after the
// guard), on one connection, after a warm-up round; the plain `count(*)` of all users is printed beside it.
import { sql } from 'drizzle-orm';
import type { AdminUsersQuery } from '@crossmarket/domain';
import { listUsers } from '../apps/server/src/features/admin/users/list-users';
import { benchDatabase } from './bench-db';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BUDGET_MS = 100;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const bench = (name: string, value: number, unit: string) =>
  console.log(`BENCH ${name} ${value.toFixed(1)} ${unit}`);

const database = await benchDatabase();
const { db } = database;
try {
  const seeded = Date.now();
  // Plans, verification, suspension and subscription ends spread so that every status and plan occurs.
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'u' || i, 'Seller ' || i, 'seller' || i || '@shop' || (i % 97) || '.example.com', i % 50 <> 0,
           now() - (i || ' minutes')::interval, now()
    from generate_series(1, ${USERS}) i`);
  await db.execute(sql`
    insert into user_data (user_id, plan_code, suspended, subscription_end)
    select 'u' || i, (array['F','S','M','L','XL'])[1 + i % 5], i % 333 = 0,
           case when i % 7 = 0 then null else now() + ((i % 60) - 10 || ' days')::interval end
    from generate_series(1, ${USERS}) i`);
  await db.execute(sql`analyze "user"; analyze user_data`);
  console.log(`seeded ${USERS} users in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const queries: AdminUsersQuery[] = [
    { q: 'seller4242@' },
    { q: `u${Math.floor(USERS / 3)}` },
    { q: 'shop13.example' },
    { status: 'suspended' },
    { status: 'expired', plan: 'L' },
    { plan: 'XL' },
    {},
    { page: 200 },
    { sort: 'asc' },
    { q: 'nobody-has-this' },
  ];
  for (const q of queries) await listUsers(db, q); // warm-up: plans cached, pages in memory
  const times: number[] = [];
  const byQuery = queries.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, q] of queries.entries()) {
      const started = performance.now();
      const page = await listUsers(db, { page_size: 25, ...q });
      const took = performance.now() - started;
      times.push(took);
      byQuery[i]!.push(took);
      if (round === 0) console.log(`${JSON.stringify(q)} → ${page.total} users`);
    }
  }
  queries.forEach((q, i) =>
    console.log(`${JSON.stringify(q)}: p50 ${percentile(byQuery[i]!, 50).toFixed(1)} ms`),
  );
  const plain: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await db.execute(sql`select count(*) from "user"`);
    plain.push(performance.now() - started);
  }
  const p95 = percentile(times, 95);
  bench('admin.users_search', p95, 'ms');
  bench('admin.users_search.p50', percentile(times, 50), 'ms');
  bench('admin.users_count_plain', percentile(plain, 95), 'ms');
  console.log(
    `budget: p95 ≤ ${BUDGET_MS} ms over ${times.length} calls: ${p95 <= BUDGET_MS ? 'within' : 'OVER'}`,
  );
} finally {
  await database.close();
}
