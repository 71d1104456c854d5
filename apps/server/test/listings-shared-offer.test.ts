import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { saveListing } from '../src/features/listings/repo';
import { BODY } from './helpers/inventories';
import { call } from './helpers/amazon';
import { seedPricedProducts } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';

// Two of a seller's inventories whose listings share one offer (the same SKU in one marketplace: listings
// from before publishes refused a second): the older keeps the offer in step; the younger sends only a 0,
// so its stock never puts back on sale what the older one's source no longer has.

let seller: SpapiSeller;
let older: string;
let younger: string;
const code = 'B000006301';
const sku = 'SKU-SHARED-6301';
const CA = 'A2EUQ1WTGCTBG2';
const product = { code, std: 30, min: 20, max: 80, stock: 3 };

const patches = (from: number) =>
  seller.stand.listings.calls.slice(from).filter((c) => c.operation === 'patchListingsItem' && c.sku === sku);

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-shared', {}, [product]);
  older = seller.inventoryId;
  const res = await call(seller.app, 'POST', '/api/inventories', seller.cookie, {
    ...BODY,
    title: 'The same product, another inventory',
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  younger = res.json<{ id: string }>().id;
  await seedPricedProducts(seller.database.db, younger, seller.userId, [product]);
  for (const inventoryId of [older, younger])
    await saveListing(seller.database.db, {
      inventoryId,
      userId: seller.userId,
      code,
      sku,
      marketplaceId: CA,
      state: 'live',
      issues: [],
      pushed: { price: 30, min: 20, max: 80, quantity: 3 },
    });
  await seller.database.db.execute(sql`update inventories set listing_sync_enabled = true
    where id = any(${sql.param([older, younger])}::uuid[])`);
});
afterAll(() => seller.close());

describe('an offer two inventories share', () => {
  it('the younger inventory sends neither its price nor its stock', async () => {
    await seedPricedProducts(seller.database.db, younger, seller.userId, [{ ...product, std: 35, stock: 9 }]);
    const before = seller.stand.listings.calls.length;
    expect(await keepListingsInStep(seller.deps, younger)).toBe('done');
    expect(patches(before)).toEqual([]);
  });

  it("the younger inventory's sell-out still takes the offer to 0", async () => {
    await seedPricedProducts(seller.database.db, younger, seller.userId, [
      { ...product, stock: 0, available: false, crossStatus: 'nostock' },
    ]);
    const before = seller.stand.listings.calls.length;
    await keepListingsInStep(seller.deps, younger);
    const sent = patches(before);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]!.body)).toContain('"quantity":0');
    expect(JSON.stringify(sent[0]!.body)).not.toContain('purchasable_offer');
  });

  it('the older inventory keeps the offer in step as before', async () => {
    await seedPricedProducts(seller.database.db, older, seller.userId, [{ ...product, stock: 6 }]);
    const before = seller.stand.listings.calls.length;
    await keepListingsInStep(seller.deps, older);
    expect(patches(before)).toHaveLength(1);
  });
});
