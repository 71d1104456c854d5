import { SUPPLIER_HEADER, supplierRows, toCsv } from '@crossmarket/domain/testing';
import { JOB_NAMES, type ListingsView, type SupplierListView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import type { ListingsDeps } from '../src/features/listings/publish';
import { retryListing } from '../src/features/listings/retry-listing';
import { zeroListingsForPack } from '../src/features/listings/zero-for-pack';
import { dryRunThenPublish, listingsOf, seedPricedProducts } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';
import { uploadSupplierList } from './helpers/suppliers';
import { call } from './helpers/amazon';
import { SANDBOX_BASELINE_DAY } from './helpers/sandbox';
import { sandboxSnapshot } from '../src/providers/marketplace/sandbox';
import { sandboxRestriction } from '../src/providers/marketplace/sandbox-restrictions';

// Issue 62: a listed supplier product whose pack a new version of the list takes the confirmation from
// (its Amazon pack newly differs from the supplier's) stops selling at once: the re-pricing job sends
// its quantity 0 through the stand-in, kept with its reason, whether or not the inventory syncs; nothing
// above 0 (no price, no stock) goes until the seller confirms; then the sync sends its figures again.

let seller: SpapiSeller;
let database: SpapiSeller['database'];
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;
const SELLER = 'A1ALICESELLER';

/** Sandbox products both sides answer for and Canada lets anyone list, with the sides an update keeps. */
function listable(count: number, from: number) {
  const found: { code: string; snapshot: { row_cross: unknown; row_to: unknown } }[] = [];
  const today = SANDBOX_BASELINE_DAY;
  for (let i = from; found.length < count && i < from + 3000; i++) {
    const code = `B${String(i).padStart(9, '0')}`;
    const to = sandboxSnapshot(code, 'ca', { shipTo: 'ca', role: 'to', today });
    const cross = sandboxSnapshot(code, 'us', { shipTo: 'ca', role: 'cross', today });
    if (to.side.status !== 'ok' || cross.side.status !== 'ok') continue;
    if (sandboxRestriction(to, 'ca').state === 'can_list')
      found.push({ code, snapshot: { row_cross: cross.side, row_to: to.side } });
  }
  return found;
}
/** `repacked`: the supplier's pack of its line changes in version 2; `kept`: its line only costs more. */
const [first, second] = listable(2, 16200);
const repacked = { code: first!.code, std: 30, stock: 3 };
const kept = { code: second!.code, std: 40, stock: 3 };
const csv = (rows: string[][]) => new TextEncoder().encode(toCsv([SUPPLIER_HEADER, ...rows]));

const view = () => listingsOf(app, cookie, inventoryId);
const listing = (v: ListingsView, code: string) => v.listings.find((l) => l.product_id === code)!;
const amazonQuantity = (sku: string, marketplaceId: string) =>
  stand.listings.listing(SELLER, marketplaceId, sku)!.fulfillment_availability![0]!.quantity;
const writesTo = (sku: string, from: number) =>
  stand.listings.calls
    .slice(from)
    .filter(
      (c) => c.sku === sku && c.operation !== 'getListingsItem' && c.operation !== 'searchListingsItems',
    );
const pushesOf = async (code: string) =>
  (
    await database.db.execute<{ reason: string; new_quantity: number | null; status: string }>(sql`
      select h.reason, h.new_quantity, h.status from listing_pushes h join listings l on l.id = h.listing_id
       where l.inventory_id = ${inventoryId}::uuid and l.code = ${code} order by h.at, h.id`)
  ).rows;

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-pack', {}, [repacked, kept]);
  ({ database, stand, app, cookie, userId, inventoryId, deps } = seller);
  const published = await dryRunThenPublish(app, cookie, inventoryId);
  expect(published.listings.map((l) => l.state)).toEqual(['live', 'live']);
}, 120_000);
afterAll(() => seller.close());

describe('a pack that lost its confirmation stops selling until the seller confirms (issue 62)', () => {
  it('sends the 0 at once, nothing else until confirmed, and syncs again after', async () => {
    // Version 1: line 1 packs 2 (as Amazon's package of `repacked`), line 2 packs 6 (as `kept`'s).
    const rows = supplierRows(4);
    const v1 = await uploadSupplierList(app, cookie, { name: 'acme-v1.csv', bytes: csv(rows) });
    expect(v1.statusCode, v1.body).toBe(201);
    const list = v1.json<SupplierListView>();
    const lines = (
      await database.db.execute<{ key: string; pack: number }>(sql`
        select l->>'key' as key, (l->>'pack')::int as pack
          from supplier_lists s, jsonb_array_elements(s.lines) l where s.id = ${list.id}::uuid
         order by (l->>'line')::int`)
    ).rows;
    expect(lines.slice(0, 2).map((l) => l.pack)).toEqual([2, 6]);
    await database.db.execute(sql`
      update inventory_products
         set supplier_id = ${list.supplier.id}::uuid, supplier_list_id = ${list.id}::uuid,
             supplier_pack = 'same',
             snapshot = case code when ${repacked.code} then ${JSON.stringify(first!.snapshot)}::jsonb
                                  else ${JSON.stringify(second!.snapshot)}::jsonb end,
             supplier_key = case code when ${repacked.code} then ${lines[0]!.key} else ${lines[1]!.key} end,
             supplier_units = case code when ${repacked.code} then 2 else 6 end
       where inventory_id = ${inventoryId}::uuid`);
    const before = listing(await view(), repacked.code);
    expect(amazonQuantity(before.sku, before.marketplace_id)).toBe(3);
    const calls = stand.listings.calls.length;

    // Version 2: the supplier now sells line 1 by 6 — Amazon's pack of 2 differs — and every cost rises.
    // The upload queues the re-pricing job; the worker runs it (listings sync is off).
    const v2rows = rows.map((r, i) => [
      r[0]!,
      r[1]!,
      (Number(r[2]) * 2).toFixed(2),
      i === 0 ? '6' : r[3]!,
      ...r.slice(4),
    ]);
    const v2 = await uploadSupplierList(
      app,
      cookie,
      { name: 'acme-v2.csv', bytes: csv(v2rows) },
      { supplier_id: list.supplier.id },
    );
    expect(v2.statusCode, v2.body).toBe(201);
    let pushes = await pushesOf(repacked.code);
    for (let i = 0; i < 300 && !pushes.some((p) => p.reason === 'pack_unconfirmed'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      pushes = await pushesOf(repacked.code);
    }
    const packs = (
      await database.db.execute<{ code: string; pack: string; confirmed: boolean }>(sql`
        select code, supplier_pack as pack, pack_confirmed_at is not null as confirmed
          from inventory_products where inventory_id = ${inventoryId}::uuid order by code`)
    ).rows;
    expect(packs).toEqual([
      { code: repacked.code, pack: 'differs', confirmed: false },
      { code: kept.code, pack: 'same', confirmed: false },
    ]);
    // The 0 alone, accepted by Amazon and kept with its reason; the other listing is not touched.
    expect(pushes.at(-1)).toEqual({ reason: 'pack_unconfirmed', new_quantity: 0, status: 'ACCEPTED' });
    const zeroes = writesTo(before.sku, calls);
    expect(zeroes.map((w) => w.operation)).toEqual(['patchListingsItem']);
    expect(JSON.stringify(zeroes[0]!.body)).not.toContain('purchasable_offer');
    expect(amazonQuantity(before.sku, before.marketplace_id)).toBe(0);
    const other = listing(await view(), kept.code);
    expect(writesTo(other.sku, calls)).toEqual([]);

    // Unconfirmed, a new price and stock go nowhere: not by the sync, not by a retry (only its 0 again).
    await seedPricedProducts(database.db, inventoryId, userId, [
      { ...repacked, std: 33 },
      { ...kept, std: 44 },
    ]);
    await database.db.execute(
      sql`update inventories set listing_sync_enabled = true where id = ${inventoryId}::uuid`,
    );
    const synced = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    expect(writesTo(before.sku, synced)).toEqual([]);
    expect(writesTo(other.sku, synced).length).toBeGreaterThan(0);
    expect(listing(await view(), kept.code).price).toBe(44);
    const retried = stand.listings.calls.length;
    await retryListing(deps, inventoryId, repacked.code);
    for (const w of writesTo(before.sku, retried))
      expect(JSON.stringify(w.body)).not.toContain('purchasable_offer');
    expect(amazonQuantity(before.sku, before.marketplace_id)).toBe(0);
    expect(listing(await view(), repacked.code)).toMatchObject({ price: 30, quantity: 0 });

    // Confirmed on the inventory page (Amazon's 2 against the supplier's 6): the sync the confirmation
    // queues (the worker's) sends the price and the stock.
    const confirmed = await call(
      app,
      'POST',
      `/api/inventories/${inventoryId}/products/${repacked.code}/confirm-pack`,
      cookie,
      { amazon_quantity: 2 },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().pack).toMatchObject({ verdict: 'differs', supplier_pack: 6, confirmed: true });
    let after = listing(await view(), repacked.code);
    for (let i = 0; i < 300 && after.quantity !== 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = listing(await view(), repacked.code);
    }
    expect(after).toMatchObject({ price: 33, quantity: 3 });
    expect((await pushesOf(repacked.code)).at(-1)).toMatchObject({ new_quantity: 3, status: 'ACCEPTED' });
    expect(amazonQuantity(before.sku, before.marketplace_id)).toBe(3);
  }, 120_000);

  it('a 0 Amazon could not be sent is left to the listing retry, not to the next re-pricing', async () => {
    await database.db.execute(sql`update inventory_products set pack_confirmed_at = null
      where inventory_id = ${inventoryId}::uuid and code = ${repacked.code}`);
    const sent: unknown[] = [];
    const queue = {
      send: (name: string, data: unknown) => {
        sent.push([name, data]);
        return Promise.resolve(null);
      },
      retry: () => Promise.resolve(false),
    };
    const broken = { ...deps.store, patch: () => Promise.reject(new Error('socket hang up')) };
    expect(
      await zeroListingsForPack({ ...deps, store: broken, queue }, inventoryId, [repacked.code, kept.code]),
    ).toBe(0);
    expect(sent).toContainEqual([
      JOB_NAMES.retryListing,
      { inventory_id: inventoryId, product_id: repacked.code },
    ]);
    // Only the product whose pack waits: the other's listing is left alone.
    expect(sent.filter((s) => JSON.stringify(s).includes(kept.code))).toEqual([]);
  });
});
