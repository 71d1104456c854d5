import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenBoxFor } from '../src/features/amazon';
import { sandboxSellerId } from '../src/features/listings';
import type { OrdersDeps } from '../src/features/orders';
import { confirmShipment } from '../src/features/orders/confirm-shipment';
import { takeInOrders } from '../src/features/orders/intake';
import { readBackShipment } from '../src/features/orders/read-back';
import { SpapiError } from '../src/providers/marketplace/spapi/client';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { createSandboxSellerOrders, placeSandboxOrder } from '../src/providers/seller-orders';
import { createSandboxSellerStore } from '../src/providers/seller-store';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser, injectJson } from './helpers/auth';
import { userIdOf } from './helpers/analysis';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { testClock } from './helpers/orders';

const MINUTE = 60_000;
const LOCAL = '127.0.0.1';
const CA = MARKETPLACES.ca.id;
const clock = testClock();
let database: TestDatabase;
let t: TestApp;
let cookie: string;
let userId: string;
let seller: string;
let deps: OrdersDeps;

const offer = (price: number, quantity: number) => ({
  productType: 'PRODUCT',
  requirements: 'LISTING_OFFER_ONLY' as const,
  attributes: {
    condition_type: [{ value: 'new_new' }],
    merchant_suggested_asin: [{ value: 'B0SANDBOX1', marketplace_id: CA }],
    purchasable_offer: [
      { marketplace_id: CA, currency: 'CAD', our_price: [{ schedule: [{ value_with_tax: price }] }] },
    ],
    fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity }],
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  const cfg = { NODE_ENV: 'development' as const, DEV_PAGES: true };
  t = await buildTestApp(database, cfg);
  cookie = await activeUser(t.app, database.db, 'sandy@example.com');
  userId = await userIdOf(database.db, 'sandy@example.com');
  await subscribe(t.app, cookie, 'S');
  for (const name of ['orders-intake', 'orders-deadlines', 'orders-erase-addresses'])
    await t.worker?.boss.unschedule(name);
  // The confirmation and its read-back run here, on the test's clock: the worker would race the test to
  // them (the shipment route queues the confirmation) and leave the test's own call nothing to send.
  await t.worker?.boss.offWork('orders-confirm-shipment');
  await t.worker?.boss.offWork('orders-read-back');
  seller = sandboxSellerId(userId);
  const store = createSandboxSellerStore(database.db);
  const put = await store.put(
    { country: 'ca', sellerId: seller, account: { tenant: userId } },
    'SANDBOX-SKU-1',
    offer(40, 3),
  );
  expect(put.status, JSON.stringify(put.issues)).toBe('ACCEPTED');
  const logger = pino({ level: 'silent' });
  deps = {
    db: database.db,
    logger,
    orders: createSandboxSellerOrders(database.db, clock.now),
    box: tokenBoxFor(testConfig(cfg), logger),
    now: clock.now,
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await database?.destroy();
});

describe('the sandbox takes orders like Amazon (issue 60)', () => {
  it('/dev/store places an order on a listing', async () => {
    const page = await t.app.inject({ url: '/dev/store', remoteAddress: LOCAL });
    expect(page.body).toContain('Place an order');
    const placed = await t.app.inject({
      method: 'POST',
      url: '/dev/store/orders',
      remoteAddress: LOCAL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        seller_id: seller,
        marketplace_id: CA,
        sku: 'SANDBOX-SKU-1',
        kind: 'normal',
      }).toString(),
    });
    expect(placed.statusCode, placed.body).toBe(303);
    const rows = await database.db.execute(
      sql`select order_id from sandbox_orders where seller_id = ${seller}`,
    );
    expect(rows.rows).toHaveLength(1);
  });

  it('a live listing receives an order on its schedule; the whole path works offline', async () => {
    // Ten minutes after listing, the scheduled one comes; the placed one is there already.
    await database.db.execute(sql`update sandbox_listings set created_at = now() - interval '11 minutes'`);
    clock.set(Date.now() + 5 * MINUTE);
    const read = await takeInOrders(deps, userId, 'na');
    expect(read).toMatchObject({ outcome: 'done', added: 2 });
    const again = await takeInOrders(deps, userId, 'na');
    expect(again.added).toBe(0);
    const list = (await injectJson(t.app, 'GET', '/api/orders', cookie)).json();
    expect(list.orders).toHaveLength(2);
    expect(list.freshness.find((f: { region: string }) => f.region === 'na')).toMatchObject({
      connected: true,
    });
    const id = list.orders[0].id as string;
    const bought = await injectJson(t.app, 'POST', `/api/orders/${id}/purchase`, cookie, {
      order_item_id: (
        await database.db.execute<{ order_item_id: string }>(
          sql`select order_item_id from order_items where order_id = ${id}::uuid`,
        )
      ).rows[0]!.order_item_id,
      source_order_id: '113-0000000-0000001',
      total: 25,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const address = (await injectJson(t.app, 'GET', `/api/orders/${id}?address=1`, cookie)).json().address;
    expect(address).toMatchObject({ name: 'Sandbox Buyer', city: 'Toronto' });
    const shipped = await injectJson(t.app, 'POST', `/api/orders/${id}/shipment`, cookie, {
      carrier_code: 'Canada Post',
      tracking_number: 'CP000111222CA',
      ship_date: new Date(clock.now()).toISOString(),
    });
    expect(shipped.statusCode, shipped.body).toBe(202);
    expect(await confirmShipment(deps, id)).toBe('sent');
    expect(await readBackShipment(deps, id)).toBe('kept');
    const moved = await injectJson(t.app, 'POST', `/api/orders/${id}/transition`, cookie, {
      to: 'delivered',
    });
    expect(moved.statusCode, moved.body).toBe(204);
    expect((await injectJson(t.app, 'GET', `/api/orders/${id}`, cookie)).json().order.state).toBe(
      'delivered',
    );
  });

  it('answers a 204 that keeps nothing, refuses a Ship+ order, and gives no address before payment', async () => {
    const orders = createSandboxSellerOrders(database.db, clock.now);
    const target = { region: 'na' as const, sellerId: seller, account: { tenant: userId } };
    const base = {
      sellerId: seller,
      country: 'ca' as const,
      sku: 'SANDBOX-SKU-1',
      price: 40,
      at: clock.now(),
    };
    const dropped = await placeSandboxOrder(database.db, { ...base, kind: 'ignores_confirmation' });
    const shipPlus = await placeSandboxOrder(database.db, { ...base, kind: 'ship_plus' });
    const pending = await placeSandboxOrder(database.db, { ...base, kind: 'pending' });
    const body = (o: typeof dropped) => ({
      marketplaceId: CA,
      packageDetail: {
        packageReferenceId: '1',
        carrierCode: 'Canada Post',
        trackingNumber: 'T1',
        shipDate: new Date(clock.now()).toISOString(),
        orderItems: [{ orderItemId: o.orderItems[0]!.orderItemId, quantity: 1 }],
      },
    });
    await orders.confirmShipment(target, dropped.orderId, body(dropped));
    expect((await orders.getOrder(target, dropped.orderId, ['PACKAGES'])).packages ?? []).toEqual([]);
    await expect(orders.confirmShipment(target, shipPlus.orderId, body(shipPlus))).rejects.toBeInstanceOf(
      SpapiError,
    );
    expect((await orders.getOrder(target, pending.orderId, ['RECIPIENT'])).recipient).toBeUndefined();
    clock.advance(6 * MINUTE);
    const paid = await orders.getOrder(target, pending.orderId, ['RECIPIENT', 'FULFILLMENT']);
    expect(paid.fulfillment?.fulfillmentStatus).toBe('UNSHIPPED');
    expect(paid.recipient?.deliveryAddress?.city).toBe('Toronto');
    await expect(
      orders.searchOrders(target, {
        lastUpdatedAfter: new Date(clock.now()).toISOString(),
        marketplaceIds: [CA],
      }),
    ).resolves.toMatchObject({ orders: [] });
    await expect(
      orders.searchOrders(target, {
        lastUpdatedAfter: new Date(clock.now() - MINUTE).toISOString(),
        lastUpdatedBefore: new Date(clock.now()).toISOString(),
        marketplaceIds: [CA],
      }),
    ).rejects.toBeInstanceOf(SpapiError);
  });
});

describe('the sandbox store for trying the money page (issue 61)', () => {
  const post = (url: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: LOCAL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('places an order a few days back, so its money has been posted, and no further than a first read', async () => {
    const form = { seller_id: seller, marketplace_id: CA, sku: 'SANDBOX-SKU-1', kind: 'normal' };
    await database.db.execute(sql`update order_syncs set synced_until = now() where user_id = ${userId}`);
    const before = Date.now();
    expect((await post('/dev/store/orders', { ...form, days_ago: '5' })).statusCode).toBe(303);
    // The seller's read had passed it: it goes back for it.
    const cursor = await database.db.execute<{ until: Date }>(
      sql`select synced_until as until from order_syncs where user_id = ${userId}`,
    );
    expect(before - new Date(cursor.rows[0]!.until).getTime()).toBeGreaterThan(5 * 24 * 60 * MINUTE);
    const { rows } = await database.db.execute<{ created: string }>(
      sql`select "order"->>'createdTime' as created from sandbox_orders
           where seller_id = ${seller} order by "order"->>'createdTime' asc limit 1`,
    );
    const age = before - Date.parse(rows[0]!.created);
    expect(age).toBeGreaterThan(5 * 24 * 60 * MINUTE);
    expect(age).toBeLessThan(5 * 24 * 60 * MINUTE + 10 * MINUTE);
    expect((await post('/dev/store/orders', { ...form, days_ago: '30' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/dev/store', remoteAddress: LOCAL })).body).toContain(
      '<option value="5">5 days ago</option>',
    );
  });

  it('reads every connected seller’s finances when asked, as the schedule does', async () => {
    const queued = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'schedule-finance-reads'`,
        )
      ).rows[0]!.n;
    const before = await queued();
    const res = await post('/dev/store/finances', {});
    expect(res.statusCode, res.body).toBe(303);
    expect(await queued()).toBe(before + 1);
    // Like every development page, not for other machines.
    const away = await t.app.inject({
      method: 'POST',
      url: '/dev/store/finances',
      remoteAddress: '203.0.113.9',
    });
    expect(away.statusCode).toBe(404);
  });
});
