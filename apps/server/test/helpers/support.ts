import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/app';
import type { Config } from '../../src/config';
import { userData } from '../../src/db/schema';
import { userIdOf } from './analysis';
import { buildTestApp, type TestApp } from './app';
import { activeUser, jsonHeaders } from './auth';
import { createTestDatabase, type TestDatabase } from './db';
import { startStandIn, stopStandIn } from './support-stand-in';

// The support tests' setting: an app that mails tickets to SUPPORT, and Alice, Bob and Carol on a database
// of the test file's own; with `standIn`, the stand-in WordPress and YouTube (support-stand-in.ts) too. A
// test file calls `setUpSupport()` once at its top level; `database`, `app` and the users' session cookies
// are set by its beforeAll.

export const SUPPORT = 'help-desk@example.com';

export let database: TestDatabase;
let testApp: TestApp;
export let app: App;
const extraApps: TestApp[] = [];
export let alice: string;
export let bob: string;
export let carol: string;

/** Another app on the same database (sessions carry over) with other support settings, without a worker. */
export async function appWith(overrides: Partial<Config>): Promise<App> {
  const built = await buildTestApp(
    database,
    { SUPPORT_FEED_TIMEOUT_MS: 400, ...overrides },
    { worker: false },
  );
  extraApps.push(built);
  return built.app;
}

export const get = (target: App, url: string, cookie?: string) =>
  target.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
export const ticket = (cookie: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/create-ticket',
    headers: jsonHeaders(cookie),
    payload: payload as object,
  });

export function setUpSupport(options: { standIn?: boolean } = {}) {
  beforeAll(async () => {
    if (options.standIn) await startStandIn();
    database = await createTestDatabase();
    testApp = await buildTestApp(database, { SUPPORT_EMAIL: SUPPORT });
    app = testApp.app;
    [alice, bob, carol] = await Promise.all([
      activeUser(app, database.db, 'alice@example.com'),
      activeUser(app, database.db, 'bob@example.com'),
      activeUser(app, database.db, 'carol@example.com'),
    ]);
    // Alice pays; Bob and Carol never bought a plan, so they are locked out (gating rule 5).
    await database.db
      .update(userData)
      .set({ subscriptionEnd: new Date(Date.now() + 30 * 86_400_000), welcomeDone: true })
      .where(eq(userData.userId, await userIdOf(database.db, 'alice@example.com')));
  });
  afterAll(async () => {
    await Promise.all(extraApps.map((a) => a.close()));
    await testApp.close();
    await database.destroy();
    if (options.standIn) await stopStandIn();
  });
}
