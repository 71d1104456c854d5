import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { buildTestApp, fakeWebDist, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: App;
let testApp: TestApp;
let distDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = fakeWebDist();
  testApp = await buildTestApp(database, { webDistDir: distDir }, { worker: false });
  app = testApp.app;
});

afterAll(async () => {
  await testApp.close();
  await database.destroy();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when the database is reachable and migrated', async () => {
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true } });
  });

  it('answers /readyz 503 on a database without our migrations', async () => {
    const empty = await createTestDatabase({ empty: true });
    const emptyApp = (await buildTestApp(empty, { webDistDir: distDir }, { worker: false })).app;
    try {
      const res = await emptyApp.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', checks: { database: true, migrations: false } });
    } finally {
      await emptyApp.close();
      await empty.destroy();
    }
  });

  it('answers /readyz 503 when the database cannot be reached', async () => {
    const gone = await createTestDatabase();
    const goneApp = (await buildTestApp(gone, { webDistDir: distDir }, { worker: false })).app;
    await gone.destroy(); // pool closed and database dropped under the app
    try {
      const res = await goneApp.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toBe(false);
    } finally {
      await goneApp.close();
    }
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/does-not-exist', '/v1/nothing', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error.code).toBe('not_found');
    }
    const post = await app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.json()).toEqual({ error: { code: 'not_found', message: 'No route POST /api/nope' } });
  });

  it('answers a malformed JSON body with a 400 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/healthz',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/JSON/);
  });
});

describe('web app', () => {
  it('serves index.html for page routes so the client router can take them', async () => {
    for (const url of ['/', '/reports/123', '/settings/billing?x=1']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets forever and compresses them', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('revalidates unhashed files and 404s missing files instead of serving the page', async () => {
    expect((await app.inject('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    const missing = await app.inject('/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
  });

  it('sends a strict CSP and the security headers', async () => {
    const res = await app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('echoes a well-formed request id and replaces a hostile one', async () => {
    const mine = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    const hostile = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b\n<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
