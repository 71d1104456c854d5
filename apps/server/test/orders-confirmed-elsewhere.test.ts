import { isListedCarrier, type OrderDetail } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmShipment } from '../src/features/orders/confirm-shipment';
import { raiseDeadlines } from '../src/features/orders/deadlines';
import { takeInOrders } from '../src/features/orders/intake';
import { readBackShipment } from '../src/features/orders/read-back';
import type { AmazonOrder } from '../src/providers/seller-orders';
import { applyConfirmation } from '../src/providers/seller-orders/amazon-rules';
import { injectJson } from './helpers/auth';
import { amazonOrder, CA, ordersSeller, SELLER, testClock } from './helpers/orders';

// The last stop's named risk: an order the seller confirmed directly in Seller Central was not followed.
// Against the SP-API stand-in: the intake notices Amazon's status (or a package) moving without our
// confirmation, records the order as confirmed elsewhere with the reason in its history, its deadline
// notices stop, and no confirmation of ours is ever sent for it — not even one recorded meanwhile.

const MINUTE = 60_000;
const DAY = 86_400_000;
const clock = testClock();
let s: Awaited<ReturnType<typeof ordersSeller>>;
let deps: (typeof s)['orderDeps'];

const intake = () => takeInOrders(deps, s.userId, 'na');
const get = (path: string) => injectJson(s.app, 'GET', path, s.cookie);
const post = (path: string, body: object) => injectJson(s.app, 'POST', path, s.cookie, body);
const detailOf = async (id: string) => (await get(`/api/orders/${id}`)).json<OrderDetail>();
const idOf = async (amazonOrderId: string) =>
  (
    await s.database.db.execute<{ id: string }>(
      sql`select id from orders where amazon_order_id = ${amazonOrderId} and user_id = ${s.userId}`,
    )
  ).rows[0]!.id;
const confirmations = () => s.stand.orders.calls.filter((c) => c.operation === 'confirmShipment').length;
const noticesOf = async (id: string) =>
  (
    await s.database.db.execute<{ notice: string }>(
      sql`select notice from notifications where order_id = ${id}::uuid order by notice`,
    )
  ).rows.map((r) => r.notice);

/** The seller confirms the order in Seller Central: Amazon keeps their package (of `quantity` units). */
function confirmInSellerCentral(orderId: string, tracking: string, quantity = 1) {
  const held = s.stand.orders.get(orderId)!;
  const confirmed: AmazonOrder = applyConfirmation(
    held,
    {
      marketplaceId: CA,
      packageDetail: {
        packageReferenceId: '7301',
        carrierCode: 'UPS',
        trackingNumber: tracking,
        shipDate: new Date(clock.now() - 10 * MINUTE).toISOString(),
        orderItems: [{ orderItemId: '11223344556677', quantity }],
      },
    },
    // Amazon's list shows it a little late: the next intake window still takes it.
    clock.now() - 3 * MINUTE,
    (code) => isListedCarrier('ca', code),
  );
  s.stand.orders.put(SELLER, confirmed);
}

/** A new order taken in, bought: ready to ship. */
async function boughtOrder(over: Parameters<typeof amazonOrder>[0] = {}) {
  const o = amazonOrder({ updated: clock.now() - 3 * MINUTE - 1000, ...over });
  s.stand.orders.put(SELLER, o);
  clock.advance(MINUTE);
  await intake();
  const id = await idOf(o.orderId);
  const bought = await post(`/api/orders/${id}/purchase`, {
    order_item_id: '11223344556677',
    source_order_id: `111-${String(clock.now()).slice(-7)}-0000001`,
    total: 21.5,
  });
  expect(bought.statusCode, bought.body).toBe(201);
  return { o, id };
}
const ship = (id: string, tracking = 'CP123456789CA') =>
  post(`/api/orders/${id}/shipment`, {
    carrier_code: 'Canada Post',
    tracking_number: tracking,
    ship_date: new Date(clock.now()).toISOString(),
  });

beforeAll(async () => {
  s = await ordersSeller(['B000000001'], { ordersDelayMs: 0, ordersNow: clock.now });
  deps = { ...s.orderDeps, now: clock.now };
  for (const name of ['orders-intake', 'orders-deadlines', 'orders-erase-addresses'])
    await s.testApp.worker?.boss.unschedule(name);
  await s.testApp.worker?.boss.offWork('orders-confirm-shipment');
  await s.testApp.worker?.boss.offWork('orders-read-back');
}, 120_000);
afterAll(() => s?.close());

describe('an order confirmed in Seller Central', () => {
  it('is followed: confirmed elsewhere with the reason in its history, its deadline notices stopped', async () => {
    const { o, id } = await boughtOrder();
    confirmInSellerCentral(o.orderId, '1ZSELLERCENTRAL1');
    clock.advance(MINUTE);
    const sent = confirmations();
    await intake();
    const detail = await detailOf(id);
    expect(detail.order).toMatchObject({ state: 'confirmed', reason: 'confirmed_elsewhere' });
    expect(detail.transitions.at(-1)).toMatchObject({
      from: 'bought',
      to: 'confirmed',
      actor: 'amazon',
      reason: 'confirmed_elsewhere',
    });
    expect(detail.transitions.at(-1)!.note).toContain('Amazon shows SHIPPED without a confirmation from');
    expect(detail.transitions.at(-1)!.note).toContain('tracking 1ZSELLERCENTRAL1');
    // Its ship-by date is a day off: a live order would be notified; this one is not.
    await raiseDeadlines(deps, new Date(Date.parse(o.fulfillment!.shipByWindow!.latestDateTime!) - 1000));
    expect(await noticesOf(id)).toEqual([]);
    // Nothing of ours goes to Amazon, now or when the seller records a shipment after all.
    const again = await ship(id);
    expect(again.statusCode).toBe(409);
    expect(confirmations()).toBe(sent);
    // The buyer's address is due for erasure 30 days after Amazon's ship time, as after ours.
    const erase = await s.database.db.execute<{ erase_at: Date }>(
      sql`select address_erase_at as erase_at from orders where id = ${id}::uuid`,
    );
    expect(new Date(erase.rows[0]!.erase_at).getTime()).toBe(clock.now() - MINUTE - 10 * MINUTE + 30 * DAY);
  });

  it('a shipment recorded meanwhile is never sent: the job reads Amazon first', async () => {
    const { o, id } = await boughtOrder();
    // Confirmed in Seller Central after our last read, then recorded in Crossmarket too.
    confirmInSellerCentral(o.orderId, '1ZSELLERCENTRAL2');
    expect((await ship(id)).statusCode).toBe(202);
    const sent = confirmations();
    expect(await confirmShipment(deps, id)).toBe('elsewhere');
    expect(confirmations()).toBe(sent);
    expect(s.stand.orders.get(o.orderId)!.packages).toHaveLength(1);
    const detail = await detailOf(id);
    expect(detail.order).toMatchObject({ state: 'confirmed', reason: 'confirmed_elsewhere' });
    expect(detail.shipment?.confirmation).toBe('elsewhere');
    // The job run again (a retry) sends nothing either.
    expect(await confirmShipment(deps, id)).toBe('nothing');
    expect(confirmations()).toBe(sent);
  });

  it('an order that arrives already shipped says it was confirmed elsewhere', async () => {
    const o = amazonOrder({ updated: clock.now() - 3 * MINUTE - 1000, status: 'SHIPPED' });
    s.stand.orders.put(SELLER, o);
    clock.advance(MINUTE);
    await intake();
    const detail = await detailOf(await idOf(o.orderId));
    expect(detail.order).toMatchObject({ state: 'confirmed', reason: 'confirmed_elsewhere' });
    expect(detail.transitions[0]).toMatchObject({
      from: null,
      to: 'confirmed',
      reason: 'confirmed_elsewhere',
    });
  });

  it('partly confirmed there, it is a problem: notices go on, ours is refused, the rest then follows', async () => {
    const { o, id } = await boughtOrder();
    const two = s.stand.orders.get(o.orderId)!;
    s.stand.orders.put(SELLER, {
      ...two,
      orderItems: [{ ...two.orderItems[0]!, quantityOrdered: 2 }],
    });
    confirmInSellerCentral(o.orderId, '1ZPART', 1);
    expect(s.stand.orders.get(o.orderId)!.fulfillment!.fulfillmentStatus).toBe('PARTIALLY_SHIPPED');
    clock.advance(MINUTE);
    await intake();
    expect((await detailOf(id)).order).toMatchObject({
      state: 'problem',
      reason: 'partly_confirmed_elsewhere',
    });
    await raiseDeadlines(deps, new Date(Date.parse(o.fulfillment!.shipByWindow!.latestDateTime!) - 1000));
    expect(await noticesOf(id)).toEqual(['not_confirmed']);
    const refused = await ship(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('partly_confirmed_elsewhere');

    confirmInSellerCentral(o.orderId, '1ZPART', 2);
    clock.advance(MINUTE);
    await intake();
    expect((await detailOf(id)).order).toMatchObject({ state: 'confirmed', reason: 'confirmed_elsewhere' });
  });

  it('our own confirmation is not taken for one made elsewhere', async () => {
    const { id } = await boughtOrder();
    expect((await ship(id, 'CP000000042CA')).statusCode).toBe(202);
    const sent = confirmations();
    expect(await confirmShipment(deps, id)).toBe('sent');
    expect(confirmations()).toBe(sent + 1);
    // Amazon's list now says SHIPPED, by our package: the read-back decides, not the intake.
    clock.advance(5 * MINUTE);
    await intake();
    expect((await detailOf(id)).order.state).toBe('shipped');
    expect(await readBackShipment(deps, id)).toBe('kept');
    expect((await detailOf(id)).order).toMatchObject({ state: 'confirmed', reason: null });
  });
});
