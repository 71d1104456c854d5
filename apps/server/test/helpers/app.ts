import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppDeps } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { pgBossQueue } from '../../src/jobs/queue';
import { startWorker, type Worker } from '../../src/jobs/worker';
import { pino } from 'pino';
import { loggerOptions } from '../../src/logger';
import { outboxTransport } from '../../src/providers/mail/transport';
import type { MarketplaceProvider } from '../../src/providers/marketplace/types';
import type { SellerOrders } from '../../src/providers/seller-orders';
import type { SellerStore } from '../../src/providers/seller-store';
import { createLookupAccounts, tokenBoxFor } from '../../src/features/amazon';

export const TEST_APP_URL = 'http://localhost:3999';

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
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
    APP_URL: TEST_APP_URL,
    // Thousands of sign-ups per run: a cheap hash (password-hash.test.ts proves production's is the library's).
    PASSWORD_HASH_COST: '1024',
    // Tests read sign-in links and the sandbox store where a developer does (dev-pages.test.ts: off).
    DEV_PAGES: 'true',
  });
  return { ...base, ...overrides };
}

export interface TestApp {
  app: App;
  /** The real worker on the test database (mail lands in mail_outbox); absent with `worker: false`. */
  worker?: Worker;
  close(): Promise<void>;
}

const SECRET = 'test-secret-test-secret-test-secret-1234';

/** The app over a test database, with a real pg-boss queue and worker (outbox mail) unless told not to. */
export async function buildTestApp(
  database: Database,
  overrides: Partial<Config> = {},
  options: {
    worker?: boolean;
    logs?: string[];
    marketplace?: MarketplaceProvider;
    /** Sellers' Amazon stores for the worker's listings jobs; the sandbox's store by default. */
    sellerStore?: SellerStore;
    /** Sellers' Amazon orders for the app and the worker; `MARKETPLACE_PROVIDER`'s by default. */
    sellerOrders?: SellerOrders;
    /** Sees every route as it is added (tests that sweep all routes). */
    onRoute?: AppDeps['onRoute'];
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.logs ? { LOG_LEVEL: 'trace', ...overrides } : overrides);
  // With `logs`, every log line (requests included) is kept for the test to search.
  const logger = options.logs
    ? pino(loggerOptions(config, false), { write: (line: string) => void options.logs!.push(line) })
    : pino(loggerOptions(config, false));
  const worker =
    options.worker === false
      ? undefined
      : await startWorker({
          url: database.url,
          db: database.db,
          logger,
          mail: outboxTransport(database.db, logger),
          links: tokenBoxFor(config, logger),
          appUrl: config.APP_URL,
          marketplace: options.marketplace,
          sellerStore: options.sellerStore,
          sellerOrders: options.sellerOrders,
          accounts: (queue) => createLookupAccounts({ db: database.db, queue, config, logger }),
        });
  const queue = worker ? pgBossQueue(worker.boss) : { send: async () => null, retry: async () => false };
  const app = await buildApp(config, {
    database,
    logger,
    queue,
    sessionSecret: SECRET,
    marketplace: options.marketplace,
    onRoute: options.onRoute,
    ...(options.sellerStore && { sellerStore: options.sellerStore }),
    ...(options.sellerOrders && { sellerOrders: options.sellerOrders }),
  });
  await app.ready();
  return {
    app,
    worker,
    close: async () => {
      await app.close();
      await worker?.stop();
    },
  };
}
