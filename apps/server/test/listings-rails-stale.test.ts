import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { dryRunThenPublish, listingsOf } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';

// Issue 56, item 10, its limit: the hold counts zeros a data fault can make (sold out, unprofitable), not
// the zeros that mean we stopped watching. When most sources have not been refreshed for longer than the
// plan's maximum age (updates failing, a lapsed plan), every one of those offers must stop selling at once.

let seller: SpapiSeller;
const products = Array.from({ length: 10 }, (_, i) => ({
  code: `B0000060${String(i).padStart(2, '0')}`,
  std: 30 + i,
  min: 20 + i,
  max: 60 + i,
  stock: 3,
}));

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-stale', {}, products);
  await dryRunThenPublish(seller.app, seller.cookie, seller.inventoryId);
  await seller.database.db.execute(
    sql`update inventories set listing_sync_enabled = true where id = ${seller.inventoryId}::uuid`,
  );
});
afterAll(() => seller.close());

describe('stale sources are never held', () => {
  it('8 of 10 sources a month old: all 8 go to 0 in one run, no hold', async () => {
    const { database, inventoryId, stand, deps, app, cookie } = seller;
    await database.db.execute(sql`update inventory_products set updated_at = now() - interval '30 days'
      where inventory_id = ${inventoryId}::uuid and code = any(${sql.param(products.slice(0, 8).map((p) => p.code))}::text[])`);
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    const patches = stand.listings.calls.slice(before).filter((c) => c.operation === 'patchListingsItem');
    expect(patches).toHaveLength(8);
    const view = await listingsOf(app, cookie, inventoryId);
    expect(view.sync.hold).toBeNull();
    expect(view.listings.filter((l) => l.quantity === 0)).toHaveLength(8);
  });
});
