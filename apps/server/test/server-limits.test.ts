import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connect } from '../src/db/client';
import { reports } from '../src/db/schema';
import { STREAMS_PER_USER } from '../src/features/reports/routes';
import { loggerOptions } from '../src/logger';
import { analysisSetting, SETTINGS } from './helpers/analysis-setting';
import { buildTestApp, testConfig } from './helpers/app';

let s: Awaited<ReturnType<typeof analysisSetting>>;
let baseUrl: string;

beforeAll(async () => {
  s = await analysisSetting();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(() => s.close());

/** Holds a key the way another server's request would: a session advisory lock on a connection of its own. */
async function holdLock(key: string) {
  const client = await s.database.pool.connect();
  await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
  return async () => {
    await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    client.release();
  };
}

describe('one expensive analysis call in flight per user', () => {
  const calls = [
    ['settings', '/v1/settings', () => ({ report_id: s.report.id, ...SETTINGS })],
    [
      'exports',
      '/v1/exports',
      () => ({ report_id: s.report.id, export_type: 'fbm', product_ids: 'B000000001' }),
    ],
    ['charts', '/v1/charts', () => ({ report_id: s.report.id })],
  ] as const;

  for (const [kind, url, body] of calls) {
    it(`${url}: a second call while one runs (on any server) answers 429 with a clear message`, async () => {
      const release = await holdLock(`analysis-${kind}:${s.ownerId}`);
      try {
        const refused = await s.post(s.owner, url, body());
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        const error = kind === 'settings' ? refused.json() : refused.json().error;
        expect(error.code).toBe(`${kind}_busy`);
        expect(error.key).toMatch(/^apiErrors\./);
        expect(error.message).toMatch(/Please wait/);
        // Another user is not held up by it.
        expect((await s.post(s.other, url, body())).statusCode).not.toBe(429);
      } finally {
        await release();
      }
      expect((await s.post(s.owner, url, body())).statusCode).toBe(200);
    });
  }
});

/** Opens an event stream over a real socket; resolves with the response once its headers arrive. */
function openStream(cookie: string, reportId: string, base = baseUrl) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${base}/api/reports/${reportId}/events`, { headers: { cookie } }, resolve);
    req.on('error', reject);
  });
}

/** A report still being processed (its stream stays open until it ends). */
async function runningReport() {
  const [row] = await s.database.db
    .insert(reports)
    .values({
      userId: s.ownerId,
      title: 'Running',
      fromCountry: 'us',
      toCountry: 'ca',
      content: ['B000000001'],
      size: 2,
      doneSize: 0,
      // Never enqueued and made just now: the stalled-report sweep leaves it running for minutes.
    })
    .returning({ id: reports.id });
  return row!.id;
}

describe('live progress streams', () => {
  it(`are capped at ${STREAMS_PER_USER} per user; closing one frees its place`, async () => {
    const id = await runningReport();
    const open: http.IncomingMessage[] = [];
    try {
      for (let i = 0; i < STREAMS_PER_USER; i++) {
        const res = await openStream(s.owner, id);
        expect(res.statusCode).toBe(200);
        open.push(res);
      }
      const refused = await openStream(s.owner, id);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      refused.resume();
      open.pop()!.destroy();
      await new Promise((r) => setTimeout(r, 300));
      const again = await openStream(s.owner, id);
      expect(again.statusCode).toBe(200);
      open.push(again);
    } finally {
      for (const res of open) res.destroy();
    }
  });

  it('end when the server stops, so that the first Ctrl-C stops it', async () => {
    const id = await runningReport();
    const other = await buildTestApp(s.database, {}, { worker: false });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const stream = await openStream(s.owner, id, base);
    expect(stream.statusCode).toBe(200);
    const ended = new Promise<void>((resolve) => stream.on('end', resolve).resume());
    const started = Date.now();
    await Promise.race([
      other.close(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the server did not stop')), 5000)),
    ]);
    await ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('request timeout', () => {
  it('answers 503 when a handler takes longer than REQUEST_TIMEOUT_SECONDS, and bounds the upload time', async () => {
    const config = testConfig({ REQUEST_TIMEOUT_SECONDS: 1 });
    const app = await buildApp(config, {
      database: s.database,
      logger: pino(loggerOptions(config, false)),
      queue: { send: async () => null, retry: async () => false },
      sessionSecret: 'test-secret-test-secret-test-secret-1234',
    });
    app.get('/api/slow-for-test', async () => {
      await new Promise((r) => setTimeout(r, 1500));
      return { late: true };
    });
    await app.ready();
    try {
      expect(app.server.requestTimeout).toBe(1000);
      const res = await app.inject('/api/slow-for-test');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ code: 'timeout', key: 'apiErrors.timeout' });
    } finally {
      await app.close();
    }
  });
});

describe('the connection pool', () => {
  it('logs an idle connection that fails instead of dropping the error', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const database = connect(s.database.url, { max: 1, logger, applicationName: 'pool-error-test' });
    try {
      await database.db.execute(sql`select 1`); // one idle connection now sits in the pool
      await s.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'pool-error-test'`,
      );
      for (let i = 0; i < 50 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(lines.join('\n')).toContain('an idle database connection failed');
    } finally {
      await database.close();
    }
  });
});
