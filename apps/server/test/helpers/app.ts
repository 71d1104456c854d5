import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import type { Database } from '../../src/db/client';

/** A built web app stand-in: an index page and one hashed asset, enough to test how they are served. */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'assets', 'index-AbC123.js'),
    `console.log(${JSON.stringify('x'.repeat(4096))});`,
  );
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
  return { ...base, ...overrides };
}

export async function buildTestApp(database: Database, overrides: Partial<Config> = {}): Promise<App> {
  const config = testConfig(overrides);
  const app = await buildApp(config, { database, logger: createLogger(config) });
  await app.ready();
  return app;
}
