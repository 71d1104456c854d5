import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { loadConfig } from '../src/config';
import { isLoopback } from '../src/http/dev-mailbox';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const VISITOR = '203.0.113.5';

let database: TestDatabase;
let direct: TestApp;
let behindProxy: TestApp;
let demo: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  direct = await buildTestApp(database, {}, { worker: false });
  // Parsed as the environment would be: the deployment's proxy on this machine.
  const { TRUST_PROXY } = loadConfig({ TRUST_PROXY: '127.0.0.1' });
  behindProxy = await buildTestApp(database, { TRUST_PROXY }, { worker: false });
  demo = await buildTestApp(database, { DEMO: true }, { worker: false });
});
afterAll(async () => {
  for (const app of [direct, behindProxy, demo]) await app?.close();
  await database.destroy();
});

const get = (app: App, url: string, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    url,
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('the development mailbox', () => {
  it('answers loopback clients (the e2e tests read it from 127.0.0.1)', async () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect((await get(direct.app, '/dev/mailbox.json', address)).statusCode).toBe(200);
      expect((await get(direct.app, '/dev/mailbox', address)).statusCode).toBe(200);
    }
  });

  it('is not there for anyone else: 404, and the app config does not offer it', async () => {
    for (const address of [VISITOR, '10.0.0.2', '::ffff:198.51.100.7', '2001:db8::1']) {
      for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
        const res = await get(direct.app, url, address);
        expect({ url, address, status: res.statusCode }).toEqual({ url, address, status: 404 });
        expect(res.body).not.toContain('Activate');
      }
    }
    expect((await get(direct.app, '/api/app-config', VISITOR)).json().dev_mailbox).toBe(false);
    expect((await get(direct.app, '/api/app-config', '127.0.0.1')).json().dev_mailbox).toBe(true);
  });

  it('behind a trusted proxy, judges the visitor the proxy names, not the proxy', async () => {
    expect((await get(behindProxy.app, '/dev/mailbox.json', '127.0.0.1', VISITOR)).statusCode).toBe(404);
    expect((await get(behindProxy.app, '/dev/mailbox', '127.0.0.1', VISITOR)).statusCode).toBe(404);
    expect((await get(behindProxy.app, '/dev/mailbox.json', '127.0.0.1')).statusCode).toBe(200);
    // Without TRUST_PROXY a forwarded address is not believed: the peer is the client.
    expect((await get(direct.app, '/dev/mailbox.json', VISITOR, '127.0.0.1')).statusCode).toBe(404);
  });

  it('is open to all with DEMO=true', async () => {
    expect((await get(demo.app, '/dev/mailbox.json', VISITOR)).statusCode).toBe(200);
    expect((await get(demo.app, '/api/app-config', VISITOR)).json().dev_mailbox).toBe(true);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.255.0.9', '::1', '::FFFF:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['', '128.0.0.1', '::2', '::ffff:10.0.0.1', 'localhost', 'x'].some(isLoopback)).toBe(false);
  });
});
