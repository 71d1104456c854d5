import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingsDeps } from '../src/features/listings/publish';
import { ZERO_RETRY_SECONDS } from '../src/features/listings/push-changes';
import { removeListings } from '../src/features/listings/remove-listings';
import { saveListing } from '../src/features/listings/repo';
import { retryListing } from '../src/features/listings/retry-listing';
import type { JobQueue } from '../src/jobs/queue';
import { SpapiNetworkError } from '../src/providers/marketplace/spapi/client';
import type { SellerStore } from '../src/providers/seller-store';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// A product the seller removed keeps its offer selling until Amazon takes the 0 or the delete: one Amazon
// refused or never answered is sent again by the listing's retry job in minutes (and a delete never
// answered is asked for again), not left selling what the seller no longer stocks.

let seller: SpapiSeller;
let stand: SpapiStandIn;
let deps: ListingsDeps;
const products = ['B000006101', 'B000006102', 'B000006103', 'B000006104'].map((code, i) => ({
  code,
  std: 30 + i,
  min: 20,
  max: 80,
  stock: 3,
}));
const sku = (code: string) => `SKU-${code}`;

type Queued = { name: string; data: Record<string, unknown>; startAfter?: number };
function capture(): { queue: JobQueue; sent: Queued[] } {
  const sent: Queued[] = [];
  const queue = {
    send: async (name: string, data: Record<string, unknown>, o?: { startAfter?: number }) => {
      sent.push({ name, data, startAfter: o?.startAfter });
      return 'id';
    },
  } as unknown as JobQueue;
  return { queue, sent };
}

/** The store, with Amazon refusing the patch of one SKU and never answering the delete of another. */
function failing(refusedSku: string, unansweredSku: string): SellerStore {
  const store = deps.store;
  return {
    ...store,
    patch: async (...args: Parameters<SellerStore['patch']>) =>
      args[1] === refusedSku
        ? {
            sku: args[1],
            status: 'INVALID',
            submissionId: 'sub-refused',
            issues: [{ code: '90220', message: 'Temporarily unavailable.', severity: 'ERROR' }],
          }
        : store.patch(...args),
    delete: async (...args: Parameters<SellerStore['delete']>) => {
      if (args[1] === unansweredSku)
        throw new SpapiNetworkError('deleteListingsItem', new Error('ECONNRESET'));
      return store.delete(...args);
    },
  };
}

const zeroPatches = (code: string, from: number) =>
  stand.listings.calls
    .slice(from)
    .filter((c) => c.operation === 'patchListingsItem' && c.sku === sku(code))
    .filter((c) => JSON.stringify(c.body).includes('"quantity":0'));

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-removal-retry', {}, products);
  ({ stand, deps } = seller);
  for (const p of products)
    await saveListing(seller.database.db, {
      inventoryId: seller.inventoryId,
      userId: seller.userId,
      code: p.code,
      sku: sku(p.code),
      marketplaceId: 'A2EUQ1WTGCTBG2',
      state: 'live',
      issues: [],
      pushed: { price: p.std, min: p.min, max: p.max, quantity: 3 },
    });
  // The seller removed them from the inventory (the route deletes the rows, then queues the removal).
  await seller.database.db.execute(sql`delete from inventory_products
    where inventory_id = ${seller.inventoryId}::uuid`);
});
afterAll(() => seller.close());

describe('a removal Amazon did not take', () => {
  it('a refused 0 is tried again in minutes by the retry job, which sends the 0 again', async () => {
    const [refused, taken] = products;
    const { queue, sent } = capture();
    const store = failing(sku(refused!.code), '');
    expect(
      await removeListings(
        { ...deps, store, queue },
        seller.inventoryId,
        [refused!.code, taken!.code],
        'quantity_zero',
      ),
    ).toBe('done');
    expect(sent).toEqual([
      {
        name: 'retry-listing',
        data: { inventory_id: seller.inventoryId, product_id: refused!.code },
        startAfter: ZERO_RETRY_SECONDS,
      },
    ]);
    // The retry, Amazon taking it now: the product is gone, so the figure sent is 0.
    const before = stand.listings.calls.length;
    await retryListing({ ...deps, queue }, seller.inventoryId, refused!.code);
    expect(zeroPatches(refused!.code, before)).toHaveLength(1);
    const pushes = await seller.database.db.execute<{ reason: string; status: string; new_quantity: number }>(
      sql`select h.reason, h.status, h.new_quantity from listing_pushes h join listings l on l.id = h.listing_id
           where l.inventory_id = ${seller.inventoryId}::uuid and l.code = ${refused!.code} order by h.id`,
    );
    // The 0 alone first, then the last price (quantity-first): Amazon holds 0 throughout.
    expect(pushes.rows).toEqual([
      { reason: 'removed_zero', status: 'INVALID', new_quantity: 0 },
      { reason: 'retry', status: 'ACCEPTED', new_quantity: 0 },
      { reason: 'retry', status: 'ACCEPTED', new_quantity: 0 },
    ]);
  });

  it('a delete never answered: a 0 in minutes, and the delete asked for again', async () => {
    const [, , unanswered, deleted] = products;
    const { queue, sent } = capture();
    const store = failing('', sku(unanswered!.code));
    await removeListings(
      { ...deps, store, queue },
      seller.inventoryId,
      [unanswered!.code, deleted!.code],
      'delete',
    );
    expect(sent).toEqual([
      {
        name: 'retry-listing',
        data: { inventory_id: seller.inventoryId, product_id: unanswered!.code },
        startAfter: ZERO_RETRY_SECONDS,
      },
      {
        name: 'remove-listings',
        data: { inventory_id: seller.inventoryId, product_ids: [unanswered!.code], on_amazon: 'delete' },
        startAfter: ZERO_RETRY_SECONDS,
      },
    ]);
    const rows = await seller.database.db.execute<{ code: string; state: string }>(sql`
      select code, state from listings where inventory_id = ${seller.inventoryId}::uuid
        and code = any(${sql.param([unanswered!.code, deleted!.code])}::text[]) order by code`);
    expect(rows.rows).toEqual([
      { code: unanswered!.code, state: 'live' },
      { code: deleted!.code, state: 'removed' },
    ]);
  });
});
