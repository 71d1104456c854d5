import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded';
import { plans, reportChunks, reports, user, userData } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { runProgram, tempDataDir, waitReady, type RunningProgram } from './helpers/processes';
import { productIds, waitForReport } from './helpers/reports';

// Two `serve` and two `worker` processes on one external PostgreSQL, as docs/deploy.md describes: a
// session made on one server works on the other, one big report is split into chunks that both workers
// process (each product exactly once), and its progress streams from a server that does none of the work.

let database: TestDatabase;
const programs: RunningProgram[] = [];
let dataDir: string;
let servers: string[] = [];
const APP_URL = 'http://localhost:3999';

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = tempDataDir();
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'two-of-each-secret-two-of-each-secret-42',
    TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32),
    APP_URL,
    LOG_LEVEL: 'warn',
    SANDBOX_LOOKUP_DELAY_MS: '20',
  };
  const ports = [await freePort(), await freePort()];
  for (const port of ports) programs.push(runProgram(['serve'], { ...env, PORT: String(port) }));
  // The workers log at info: the test counts their "report finalized" lines.
  const workerEnv = { ...env, LOG_LEVEL: 'info' };
  programs.push(runProgram(['worker'], workerEnv), runProgram(['worker'], workerEnv));
  servers = ports.map((p) => `http://127.0.0.1:${p}`);
  try {
    await Promise.all(servers.map((s, i) => waitReady(s, programs[i])));
  } catch (error) {
    throw new Error(`${String(error)}\n${programs.map((p) => p.output()).join('\n---\n')}`);
  }
}, 120_000);

afterAll(async () => {
  for (const p of programs) p.child.kill('SIGTERM');
  await Promise.all(programs.map((p) => p.exited));
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const headers = (cookie?: string) => ({
  'content-type': 'application/json',
  origin: APP_URL,
  ...(cookie && { cookie }),
});

/** A subscriber signed in on the first server; answers the session cookie. */
async function subscriber(email: string): Promise<string> {
  const signUp = await fetch(`${servers[0]}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email, password: 'a-long-secret-9', name: 'Two' }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const signIn = await fetch(`${servers[0]}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email, password: 'a-long-secret-9' }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // The account row exists once the user has signed in and been read; then a paid plan, as a checkout would.
  expect((await fetch(`${servers[0]}/api/me`, { headers: { cookie } })).status).toBe(200);
  const updated = await database.db
    .update(userData)
    .set({ planCode: '3XL', welcomeDone: true, subscriptionEnd: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(userData.userId, row!.id))
    .returning({ id: userData.userId });
  expect(updated).toHaveLength(1);
  return cookie;
}

/** Reads a server-sent event stream until it ends, answering the progress events' data. */
async function progressEvents(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie } });
  expect(res.status).toBe(200);
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: progress'))
    .map((block) => JSON.parse(block.split('\ndata: ')[1]!) as { finalized?: boolean; done_size: number });
}

/** Creates a report of `n` products through `server`; answers its id. */
async function createReport(server: string, cookie: string, n: number, tag: string) {
  const created = await fetch(`${server}/api/reports`, {
    method: 'POST',
    headers: headers(cookie),
    body: JSON.stringify({
      title: `Shared ${tag}`,
      from_country: 'us',
      to_country: 'ca',
      marketplace: 'amazon',
      source: 'manual',
      product_ids: productIds(n, tag).join('\n'),
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return ((await created.json()) as { report_id: string }).report_id;
}

describe('two servers and two workers on one PostgreSQL', () => {
  it('share sessions, split one big report between both workers, and stream progress from either server', async () => {
    const cookie = await subscriber('two@example.com');
    // The session made on the first server is good on the second.
    const me = await fetch(`${servers[1]}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('two@example.com');

    // One 20,000-product report made on the first server, and a small one on the second. Real plans send
    // at most 10,000 products at once; this database's biggest plan sends more.
    await database.db.update(plans).set({ sendLimit: 20_000 }).where(eq(plans.code, '3XL'));
    const sizes = { big: 20_000, small: 800 };
    const big = await createReport(servers[0]!, cookie, sizes.big, 'BIG');
    const small = await createReport(servers[1]!, cookie, sizes.small, 'SML');
    // The big report's progress, from the server that did not create it and runs no worker.
    const events = await progressEvents(`${servers[1]}/api/reports/${big}/events`, cookie);
    expect(events.at(-1)).toMatchObject({ finalized: true, done_size: 2 * sizes.big });
    // It streamed while the workers worked, not only the end.
    expect(events.some((e) => !e.finalized && e.done_size > 0 && e.done_size < 2 * sizes.big)).toBe(true);

    for (const [id, n] of [
      [big, sizes.big],
      [small, sizes.small],
    ] as const) {
      const done = await waitForReport(database.db, id, 120_000);
      expect(done).toMatchObject({ finalized: true, doneSize: n * 2 });
      // Every product written exactly once, none missing.
      const rows = await database.db.execute<{ n: number; distinct: number; expected: number }>(sql`
        select count(*)::int as n, count(distinct p.product_id)::int as distinct,
               count(*) filter (where p.product_id = any(r.content))::int as expected
          from report_products p join reports r on r.id = p.report_id
         where p.report_id = ${id}::uuid`);
      expect(rows.rows[0]).toEqual({ n, distinct: n, expected: n });
    }

    // The big report's chunks were all done, by both worker processes (their names carry their pids).
    const chunks = await database.db
      .select({ doneBy: reportChunks.doneBy, doneAt: reportChunks.doneAt })
      .from(reportChunks)
      .where(eq(reportChunks.reportId, big));
    expect(chunks).toHaveLength(20);
    expect(chunks.every((c) => c.doneAt !== null)).toBe(true);
    const pids = new Set(chunks.map((c) => Number(c.doneBy!.split(':').at(-2))));
    // On failure, what each worker did with its report jobs.
    const jobs = programs
      .slice(2)
      .flatMap((p) => p.output().split('\n'))
      .filter((line) => line.includes('"job":"process-report"'))
      .join('\n');
    expect(pids, jobs).toEqual(new Set([programs[2]!.child.pid, programs[3]!.child.pid]));
    // Finalized once, by one of them.
    const finalizedLines = programs
      .slice(2)
      .flatMap((p) => p.output().split('\n'))
      .filter((line) => line.includes('"msg":"report finalized"') && line.includes(big));
    expect(finalizedLines).toHaveLength(1);

    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(eq(reports.finalized, false));
    expect(left!.n).toBe(0);
  }, 240_000);
});
