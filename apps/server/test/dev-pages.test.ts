import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { loadConfig } from '../src/config';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Issue 57, item 4: /dev/mailbox holds every user's sign-in links and /dev/store every user's sandbox
// listings. They need DEV_PAGES=true besides a non-production NODE_ENV, and with no proxy trusted, a
// request a proxy forwarded is refused: a proxy on the same machine makes every visitor look local.

const PAGES = ['/dev/mailbox', '/dev/mailbox.json', '/dev/store'];
const LOCAL = '127.0.0.1';

let database: TestDatabase;
let off: TestApp;
let on: TestApp;
let production: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  off = await buildTestApp(database, { NODE_ENV: 'development', DEV_PAGES: false }, { worker: false });
  on = await buildTestApp(database, { NODE_ENV: 'development', DEV_PAGES: true }, { worker: false });
  production = await buildTestApp(
    database,
    { NODE_ENV: 'production', DEV_PAGES: true, DEMO: true },
    { worker: false },
  );
  const { TRUST_PROXY } = loadConfig({ TRUST_PROXY: LOCAL });
  behindProxy = await buildTestApp(database, { DEV_PAGES: true, TRUST_PROXY }, { worker: false });
}, 60_000);
afterAll(async () => {
  for (const app of [off, on, production, behindProxy]) await app?.close();
  await database?.destroy();
});

/** Which pages were served, per URL (an unknown page path gets the web app's index: not served). */
const statuses = async (app: App, headers: Record<string, string> = {}) =>
  Object.fromEntries(
    await Promise.all(
      PAGES.map(async (url) => {
        const res = await app.inject({ url, remoteAddress: LOCAL, headers });
        const served = url.endsWith('.json')
          ? res.statusCode === 200 && String(res.headers['content-type']).includes('json')
          : res.statusCode === 200 && /<h1>(Development mailbox|Sandbox store)<\/h1>/.test(res.body);
        return [url, served ? 'served' : 'hidden'];
      }),
    ),
  );
const all = (what: 'served' | 'hidden') => Object.fromEntries(PAGES.map((url) => [url, what]));
const offered = async (app: App, headers: Record<string, string> = {}) =>
  (await app.inject({ url: '/api/app-config', remoteAddress: LOCAL, headers })).json().dev_mailbox;

describe('the development pages', () => {
  it('are not there without DEV_PAGES=true, even to this machine', async () => {
    expect(await statuses(off.app)).toEqual(all('hidden'));
    expect(await offered(off.app)).toBe(false);
  });

  it('answer this machine with DEV_PAGES=true', async () => {
    expect(await statuses(on.app)).toEqual(all('served'));
    expect(await offered(on.app)).toBe(true);
  });

  it('refuse what a proxy forwarded when no proxy is trusted', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.5' },
      // Whatever the proxy claims, even this machine: the peer alone is not proof enough.
      { 'x-forwarded-for': LOCAL },
      { forwarded: 'for=203.0.113.5' },
      { 'x-real-ip': '203.0.113.5' },
    ];
    for (const headers of forwarded) {
      expect({ headers, pages: await statuses(on.app, headers) }).toEqual({ headers, pages: all('hidden') });
      expect(await offered(on.app, headers)).toBe(false);
    }
  });

  it('behind a trusted proxy, judge the visitor the proxy names', async () => {
    expect(await statuses(behindProxy.app, { 'x-forwarded-for': '203.0.113.5' })).toEqual(all('hidden'));
    expect(await statuses(behindProxy.app, { 'x-forwarded-for': LOCAL })).toEqual(all('served'));
  });

  it('are never served in production, DEV_PAGES or DEMO notwithstanding', async () => {
    expect(await statuses(production.app)).toEqual(all('hidden'));
    expect(await offered(production.app)).toBe(false);
  });
});
