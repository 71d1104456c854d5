import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app';
import { tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { baselineSandbox } from './helpers/sandbox';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { productIds, restrictionPhaseOver, sendUsToCaReport } from './helpers/reports';
import { activeUser, injectJson } from './helpers/auth';

// Each seller's restriction phase is paced by that seller's own Amazon allowance, and one phase runs in
// one job for as long as its report takes (hours for a big one). So the worker runs several at once: a
// phase waiting on Amazon for one seller never holds another seller's phase back.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
const cookies: Record<string, string> = {};
const sandbox = baselineSandbox();
let release = () => {};
const alicesAmazon = new Promise<void>((resolve) => (release = resolve));
/** Amazon answers Alice's restriction questions only once released; Bob's at once. */
const marketplace: MarketplaceProvider = {
  ...sandbox,
  listingRestrictions: async (asins, region, account) => {
    if (account?.own?.sellingPartnerId === 'A1ALICE') await alicesAmazon;
    return sandbox.listingRestrictions!(asins, region, account);
  },
};
const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), pino({ level: 'silent' }));

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { TOKEN_ENCRYPTION_KEY: KEY_A }, { marketplace });
  app = testApp.app;
  for (const name of ['alice', 'bob']) {
    cookies[name] = await activeUser(app, database.db, `${name}@example.com`);
    const userId = await userIdOf(database.db, `${name}@example.com`);
    await subscribe(app, cookies[name]!, 'S');
    const sealed = box.seal(`Atzr|${name}`, sealContext(userId, 'na'));
    await saveConnection(database.db, userId, 'na', `A1${name.toUpperCase()}`, sealed);
  }
}, 120_000);
afterAll(async () => {
  release();
  await testApp?.close();
});

const phaseOf = async (name: string, id: string) =>
  (await injectJson(app, 'GET', `/api/reports/${id}`, cookies[name]!)).json<{
    restrictions: { state: string } | null;
  }>().restrictions?.state;

it("finishes one seller's phase while another seller's waits on Amazon", async () => {
  const alices = await sendUsToCaReport(app, database.db, cookies.alice!, 'Big', productIds(60, 'AL'));
  await expect.poll(() => phaseOf('alice', alices), { timeout: 30_000 }).toBe('checking');
  const bobs = await sendUsToCaReport(app, database.db, cookies.bob!, 'Small', productIds(10, 'BO'));
  expect((await restrictionPhaseOver(app, cookies.bob!, bobs)).state).toBe('done');
  expect(await phaseOf('alice', alices)).toBe('checking');
  release();
  expect((await restrictionPhaseOver(app, cookies.alice!, alices)).state).toBe('done');
}, 180_000);
