import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { testConfig } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { pino } from 'pino';

// The built browser extension at its stable address, for anyone (it holds no secret); a server without
// a build says how to make one.

let database: TestDatabase;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-extension-'));
const zip = path.join(dir, 'crossmarket-extension.zip');

async function appWith(extensionZip: string): Promise<App> {
  const app = await buildApp(testConfig({ extensionZip }), {
    database,
    logger: pino({ level: 'silent' }),
    queue: { send: async () => null, retry: async () => false },
    sessionSecret: 'test-secret-test-secret-test-secret-1234',
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  fs.writeFileSync(zip, Buffer.from('PK\u0003\u0004 a zip stand-in'));
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /downloads/crossmarket-extension.zip', () => {
  it('sends the zip as an attachment, without signing in', async () => {
    const app = await appWith(zip);
    const res = await app.inject({ method: 'GET', url: '/downloads/crossmarket-extension.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="crossmarket-extension.zip"');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    await app.close();
  });

  it('says how to build it when there is none', async () => {
    const app = await appWith(path.join(dir, 'missing.zip'));
    const res = await app.inject({ method: 'GET', url: '/downloads/crossmarket-extension.zip' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('extension_not_built');
    await app.close();
  });
});
