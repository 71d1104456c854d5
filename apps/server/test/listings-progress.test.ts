import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { insertRun } from '../src/features/listings/repo';
import { createSellerStore, type SellerStore } from '../src/providers/seller-store';
import { userIdOf } from './helpers/analysis';
import { testConfig } from './helpers/app';
import { alice, app, create, database, setUpInventories } from './helpers/inventories';
import { listableInCanada, listingsOf, seedPricedProducts } from './helpers/listings';

// A long dry run says how far it is: its verdicts so far are saved while it runs, against the products it
// covers. (A dry run of 5,000 products takes about 17 minutes at Amazon's 5 previews a second.)

setUpInventories();

let inventoryId: string;
let userId: string;

beforeAll(async () => {
  inventoryId = (await create(alice)).id;
  userId = await userIdOf(database.db, 'alice@example.com');
  await seedPricedProducts(
    database.db,
    inventoryId,
    userId,
    listableInCanada(60, 15000).map((code) => ({ code, std: 30, stock: 4 })),
  );
});

describe('a dry run in progress', () => {
  it('shows the verdicts so far against the products it covers, then all of them', async () => {
    const sandbox = createSellerStore(testConfig(), { db: database.db });
    // Amazon answers the first 50 previews, then holds the rest until the test lets them go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = 0;
    const store: SellerStore = {
      ...sandbox,
      put: async (...args) => {
        if (++answered > 50) await held;
        return sandbox.put(...args);
      },
    };
    const deps: ListingsDeps = {
      db: database.db,
      logger: pino({ level: 'silent' }),
      store,
      progressEveryMs: 0,
    };
    const run = await insertRun(database.db, userId, inventoryId, 'preview', null);
    expect(run.total).toBe(60);
    const running = runListings(deps, run.id);

    await expect
      .poll(async () => {
        const last = (await listingsOf(app, alice, inventoryId)).last_run!;
        return { status: last.status, checked: last.results.length, total: last.total };
      })
      .toEqual({ status: 'running', checked: 50, total: 60 });
    release();
    expect(await running).toBe('done');
    const last = (await listingsOf(app, alice, inventoryId)).last_run!;
    expect({ status: last.status, checked: last.results.length, total: last.total }).toEqual({
      status: 'done',
      checked: 60,
      total: 60,
    });
    expect(last.results.every((r) => r.outcome === 'valid')).toBe(true);
  });
});
