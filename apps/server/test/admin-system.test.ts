import { readdirSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate';
import { startHeartbeat } from '../src/features/admin';
import { ADMIN_CONFIG, consoleCallers, type ConsoleCallers } from './helpers/admin';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let s: TestApp;
let c: ConsoleCallers;

beforeAll(async () => {
  database = await createTestDatabase();
  s = await buildTestApp(database, ADMIN_CONFIG);
  c = await consoleCallers(s.app, database.db);
});
afterAll(async () => {
  await s.close();
  await database.destroy();
});

describe('the system page', () => {
  it('shows the version, every migration applied, the providers and a process that beats', async () => {
    const heartbeat = startHeartbeat(database.db, 'worker', pino({ level: 'silent' }));
    await heartbeat.ready;
    heartbeat.stop();
    const res = await s.app.inject({ url: '/api/admin/system', headers: { cookie: c.operator } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(body.migrations.applied).toBe(files.length);
    expect(`${body.migrations.latest}.sql`).toBe(files.at(-1));
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.providers).toEqual({
      payments: 'sandbox',
      marketplace: 'sandbox',
      mail: 'outbox',
      rates: 'fixed',
    });
    expect(body.processes).toEqual([
      expect.objectContaining({ kind: 'worker', instance: expect.stringContaining(`:${process.pid}`) }),
    ]);
    // The test app is local and names an operator: nothing to warn of.
    expect(body.warnings).toEqual([]);
  });
});
