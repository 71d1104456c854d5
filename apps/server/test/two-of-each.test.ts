import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded';
import { reports, user, userData } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { runProgram, tempDataDir, waitReady, type RunningProgram } from './helpers/processes';
import { productIds, waitForReport } from './helpers/reports';

// Two `serve` and two `worker` processes on one external PostgreSQL, as docs/deploy.md describes: a
// session made on one server works on the other, reports go through either worker exactly once, and a
// report's progress streams from a server that does none of the work.

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
    APP_URL,
    LOG_LEVEL: 'warn',
    SANDBOX_LOOKUP_DELAY_MS: '20',
  };
  const ports = [await freePort(), await freePort()];
  for (const port of ports) programs.push(runProgram(['serve'], { ...env, PORT: String(port) }));
  programs.push(runProgram(['worker'], env), runProgram(['worker'], env));
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
    .map((block) => JSON.parse(block.split('\ndata: ')[1]!) as { finalized?: boolean });
}

describe('two servers and two workers on one PostgreSQL', () => {
  it('share sessions, process every report once, and stream progress from either server', async () => {
    const cookie = await subscriber('two@example.com');
    // The session made on the first server is good on the second.
    const me = await fetch(`${servers[1]}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('two@example.com');

    // Four reports, 20,000 products, sent through alternating servers; the two workers share the queue.
    const sizes = [5000, 5000, 5000, 5000];
    const ids: string[] = [];
    for (const [i, n] of sizes.entries()) {
      const created = await fetch(`${servers[i % 2]}/api/reports`, {
        method: 'POST',
        headers: headers(cookie),
        body: JSON.stringify({
          title: `Shared ${i}`,
          from_country: 'us',
          to_country: 'ca',
          marketplace: 'amazon',
          source: 'manual',
          product_ids: productIds(n, `T${i}`).join('\n'),
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      ids.push(((await created.json()) as { report_id: string }).report_id);
    }
    // The first report's progress, from the server that did not create it and runs no worker.
    const events = await progressEvents(`${servers[1]}/api/reports/${ids[0]}/events`, cookie);
    expect(events.at(-1)).toMatchObject({ finalized: true });

    const owners = new Set<string>();
    for (const [i, reportId] of ids.entries()) {
      const done = await waitForReport(database.db, reportId, 120_000);
      expect(done).toMatchObject({ finalized: true, doneSize: sizes[i]! * 2 });
      if (done.leaseOwner) owners.add(done.leaseOwner);
      const rows = await database.db.execute<{ n: number; distinct: number }>(sql`
        select count(*)::int as n, count(distinct product_id)::int as distinct
          from report_products where report_id = ${reportId}::uuid`);
      expect(rows.rows[0]).toEqual({ n: sizes[i], distinct: sizes[i] });
    }
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(eq(reports.finalized, false));
    expect(left!.n).toBe(0);
    // Both worker processes took reports (each runs two at a time; four were queued at once).
    expect(owners.size).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
