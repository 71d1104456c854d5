import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeInOrders } from '../src/features/orders/intake';
import { confirmShipment } from '../src/features/orders/confirm-shipment';
import { readBackShipment } from '../src/features/orders/read-back';
import { raiseDeadlines } from '../src/features/orders/deadlines';
import { followDeliveries } from '../src/features/orders/deliveries';
import { eraseAddresses } from '../src/features/orders/address';
import { recordPurchase } from '../src/features/orders/purchase';
import { sendDailyDigests } from '../src/features/watches/mail-alerts';
import { outboxTransport } from '../src/providers/mail/transport';
import { pino } from 'pino';
import { TEST_APP_URL } from './helpers/app';
import { activeUser, injectJson, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { amazonOrder, everythingStored, ordersSeller, SELLER, testClock } from './helpers/orders';

const MINUTE = 60_000;
const DAY = 86_400_000;
const clock = testClock();
const logs: string[] = [];
const SOLD_OUT = 'B0SOLDOUT1';
let s: Awaited<ReturnType<typeof ordersSeller>>;
let deps: (typeof s)['orderDeps'];
let bob: string;

const ordersOf = async () =>
  (
    await s.database.db.execute<{
      id: string;
      amazon_order_id: string;
      state: string;
      reason: string | null;
    }>(
      sql`select id, amazon_order_id, state, reason from orders where user_id = ${s.userId} order by amazon_order_id`,
    )
  ).rows;
const idOf = async (amazonOrderId: string) =>
  (await ordersOf()).find((o) => o.amazon_order_id === amazonOrderId)!.id;
const intake = () => takeInOrders(deps, s.userId, 'na');
const get = (path: string, cookie = s.cookie) => injectJson(s.app, 'GET', path, cookie);
const post = (path: string, body: object, cookie = s.cookie) => injectJson(s.app, 'POST', path, cookie, body);
const purchase = (id: string, source = '111-2223334-5556667') =>
  post(`/api/orders/${id}/purchase`, {
    order_item_id: '11223344556677',
    source_order_id: source,
    total: 21.5,
  });

beforeAll(async () => {
  s = await ordersSeller(
    ['B000000001', SOLD_OUT],
    { ordersDelayMs: 0, ordersNow: clock.now, noOffers: (asin) => asin === SOLD_OUT },
    logs,
  );
  deps = { ...s.orderDeps, now: clock.now };
  bob = await activeUser(s.app, s.database.db, 'bob@example.com');
  await subscribe(s.app, bob, 'S');
  // The jobs run here, on the test's clock: the worker's schedules would read orders on their own.
  for (const name of ['orders-intake', 'orders-deadlines', 'orders-erase-addresses'])
    await s.testApp.worker?.boss.unschedule(name);
  await s.testApp.worker?.boss.offWork('orders-confirm-shipment');
  await s.testApp.worker?.boss.offWork('orders-read-back');
  await s.testApp.worker?.boss.offWork('orders-sold-out');
}, 120_000);
afterAll(() => s?.close());

describe('orders intake (issue 60)', () => {
  it('reads overlapping windows without duplicates, within searchOrders limits', async () => {
    const t0 = clock.now();
    const a = amazonOrder({ updated: t0 - 20 * MINUTE });
    const b = amazonOrder({ updated: t0 - 5 * MINUTE });
    s.stand.orders.put(SELLER, a);
    s.stand.orders.put(SELLER, b);
    // 250 more: three pages of 100.
    for (let i = 0; i < 250; i++)
      s.stand.orders.put(SELLER, amazonOrder({ updated: t0 - 30 * MINUTE - i * 1000 }));
    const first = await intake();
    expect(first).toMatchObject({ outcome: 'done', added: 252, pages: 3 });

    // Amazon shows a change late: C carries a time the first read already passed.
    const c = amazonOrder({ updated: t0 - 4 * MINUTE });
    s.stand.orders.put(SELLER, c);
    clock.advance(5 * MINUTE);
    const second = await intake();
    expect(second).toMatchObject({ added: 1, updated: 0 });
    const rows = await ordersOf();
    expect(rows).toHaveLength(253);
    expect(new Set(rows.map((r) => r.amazon_order_id)).size).toBe(253);
    expect(rows.find((r) => r.amazon_order_id === c.orderId)?.state).toBe('new');
    // Every call within Amazon's usage plan (the stand-in answers 429 beyond it), and each repeats the
    // window (the follow-up pages the token with the same parameters).
    expect(s.stand.throttled.searchOrders).toBe(0);
    const calls = s.stand.orders.calls.filter((x) => x.operation === 'searchOrders');
    expect(calls.length).toBeLessThanOrEqual(s.stand.limits.searchOrders.burst);
    expect(calls.every((x) => x.status === 200 && x.query.fulfilledBy === 'MERCHANT')).toBe(true);
    expect(calls.every((x) => !x.query.includedData?.includes('RECIPIENT'))).toBe(true);
    // Linked by SKU to the seller's listing: from Crossmarket.
    const linked = await s.database.db.execute<{ from_crossmarket: boolean }>(
      sql`select from_crossmarket from orders where amazon_order_id = ${a.orderId}`,
    );
    expect(linked.rows[0]!.from_crossmarket).toBe(true);
  });

  it('a pending order is shown and cannot be bought; paid, it can', async () => {
    const p = amazonOrder({ status: 'PENDING', updated: clock.now() - 3 * MINUTE - 1000 });
    s.stand.orders.put(SELLER, p);
    clock.advance(MINUTE);
    await intake();
    const id = await idOf(p.orderId);
    const list = await get('/api/orders?state=pending');
    expect(list.json<{ orders: { id: string }[] }>().orders.map((o) => o.id)).toContain(id);
    const refused = await purchase(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('order_pending');
    s.stand.orders.put(SELLER, { ...amazonOrder({ orderId: p.orderId, updated: clock.now() - 3 * MINUTE }) });
    clock.advance(MINUTE);
    await intake();
    expect((await ordersOf()).find((o) => o.id === id)?.state).toBe('new');
  });

  it("an order's arrival keeps the money model's estimate at the price paid, once (issue 61)", async () => {
    const estimates = async (amazonOrderId: string) =>
      (
        await s.database.db.execute<{ breakdown: { price: number; profit: number }; on_day: string }>(
          sql`select breakdown, on_day::text from order_money_estimates
               where user_id = ${s.userId} and amazon_order_id = ${amazonOrderId}`,
        )
      ).rows;
    // The inventory's last lookup of the product: the source's buy box at US$20.
    await s.database.db.execute(sql`
      update inventory_products set snapshot = ${JSON.stringify({
        row_cross: { status: 'ok', buybox: { buy_price: 20, shipping_fee: 0 }, categories: [] },
        row_to: { status: 'ok', categories: [], sales_rank: null },
      })}::jsonb where user_id = ${s.userId} and code = 'B000000001'`);
    // Pending: Amazon shows no price yet, so nothing to estimate; paid, the price is there.
    const p = amazonOrder({ status: 'PENDING', price: 52.5, updated: clock.now() - 3 * MINUTE - 1000 });
    s.stand.orders.put(SELLER, p);
    clock.advance(MINUTE);
    await intake();
    expect(await estimates(p.orderId)).toHaveLength(0);
    s.stand.orders.put(
      SELLER,
      amazonOrder({ orderId: p.orderId, price: 52.5, updated: clock.now() - 3 * MINUTE }),
    );
    clock.advance(MINUTE);
    await intake();
    const kept = await estimates(p.orderId);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.breakdown.price).toBe(52.5);
    expect(kept[0]!.on_day).toBe(p.createdTime.slice(0, 10));
    // The same model the order's page shows its profit with.
    const id = await idOf(p.orderId);
    const detail = (await get(`/api/orders/${id}`)).json<{
      items: { to_buy: { profit: { amount: number } | null } }[];
    }>();
    expect(detail.items[0]!.to_buy.profit?.amount).toBe(kept[0]!.breakdown.profit);
    const money = (await get(`/api/orders/${id}/money`)).json<{ has_estimate: boolean }>();
    expect(money.has_estimate).toBe(true);
    // Kept once: a later read (or a rule changed since) never rewrites what the seller was told.
    s.stand.orders.put(
      SELLER,
      amazonOrder({ orderId: p.orderId, price: 60, updated: clock.now() - 2 * MINUTE }),
    );
    clock.advance(MINUTE);
    await intake();
    expect((await estimates(p.orderId)).map((e) => e.breakdown.price)).toEqual([52.5]);
  });

  it("a buyer's cancellation reaches the order and stops it", async () => {
    const o = amazonOrder({ updated: clock.now() - 3 * MINUTE - 1000 });
    s.stand.orders.put(SELLER, o);
    clock.advance(MINUTE);
    await intake();
    s.stand.orders.put(
      SELLER,
      amazonOrder({
        orderId: o.orderId,
        status: 'CANCELLED',
        cancelledBy: 'BUYER',
        updated: clock.now() - 3 * MINUTE,
      }),
    );
    clock.advance(MINUTE);
    await intake();
    const id = await idOf(o.orderId);
    expect((await ordersOf()).find((x) => x.id === id)).toMatchObject({
      state: 'cancelled',
      reason: 'buyer_cancelled',
    });
    expect((await purchase(id)).json().error.code).toBe('order_cancelled');
    const detail = await get(`/api/orders/${id}`);
    expect(detail.json().transitions.at(-1)).toMatchObject({ from: 'new', to: 'cancelled', actor: 'amazon' });
  });
});

describe('orders workflow (issue 60)', () => {
  let orderId: string;
  let amazonId: string;
  beforeAll(async () => {
    const o = amazonOrder({ updated: clock.now() - 3 * MINUTE - 1000 });
    amazonId = o.orderId;
    s.stand.orders.put(SELLER, o);
    clock.advance(MINUTE);
    await intake();
    orderId = await idOf(o.orderId);
  });

  it('a purchase is recorded once per item; a second is refused naming the first', async () => {
    const first = await purchase(orderId);
    expect(first.statusCode, first.body).toBe(201);
    const again = await purchase(orderId, '999-0000000-0000000');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'purchase_exists',
      params: { source_order_id: '111-2223334-5556667' },
    });
    const detail = (await get(`/api/orders/${orderId}`)).json();
    expect(detail.order.state).toBe('bought');
    expect(detail.items[0].purchase.source_order_id).toBe('111-2223334-5556667');
    expect(detail.transitions.at(-1)).toMatchObject({ to: 'bought', actor: 'seller', user_id: s.userId });
  });

  it("another user's order answers 404", async () => {
    expect((await get(`/api/orders/${orderId}`, bob)).statusCode).toBe(404);
    expect((await purchase(orderId)).statusCode).toBe(409); // Alice's own: already bought
    expect(
      (
        await post(
          `/api/orders/${orderId}/purchase`,
          { order_item_id: '1', source_order_id: 'x', total: 1 },
          bob,
        )
      ).statusCode,
    ).toBe(404);
    const ship = {
      carrier_code: 'Canada Post',
      tracking_number: 'TRK1',
      ship_date: new Date(clock.now()).toISOString(),
    };
    expect((await post(`/api/orders/${orderId}/shipment`, ship, bob)).statusCode).toBe(404);
    expect((await post(`/api/orders/${orderId}/transition`, { to: 'problem' }, bob)).statusCode).toBe(404);
    expect((await get('/api/orders', bob)).json().orders).toEqual([]);
  });

  it('API tokens reach orders only with the orders scope, and only their own', async () => {
    const mint = async (cookie: string, scopes: string[]) => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/api-key/create',
        headers: jsonHeaders(cookie, { origin: TEST_APP_URL }),
        payload: { name: `Orders ${scopes.join(' ')}`, scopes },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ key: string }>().key;
    };
    const bearer = (key: string, url: string) =>
      s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    const reader = await mint(s.cookie, ['read']);
    const denied = await bearer(reader, '/api/orders');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('token_scope');
    const orders = await mint(s.cookie, ['orders']);
    expect((await bearer(orders, `/api/orders/${orderId}`)).statusCode).toBe(200);
    expect((await bearer(await mint(bob, ['orders']), `/api/orders/${orderId}`)).statusCode).toBe(404);
  });

  it('the address is read when needed, sealed at rest, kept out of logs and jobs, erased 30 days after shipment', async () => {
    const withAddress = (await get(`/api/orders/${orderId}?address=1`)).json();
    expect(withAddress.address).toMatchObject({
      name: 'Jane Buyer',
      lines: ['42 Maple Crescent'],
      city: 'Toronto',
    });
    expect(
      s.stand.orders.calls.some((c) => c.operation === 'getOrder' && c.query.includedData === 'RECIPIENT'),
    ).toBe(true);
    const stored = await everythingStored(s.database.db);
    for (const pii of ['Jane Buyer', '42 Maple Crescent', 'M5V 2T6', '416 555 0199']) {
      expect(stored).not.toContain(pii);
      expect(logs.join('\n')).not.toContain(pii);
    }
    const sealed = await s.database.db.execute(
      sql`select * from order_addresses where order_id = ${orderId}::uuid`,
    );
    expect(sealed.rows).toHaveLength(1);
  });

  it("a carrier not on Amazon's list exactly is refused; the confirmation sends the code as listed and reads it back", async () => {
    const ship = (carrier: string) =>
      post(`/api/orders/${orderId}/shipment`, {
        carrier_code: carrier,
        tracking_number: 'CP123456789CA',
        ship_date: new Date(clock.now()).toISOString(),
      });
    const wrong = await ship('canada post');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('carrier_not_listed');
    expect((await ship('Canada Post')).statusCode).toBe(202);
    expect(await confirmShipment(deps, orderId)).toBe('sent');
    const call = s.stand.orders.calls.filter((c) => c.operation === 'confirmShipment').at(-1)!;
    expect(call.status).toBe(204);
    expect(call.body).toMatchObject({
      marketplaceId: 'A2EUQ1WTGCTBG2',
      packageDetail: {
        packageReferenceId: '1',
        carrierCode: 'Canada Post',
        trackingNumber: 'CP123456789CA',
        orderItems: [{ orderItemId: '11223344556677', quantity: 1 }],
      },
    });
    // The read-back job is queued, never with anything but the order's id.
    expect(s.sent).toEqual([{ name: 'orders-read-back', data: { order_id: orderId } }]);
    expect(await readBackShipment(deps, orderId)).toBe('kept');
    const detail = (await get(`/api/orders/${orderId}`)).json();
    expect(detail.order.state).toBe('confirmed');
    expect(detail.shipment).toMatchObject({
      confirmation: 'kept',
      read_back: { carrier: 'Canada Post', tracking_number: 'CP123456789CA' },
    });
    const jobs = await everythingStored(s.database.db);
    expect(jobs).not.toContain('Jane Buyer');
    // 30 days after shipment the address goes; what accounting needs stays.
    expect((await eraseAddresses(deps, new Date(clock.now() + 29 * DAY))).erased).toBe(0);
    await eraseAddresses(deps, new Date(clock.now() + 31 * DAY));
    const gone = await s.database.db.execute(
      sql`select 1 from order_addresses where order_id = ${orderId}::uuid`,
    );
    expect(gone.rows).toHaveLength(0);
    const after = (await get(`/api/orders/${orderId}?address=1`)).json();
    expect(after.address).toBeNull();
    expect(after.order).toMatchObject({
      address_erased: true,
      amazon_order_id: amazonId,
      destination: { city: 'Toronto', country: 'CA' },
    });
  });

  it('a confirmed order Amazon reports delivered becomes delivered', async () => {
    const held = s.stand.orders.get(amazonId)!;
    s.stand.orders.put(SELLER, {
      ...held,
      packages: held.packages!.map((p) => ({ ...p, packageStatus: { status: 'DELIVERED' as const } })),
    });
    await s.database.db.execute(
      sql`update orders set updated_at = now() - interval '13 hours' where id = ${orderId}::uuid`,
    );
    expect(await followDeliveries(deps)).toMatchObject({ delivered: 1 });
    const detail = (await get(`/api/orders/${orderId}`)).json();
    expect(detail.order.state).toBe('delivered');
    expect(detail.transitions.at(-1)).toMatchObject({ from: 'confirmed', to: 'delivered', actor: 'amazon' });
  });

  it('a confirmation Amazon answers 204 but does not keep is flagged as a problem and notified', async () => {
    const o = amazonOrder({ updated: clock.now() - 3 * MINUTE - 1000 });
    s.stand.orders.put(SELLER, o);
    s.stand.orders.dropConfirmation(o.orderId);
    clock.advance(MINUTE);
    await intake();
    const id = await idOf(o.orderId);
    expect((await purchase(id)).statusCode).toBe(201);
    const shipped = await post(`/api/orders/${id}/shipment`, {
      carrier_code: 'Purolator',
      tracking_number: 'PUR0001',
      ship_date: new Date(clock.now()).toISOString(),
    });
    expect(shipped.statusCode).toBe(202);
    expect(await confirmShipment(deps, id)).toBe('sent');
    expect(await readBackShipment(deps, id)).toBe('not_kept');
    expect((await ordersOf()).find((x) => x.id === id)).toMatchObject({
      state: 'problem',
      reason: 'confirmation_not_kept',
    });
    await raiseDeadlines(deps, new Date(clock.now()));
    const notes = (await get('/api/notifications')).json<{
      notifications: { order: { id: string; notice: string } | null }[];
    }>();
    expect(
      notes.notifications.some((n) => n.order?.id === id && n.order.notice === 'confirmation_not_kept'),
    ).toBe(true);
  });

  it('a Ship+ order: Amazon refuses the confirmation, the order is a problem with its words', async () => {
    const o = amazonOrder({ updated: clock.now() - 3 * MINUTE - 1000, programs: ['FBM_SHIP_PLUS'] });
    s.stand.orders.put(SELLER, o);
    clock.advance(MINUTE);
    await intake();
    const id = await idOf(o.orderId);
    await purchase(id);
    await post(`/api/orders/${id}/shipment`, {
      carrier_code: 'UPS',
      tracking_number: '1Z999',
      ship_date: new Date(clock.now()).toISOString(),
    });
    expect(await confirmShipment(deps, id)).toBe('refused');
    expect((await ordersOf()).find((x) => x.id === id)).toMatchObject({
      state: 'problem',
      reason: 'confirmation_refused',
    });
  });

  it('an order not bought 24 hours after it arrived raises one notification', async () => {
    const o = amazonOrder({ updated: clock.now() - 3 * MINUTE - 1000 });
    s.stand.orders.put(SELLER, o);
    clock.advance(MINUTE);
    await intake();
    const id = await idOf(o.orderId);
    await s.database.db.execute(
      sql`update orders set arrived_at = now() - interval '25 hours' where id = ${id}::uuid`,
    );
    await raiseDeadlines(deps, new Date());
    await raiseDeadlines(deps, new Date());
    const n = await s.database.db.execute(sql`select notice from notifications where order_id = ${id}::uuid`);
    expect(n.rows).toEqual([{ notice: 'not_bought' }]);
    // The seller's mail setting (the daily digest by default) carries it.
    await sendDailyDigests(
      s.database.db,
      outboxTransport(s.database.db, pino({ level: 'silent' })),
      new Date(),
    );
    const mails = await s.database.db.execute<{ text: string }>(
      sql`select text from mail_outbox where "to" = 'alice@example.com' and text like ${`%${o.orderId}%`}`,
    );
    expect(mails.rows[0]?.text).toContain('is not bought yet, 24 hours after it arrived');
  });

  it("a source sold out at purchase time sets the listing's quantity to 0", async () => {
    const o = amazonOrder({ sku: `CM-${SOLD_OUT}`, updated: clock.now() - 3 * MINUTE - 1000 });
    s.stand.orders.put(SELLER, o);
    clock.advance(MINUTE);
    await intake();
    const id = await idOf(o.orderId);
    const done = await recordPurchase(deps, s.userId, id, {
      order_item_id: '11223344556677',
      source_order_id: '111-0000000-0000001',
      total: 20,
    });
    expect(done.source_sold_out).toBe(true);
    const listing = await s.database.db.execute<{ pushed_quantity: number }>(
      sql`select pushed_quantity from listings where code = ${SOLD_OUT}`,
    );
    expect(listing.rows[0]!.pushed_quantity).toBe(0);
    const patch = s.stand.listings.calls.find(
      (c) => c.operation === 'patchListingsItem' && c.sku === `CM-${SOLD_OUT}`,
    );
    expect(JSON.stringify(patch?.body)).toContain('"quantity":0');
  });
});
