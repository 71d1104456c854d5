import type { Inventory } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateInventory, type UpdateDeps } from '../src/features/inventories/update-inventory';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { setSync } from '../src/features/listings/repo';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { ecbRates } from '../src/providers/rates/ecb';
import { fixedRates } from '../src/providers/rates/fixed';
import { call } from './helpers/amazon';
import { BODY } from './helpers/inventories';
import { dryRunThenPublish, listingsOf } from './helpers/listings';
import { baselineSandbox } from './helpers/sandbox';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';

// The last stop's named risk: an inventory with "Auto" parity made while the rates table held placeholders
// (MXN at 1.12 per US dollar) re-prices about ×16 at its first update on real rates. Those prices must wait
// for the seller (nothing sent to Amazon, the hold saying why), while a source that sold out still takes its
// listing to 0. Prices are listed at the old parity, then the update runs with the ECB's shipped table.

let seller: SpapiSeller;
const CODES = Array.from({ length: 20 }, (_, i) => `B0FV0000${String(i + 1).padStart(2, '0')}`);
let soldOut: string | undefined;

/** The sandbox, except that `soldOut`'s source has no offer left (its buying side, at a full lookup). */
function marketplace(allowance?: MarketplaceProvider['allowance']): MarketplaceProvider {
  const sandbox = baselineSandbox();
  return {
    ...sandbox,
    ...(allowance ? { allowance } : {}),
    async refreshPrices(ids, region, options) {
      const checks = await sandbox.refreshPrices!(ids, region, options);
      return checks.map((c) =>
        c.product_id === soldOut && region === 'us'
          ? { ...c, status: 'nostock', buybox: null, new_offers: 0 }
          : c,
      );
    },
    async lookup(ids, region, options) {
      const found = await sandbox.lookup(ids, region, options);
      return found.map((f) =>
        f.product_id === soldOut && region === 'us'
          ? { ...f, side: { ...f.side, status: 'nostock', offers: [] } }
          : f,
      );
    },
  } as MarketplaceProvider;
}

const updateDeps = (rates: UpdateDeps['rates'], provider = marketplace()): UpdateDeps => ({
  db: seller.database.db,
  marketplace: provider,
  logger: pino({ level: 'silent' }),
  leaseSeconds: 60,
  owner: 'test',
  rates,
});
const queue = (id: string) =>
  seller.database.db.execute(sql`update inventories set update_status = 'queued' where id = ${id}::uuid`);
const offline = () => ecbRates('http://127.0.0.1:9/eurofxref-daily.xml', 2000);
const writesSince = (from: number) =>
  seller.stand.listings.calls
    .slice(from)
    .filter((c) => c.operation !== 'getListingsItem' && c.operation !== 'searchListingsItems');
const view = (id: string) => listingsOf(seller.app, seller.cookie, id);

/**
 * An inventory US → Mexico made while the placeholder table priced ("Auto", 1.12 pesos per dollar), its
 * products priced by an update on that table and listed on Amazon at those prices, sync on.
 */
async function listedAtPlaceholder(codes: string[]) {
  const created = await call(seller.app, 'POST', '/api/inventories', seller.cookie, {
    ...BODY,
    title: `US to MX ${codes[0]}`,
    to_country: 'mx',
    settings: { ...BODY.settings, parity: 1.12, parity_type: 'auto' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<Inventory>().id;
  // Added, not yet looked up: the first update prices them.
  await seller.database.db.execute(sql`
    insert into inventory_products (inventory_id, user_id, code)
    select ${id}::uuid, ${seller.userId}, c from unnest(${sql.param(codes)}::text[]) as c`);
  await queue(id);
  expect(await updateInventory(updateDeps(fixedRates), id)).toBe('done');
  await dryRunThenPublish(seller.app, seller.cookie, id);
  await seller.database.db.execute(
    sql`update inventories set listing_sync_enabled = true, listing_sync_paused = false where id = ${id}::uuid`,
  );
  const live = (await view(id)).listings.filter((l) => l.state === 'live');
  expect(live.length).toBeGreaterThanOrEqual(6);
  return { id, live };
}

/** The listing's price on Amazon as the stand-in keeps it (what a buyer sees). */
const pricesOnAmazon = async (id: string) =>
  new Map((await view(id)).listings.map((l) => [l.product_id, l.price]));

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-rates', {}, []);
});
afterAll(() => seller.close());

describe('an Auto parity made on the placeholder rates, at its first update on real rates', () => {
  it('holds the ×16 prices for the seller and says why; a sold-out source still goes to 0', async () => {
    const { id, live } = await listedAtPlaceholder(CODES.slice(0, 10));
    soldOut = live[2]!.product_id;
    const before = await pricesOnAmazon(id);
    await queue(id);
    expect(await updateInventory(updateDeps(offline()), id)).toBe('done');
    const inventory = (
      await call(seller.app, 'GET', `/api/inventories/${id}`, seller.cookie)
    ).json<Inventory>();
    expect(inventory.settings.parity).toBe(17.39);

    const from = seller.stand.listings.calls.length;
    expect(await keepListingsInStep(seller.deps, id)).toBe('held');
    // Only the sell-out's 0 reached Amazon: no price at all.
    const writes = writesSince(from);
    const after = await view(id);
    const soldSku = after.listings.find((l) => l.product_id === soldOut)!.sku;
    expect(writes.map((w) => w.sku)).toEqual([soldSku]);
    expect(JSON.stringify(writes[0]!.body)).not.toMatch(/our_price|purchasable_offer/);
    expect(after.listings.find((l) => l.product_id === soldOut)!.quantity).toBe(0);
    expect(await pricesOnAmazon(id)).toEqual(before);
    // The seller sees why: every listing's price would move, the parity with it.
    // The sold-out one has no price to send.
    expect(after.sync.hold).toMatchObject({ changed: live.length - 1, total: live.length });
    expect(after.sync.hold?.parity).toMatchObject({ from: 1.12, to: 17.39, source: 'ecb-shipped' });
  });

  it('holds them too when a run re-prices only a few products at a time', async () => {
    soldOut = undefined;
    const { id } = await listedAtPlaceholder(CODES.slice(10));
    const before = await pricesOnAmazon(id);
    // Amazon's allowance lets a run of this inventory refresh one product (update-plan.ts): one price a
    // run moves, under the hold's 20 %, and yet each is 16 times off.
    const slow = marketplace({
      account: () => 'shared',
      listedPerSecond: 1,
      summaryPerSecond: 1,
      fullPerSecond: 1,
    });
    for (let run = 0; run < 3; run++) {
      await queue(id);
      expect(await updateInventory({ ...updateDeps(offline(), slow), periodSeconds: 1 }, id)).toBe('done');
      const from = seller.stand.listings.calls.length;
      expect(await keepListingsInStep(seller.deps, id)).toBe('held');
      expect(writesSince(from)).toEqual([]);
    }
    expect(await pricesOnAmazon(id)).toEqual(before);
    const held = (await view(id)).sync.hold!;
    // A few of the listings, far under the share that holds a run on its own.
    expect(held.changed).toBeGreaterThanOrEqual(1);
    expect(held.changed / held.total).toBeLessThanOrEqual(0.2);
    expect(held.parity).toMatchObject({ from: 1.12, to: 17.39, source: 'ecb-shipped' });

    // Released, the seller's choice covers the new parity: the run goes, and later runs are not held.
    await setSync(seller.database.db, seller.userId, id, { enabled: true, release_hold: true });
    const from = seller.stand.listings.calls.length;
    expect(await keepListingsInStep(seller.deps, id)).toBe('done');
    expect(writesSince(from)).toHaveLength(held.changed);
    expect((await view(id)).sync.hold).toBeNull();
    await queue(id);
    expect(await updateInventory({ ...updateDeps(offline(), slow), periodSeconds: 1 }, id)).toBe('done');
    expect(await keepListingsInStep(seller.deps, id)).toBe('done');
  });
});
