import { encodeFilters, MAX_FILTER_TERMS, type ActiveFilter } from '@crossmarket/domain';
import { deflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { connect, onScanPool, type ConnectOptions, type Database } from '../src/db/client';
import { HttpError } from '../src/http/errors';
import {
  InFlightLimit,
  IN_FLIGHT_PER_USER,
  QUEUED_PER_USER,
  SCANS_PER_USER,
  SESSION_RATE_LIMIT,
  sessionRateKey,
} from '../src/http/per-user-limits';

/** Calls one seller gets answered beyond the refused ones: those running and those queued behind them. */
const TAKEN = IN_FLIGHT_PER_USER + QUEUED_PER_USER;
import { analysisSetting, fieldOf, SETTINGS } from './helpers/analysis-setting';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, type TestApp } from './helpers/app';
import { jsonHeaders } from './helpers/auth';

// One seller cannot take the database from the others (issue 26): a few analysis calls per user at once,
// a rate for sessions as tokens have, statements and pool waits that end, and filters of bounded cost.

let s: Awaited<ReturnType<typeof analysisSetting>>;
const opened: { database: Database; testApp: TestApp }[] = [];

beforeAll(async () => {
  s = await analysisSetting();
  const saved = await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  for (const { database, testApp } of opened) {
    await testApp.close();
    await database.close();
  }
  await s.close();
});

/** Another server process on the test database, with a pool of its own. */
async function server(options: ConnectOptions): Promise<{ app: App; database: Database }> {
  const database = connect(s.database.url, { max: 5, ...options });
  const testApp = await buildTestApp(database, {}, { worker: false });
  opened.push({ database, testApp });
  return { app: testApp.app, database };
}

/**
 * Holds report_products locked on a connection of the test's own, so that every statement that scans it
 * waits: a stand-in for scans that take long, without measuring time. Returns its release.
 */
async function lockReportRows() {
  const client: pg.PoolClient = await s.database.pool.connect();
  await client.query('begin');
  await client.query('lock table report_products in access exclusive mode');
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await client.query('rollback');
    client.release();
  };
}

/** Statements of this database now waiting for that lock. */
async function waitingScans(): Promise<number> {
  const result = await s.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and query like '%report_products%'`);
  return result.rows[0]!.n;
}

async function until(what: string, done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 600; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting: ${what}`);
}

const priceFrom = (min: number): ActiveFilter[] => [{ id: 'cross_buybox_price', value: { min } }];

describe('a seller with many heavy calls at once', () => {
  it('queues a few calls, refuses the rest with 429, while other sellers, /api/me and /readyz keep answering', async () => {
    const { app } = await server({ heavyStatementTimeoutMs: 120_000 });
    const filter = (cookie: string, filters: ActiveFilter[]) =>
      app.inject({
        method: 'POST',
        url: '/v1/filters',
        headers: jsonHeaders(cookie),
        payload: { report_id: s.report.id, filters: encodeFilters(filters) },
      });
    const release = await lockReportRows();
    try {
      // 12 new views at once (each one a scan), from one seller.
      const answers: { statusCode: number; body: string; headers: Record<string, unknown> }[] = [];
      const calls = Array.from({ length: 12 }, (_, i) =>
        filter(s.owner, priceFrom(1 + i / 100)).then((res) => {
          answers.push(res);
          return res;
        }),
      );
      await until('the calls past the limit are answered', () => answers.length >= 12 - TAKEN);
      await until('one is scanning', async () => (await waitingScans()) >= SCANS_PER_USER);

      expect(answers).toHaveLength(12 - TAKEN);
      for (const refused of answers) {
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(JSON.parse(refused.body).error).toMatchObject({
          code: 'analysis_busy',
          key: 'apiErrors.analysisBusy',
          message: expect.stringMatching(/at once/),
        });
      }

      // Meanwhile another seller is served, and the server reports itself ready.
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: s.other } });
      expect(me.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // Their own analysis calls are not refused as busy (this report is not theirs: 404).
      expect((await filter(s.other, priceFrom(2))).statusCode).toBe(404);
      // ... all while the first seller's scans are still running and the queued calls wait (no connection).
      expect(answers).toHaveLength(12 - TAKEN);
      // One scan at a time per seller: the others wait for it without a connection.
      expect(await waitingScans()).toBe(SCANS_PER_USER);

      await release();
      const all = await Promise.all(calls);
      // The queued calls ran once places came free.
      expect(all.filter((r) => r.statusCode === 200)).toHaveLength(TAKEN);
      expect(all.filter((r) => r.statusCode === 429)).toHaveLength(12 - TAKEN);
      // Their places are free again.
      expect((await filter(s.owner, priceFrom(3))).statusCode).toBe(200);
    } finally {
      await release();
    }
  });
});

describe('statements and pool waits that end', () => {
  it('answers 503 with a clear message when a filters or charts scan passes its statement timeout', async () => {
    const { app } = await server({ heavyStatementTimeoutMs: 200 });
    const release = await lockReportRows();
    try {
      for (const [url, payload] of [
        ['/v1/filters', { report_id: s.report.id, filters: encodeFilters(priceFrom(4)) }],
        ['/v1/charts', { report_id: s.report.id, filters: encodeFilters(priceFrom(4)) }],
      ] as const) {
        const res = await app.inject({ method: 'POST', url, headers: jsonHeaders(s.owner), payload });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().error).toMatchObject({
          code: 'query_timeout',
          key: 'apiErrors.queryTimeout',
          message: 'This took too long to calculate. Narrow your filters and try again.',
        });
      }
    } finally {
      await release();
    }
    // Only the scan pool's statements: the main pool keeps the usual timeout.
    const { database } = opened.at(-1)!;
    const show = sql`show statement_timeout`;
    const main = await database.db.execute<{ statement_timeout: string }>(show);
    expect(main.rows[0]!.statement_timeout).toBe('30s');
    const scan = await onScanPool(database.db, (scans) => scans.execute<{ statement_timeout: string }>(show));
    expect(scan.rows[0]!.statement_timeout).toBe('200ms');
  });

  it('answers 503 when no pool connection comes free in time', async () => {
    const { app, database } = await server({ max: 1, connectionTimeoutMs: 200 });
    const held = await database.pool.connect();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: s.other } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ code: 'database_busy', key: 'apiErrors.databaseBusy' });
    } finally {
      held.release();
    }
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: s.other } });
    expect(res.statusCode).toBe(200);
  });
});

describe('filters of bounded cost', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`);
  /** A filter string made by hand, as a script could: the web app's encoder refuses to make it. */
  const handMade = (filters: ActiveFilter[]) =>
    deflateRawSync(JSON.stringify({ v: 1, f: filters.map((f) => [f.id, f.value]) })).toString('base64url');

  it(`refuses filters that compile to more than ${MAX_FILTER_TERMS} conditions, naming the field`, async () => {
    const tooMany = await s.filter(s.owner, {
      filters: handMade([
        { id: 'to_title_keywords', value: { include: [], exclude: words(MAX_FILTER_TERMS + 1) } },
      ]),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(fieldOf(tooMany)).toMatchObject({
      field: 'filters',
      key: 'validation.filters.tooManyTerms',
      message: expect.stringContaining(`at most ${MAX_FILTER_TERMS}`),
    });
    const charts = await s.post(s.owner, '/v1/charts', {
      report_id: s.report.id,
      filters: handMade([
        { id: 'cross_title_keywords', value: { include: words(150), exclude: words(150) } },
      ]),
    });
    expect(charts.statusCode).toBe(400);
    expect(fieldOf(charts).field).toBe('filters');
  });

  it('takes as many conditions as allowed, and long brand lists as one each', async () => {
    const atLimit = await s.filter(s.owner, {
      filters: encodeFilters([
        { id: 'to_title_keywords', value: { include: [], exclude: words(MAX_FILTER_TERMS - 2) } },
        { id: 'to_brand', value: { include: words(500), exclude: words(500) } },
      ]),
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });
});

describe('session callers', () => {
  it('are rate-limited per user on /v1, as tokens are, with 429 and the time left', async () => {
    const otherId = await userIdOf(s.database.db, 'other@example.com');
    const key = sessionRateKey(otherId);
    await s.database.db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${key}, now(), ${SESSION_RATE_LIMIT.max})
      on conflict (key) do update set window_start = now(), count = ${SESSION_RATE_LIMIT.max}`);
    try {
      const refused = await s.filter(s.other, {});
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error).toMatchObject({ code: 'rate_limited', key: 'apiErrors.tooMany' });
      // The owner's own count is theirs.
      expect((await s.filter(s.owner, {})).statusCode).toBe(200);
    } finally {
      await s.database.db.execute(sql`delete from rate_limits where key = ${key}`);
    }
    expect((await s.filter(s.other, {})).statusCode).toBe(404);
  });

  it("counts each call once, in the guard's own session read", async () => {
    const key = sessionRateKey(await userIdOf(s.database.db, 'other@example.com'));
    await s.database.db.execute(sql`delete from rate_limits where key = ${key}`);
    for (let i = 0; i < 3; i++) expect((await s.filter(s.other, {})).statusCode).toBe(404);
    const counted = await s.database.db.execute<{ count: number }>(
      sql`select count from rate_limits where key = ${key}`,
    );
    expect(counted.rows[0]?.count).toBe(3);
  });
});

describe('the per-user queue', () => {
  const busy = () => new HttpError(429, 'busy', 'busy');
  it('runs max calls, queues a few in order, refuses the rest, and gives up on a wait that lasts too long', async () => {
    const limit = new InFlightLimit(1, busy, 1, 50);
    let finish!: () => void;
    const first = limit.run('u', () => new Promise<string>((r) => (finish = () => r('first'))));
    const order: string[] = [];
    const second = limit.run('u', async () => order.push('second'));
    await expect(limit.run('u', async () => 'third')).rejects.toMatchObject({ statusCode: 429 });
    // Another user is not held up.
    expect(await limit.run('v', async () => 'other')).toBe('other');
    finish();
    expect(await first).toBe('first');
    await second;
    expect(order).toEqual(['second']);
    expect(limit.inFlight('u')).toBe(0);

    // A queued call whose place does not come free in time is refused; the running one is unaffected.
    let finishSlow!: () => void;
    const slow = limit.run('u', () => new Promise<void>((r) => (finishSlow = r)));
    await expect(limit.run('u', async () => 'late')).rejects.toMatchObject({ statusCode: 429 });
    finishSlow();
    await slow;
    expect(await limit.run('u', async () => 'again')).toBe('again');
  });
});
