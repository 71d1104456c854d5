import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenBoxFor } from '../src/features/amazon';
import { deleteConnection, saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { removeListings } from '../src/features/listings/remove-listings';
import { insertRun, saveListing } from '../src/features/listings/repo';
import type { SellerStore } from '../src/providers/seller-store';
import { KEY_A } from './helpers/amazon';
import { testConfig } from './helpers/app';
import { seedDryRun, seedPricedProducts } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// Issue 56, item 11: disconnect stops writes. A listings job reads the seller's authorisation at its start;
// before each chunk of writes it asks whether that authorisation is still the connected one, and stops as
// `amazon_not_connected` when the seller disconnected the region or connected another seller account.

let seller: SpapiSeller;
let database: SpapiSeller['database'];
let stand: SpapiStandIn;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;
const TOKEN = 'Atzr|alice-na-disconnect';

/** 60 products: more than one chunk (50) of a publish. */
const products = Array.from({ length: 60 }, (_, i) => ({
  code: `B0000059${String(i).padStart(2, '0')}`,
  std: 30 + (i % 10),
  min: 20,
  max: 80,
  stock: 3,
}));

/** The store, with `onFirst` run once when the first call of `operation` arrives (the seller acts mid-run). */
function actingMidRun(operation: 'put' | 'patch', onFirst: () => Promise<unknown>): SellerStore {
  let acted = false;
  const store = deps.store;
  const act = async () => {
    if (acted) return;
    acted = true;
    await onFirst();
  };
  return {
    ...store,
    put: async (...args: Parameters<SellerStore['put']>) => {
      if (operation === 'put' && !args[3]?.preview) await act();
      return store.put(...args);
    },
    patch: async (...args: Parameters<SellerStore['patch']>) => {
      if (operation === 'patch') await act();
      return store.patch(...args);
    },
  };
}
const writes = (operation: string, from: number) =>
  stand.listings.calls.slice(from).filter((c) => c.operation === operation && c.mode === null);

beforeAll(async () => {
  seller = await spapiSeller(TOKEN, {}, products);
  ({ database, stand, userId, inventoryId, deps } = seller);
});
afterAll(() => seller.close());

describe('disconnecting mid-run stops the next chunk', () => {
  it('a publish whose seller disconnects Amazon during the first chunk sends no second chunk', async () => {
    // A publish leaves out what no dry run has given a verdict (issue 56, item 8).
    await seedDryRun(
      database.db,
      userId,
      inventoryId,
      products.map((p) => p.code),
    );
    const run = await insertRun(database.db, userId, inventoryId, 'publish', null);
    const before = stand.listings.calls.length;
    const store = actingMidRun('put', () => deleteConnection(database.db, userId, 'na'));
    expect(await runListings({ ...deps, store }, run.id)).toBe('not-connected');
    expect(writes('putListingsItem', before)).toHaveLength(50);
    const [row] = (
      await database.db.execute<{ status: string; error: string | null }>(
        sql`select status, error from listing_runs where id = ${run.id}::uuid`,
      )
    ).rows;
    expect(row).toEqual({ status: 'failed', error: 'amazon_not_connected' });
  });

  it('a sync whose seller connects another seller account after the zeros sends nothing more', async () => {
    const cfg = testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A });
    const box = tokenBoxFor(cfg, pino({ level: 'silent' }));
    await saveConnection(
      database.db,
      userId,
      'na',
      'A1ALICESELLER',
      box.seal(TOKEN, sealContext(userId, 'na')),
    );
    await database.db.execute(
      sql`update inventories set listing_sync_enabled = true where id = ${inventoryId}::uuid`,
    );
    // Two sources sell out, five prices move a little: the zeros go first, then the prices.
    await seedPricedProducts(database.db, inventoryId, userId, [
      ...products.slice(0, 2).map((p) => ({ ...p, available: false, stock: 0, crossStatus: 'nostock' })),
      ...products.slice(2, 7).map((p) => ({ ...p, std: p.std + 1 })),
    ]);
    const before = stand.listings.calls.length;
    const store = actingMidRun('patch', () =>
      saveConnection(
        database.db,
        userId,
        'na',
        'A2BOBSELLER',
        box.seal('Atzr|bob-na', sealContext(userId, 'na')),
      ),
    );
    expect(await keepListingsInStep({ ...deps, store }, inventoryId)).toBe('amazon_not_connected');
    const patches = writes('patchListingsItem', before);
    expect(patches).toHaveLength(2);
    expect(patches.every((p) => !JSON.stringify(p.body).includes('purchasable_offer'))).toBe(true);
  });

  it('a removal whose seller disconnects during the first chunk stops before the second', async () => {
    const cfg = testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A });
    const box = tokenBoxFor(cfg, pino({ level: 'silent' }));
    await saveConnection(
      database.db,
      userId,
      'na',
      'A1ALICESELLER',
      box.seal(TOKEN, sealContext(userId, 'na')),
    );
    // The ten products the stopped publish never sent, listed meanwhile: 60 listings to take to 0.
    for (const p of products.slice(50))
      await saveListing(database.db, {
        inventoryId,
        userId,
        code: p.code,
        sku: `SKU-${p.code}`,
        marketplaceId: 'A2EUQ1WTGCTBG2',
        state: 'live',
        issues: [],
        pushed: { price: p.std, min: p.min, max: p.max, quantity: 3 },
      });
    const before = stand.listings.calls.length;
    const store = actingMidRun('patch', () => deleteConnection(database.db, userId, 'na'));
    const removed = await removeListings(
      { ...deps, store },
      inventoryId,
      products.map((p) => p.code),
      'quantity_zero',
    );
    expect(removed).toBe('amazon_not_connected');
    expect(writes('patchListingsItem', before)).toHaveLength(50);
  });
});
