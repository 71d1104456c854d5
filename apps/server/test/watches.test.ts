import { planByCode } from '@crossmarket/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  inventories,
  inventoryProducts,
  listingRestrictions,
  notifications,
  productObservations,
  userData,
  watches,
} from '../src/db/schema';
import { recordingHistory } from '../src/features/history';
import { fireWatches } from '../src/features/watches';
import { fireSellerWatches } from '../src/features/watches/fire-seller-watches';
import { refreshWatched } from '../src/features/watches/refresh-watched';
import { createSandboxMarketplace, sandboxSnapshot } from '../src/providers/marketplace/sandbox';
import { baselineSandbox, SANDBOX_BASELINE_DAY } from './helpers/sandbox';
import { tokenOf } from './helpers/admin';
import { userIdOf } from './helpers/analysis';
import { injectJson } from './helpers/auth';
import { alice, app, bob, create, database, setUpInventories } from './helpers/inventories';

// Issue 49: a seller watches a product; what lookups observe fires the watch at most once a day, into
// the seller's notifications. Watches and notifications are the owner's alone.

setUpInventories();

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
  injectJson(app, method, url, cookie, body);
const watch = async (cookie: string, body: object) => {
  const res = await call(cookie, 'POST', '/api/watches', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
const seen = (inStock: boolean, buyboxCents: number | null = null) => ({
  marketplace: 'sg',
  asin: 'B0WATCHSG1',
  currency: 'SGD',
  inStock,
  buyboxCents,
});

const DAY = 86_400_000;

describe('watches', () => {
  it('are the owner’s alone: another seller neither lists nor deletes them (404)', async () => {
    const mine = await watch(alice, { marketplace: 'us', asin: 'b0watch001', condition: 'back_in_stock' });
    const listed = (await call(alice, 'GET', '/api/watches')).json();
    expect(listed.watches).toEqual([
      expect.objectContaining({ id: mine.id, asin: 'B0WATCH001', threshold: null }),
    ]);
    expect((await call(bob, 'GET', '/api/watches')).json().watches).toEqual([]);
    expect((await call(bob, 'DELETE', `/api/watches/${mine.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/watches/${mine.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `/api/watches/${mine.id}`)).statusCode).toBe(404);
  });

  it('are capped by the plan: the limit is listed, and the one past it answers 409 naming it', async () => {
    const bobId = await userIdOf(database.db, 'bob@example.com');
    const limit = planByCode('S')!.watchLimit;
    expect((await call(bob, 'GET', '/api/watches')).json().limit).toBe(limit);
    await database.db.insert(watches).values(
      Array.from({ length: limit - 1 }, (_, i) => ({
        userId: bobId,
        marketplace: 'us',
        asin: `B0CAP${String(i).padStart(5, '0')}`,
        condition: 'back_in_stock' as const,
      })),
    );
    const last = { marketplace: 'us', asin: 'B0CAPLAST1', condition: 'back_in_stock' };
    expect((await call(bob, 'POST', '/api/watches', last)).statusCode).toBe(201);
    const past = await call(bob, 'POST', '/api/watches', { ...last, asin: 'B0CAPLAST2' });
    expect(past.statusCode).toBe(409);
    expect(past.json().error).toMatchObject({ code: 'watch_limit', limit, fields: [{ field: 'limit' }] });
    // A larger plan allows more.
    await database.db.update(userData).set({ planCode: 'L' }).where(eq(userData.userId, bobId));
    expect((await call(bob, 'GET', '/api/watches')).json().limit).toBe(planByCode('L')!.watchLimit);
    expect((await call(bob, 'POST', '/api/watches', { ...last, asin: 'B0CAPLAST2' })).statusCode).toBe(201);
    await database.db.delete(watches).where(eq(watches.userId, bobId));
    await database.db.update(userData).set({ planCode: 'S' }).where(eq(userData.userId, bobId));
  });

  it('refuses a price watch without its threshold, naming the field', async () => {
    const res = await call(alice, 'POST', '/api/watches', {
      marketplace: 'us',
      asin: 'B0WATCH001',
      condition: 'price_at_or_below',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].field).toBe('threshold');
  });

  it("a personal token (the extension's) lists, sets and removes its owner's watches; another's is 404", async () => {
    const [aliceToken, bobToken] = await Promise.all([tokenOf(app, alice), tokenOf(app, bob)]);
    const asToken = (token: string, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, body?: object) =>
      app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: body } : {}),
      });
    const made = await asToken(aliceToken, 'POST', '/api/watches', {
      marketplace: 'ae',
      asin: 'B0TOKEN001',
      condition: 'price_at_or_below',
      threshold: 45.5,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const [row] = await database.db.select().from(watches).where(eq(watches.id, id));
    expect(row).toMatchObject({
      userId: await userIdOf(database.db, 'alice@example.com'),
      asin: 'B0TOKEN001',
      thresholdCents: 4550,
    });
    // The owner's session sees it too; the token lists it with the plan's limit.
    expect((await call(alice, 'GET', '/api/watches')).json().watches).toContainEqual(
      expect.objectContaining({ id, marketplace: 'ae', threshold: 45.5 }),
    );
    const listed = await asToken(aliceToken, 'GET', '/api/watches');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ limit: planByCode('S')!.watchLimit });
    expect((await asToken(bobToken, 'GET', '/api/watches')).json().watches).toEqual([]);
    expect((await asToken(bobToken, 'DELETE', `/api/watches/${id}`)).statusCode).toBe(404);
    // The e-mail setting stays the session's: a token reaches only what the extension needs.
    expect((await asToken(aliceToken, 'PUT', '/api/watches/settings', { digest: 'off' })).statusCode).toBe(
      403,
    );
    expect((await asToken(aliceToken, 'DELETE', `/api/watches/${id}`)).statusCode).toBe(204);
    expect(await database.db.$count(watches, eq(watches.id, id))).toBe(0);
  });

  it('a price watch fires once when a lookup sees the price, and not again the same day', async () => {
    // A product the sandbox sells in Canada.
    const sandbox = baselineSandbox();
    let asin = '';
    for (let i = 0; !asin; i++) {
      const id = `B0WATCH${String(i).padStart(3, '0')}`;
      const [found] = await sandbox.lookup([id], 'ca', { shipTo: 'ca' });
      if (found!.side.buybox?.buy_price) asin = id;
    }
    const w = await watch(alice, {
      marketplace: 'ca',
      asin,
      condition: 'price_at_or_below',
      threshold: 1_000_000,
    });
    const provider = recordingHistory(baselineSandbox(), { db: database.db });
    await provider.lookup([asin], 'ca', { shipTo: 'ca' });
    await provider.lookup([asin], 'ca', { shipTo: 'ca' });
    const fired = await database.db.select().from(notifications).where(eq(notifications.watchId, w.id));
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ condition: 'price_at_or_below', currency: 'CAD' });
    expect(fired[0]!.priceCents).toBeGreaterThan(0);
  });

  it('back in stock fires on the change only, once a day; the list and mark-read are the owner’s', async () => {
    const w = await watch(alice, { marketplace: 'sg', asin: 'B0WATCHSG1', condition: 'back_in_stock' });
    expect(await fireWatches(database.db, [seen(true, 1500)])).toBe(0); // no change seen yet
    expect(await fireWatches(database.db, [seen(false)])).toBe(0);
    expect(await fireWatches(database.db, [seen(true, 1500)])).toBe(1);
    expect(await fireWatches(database.db, [seen(false)])).toBe(0);
    expect(await fireWatches(database.db, [seen(true, 1400)])).toBe(0); // again today: not again
    expect(await database.db.$count(notifications, eq(notifications.watchId, w.id))).toBe(1);

    const list = (await call(alice, 'GET', '/api/notifications')).json();
    const mine = list.notifications.find((n: { watch_id: string }) => n.watch_id === w.id);
    expect(mine).toMatchObject({ asin: 'B0WATCHSG1', price: 15, currency: 'SGD', read: false });
    expect(list.unread).toBeGreaterThanOrEqual(1);
    expect((await call(bob, 'GET', '/api/notifications')).json()).toEqual({ unread: 0, notifications: [] });
    expect((await call(bob, 'POST', `/api/notifications/${mine.id}/read`)).statusCode).toBe(404);
    expect((await call(alice, 'POST', `/api/notifications/${mine.id}/read`)).statusCode).toBe(204);
    const after = (await call(alice, 'GET', '/api/notifications')).json();
    expect(after.unread).toBe(list.unread - 1);
    expect(after.notifications.find((n: { id: string }) => n.id === mine.id).read).toBe(true);
  });

  it('the buy box at or above X fires once a day, on the buy box alone', async () => {
    const w = await watch(alice, {
      marketplace: 'sg',
      asin: 'B0WATCHBB1',
      condition: 'buybox_at_or_above',
      threshold: 20,
    });
    const at = (buyboxCents: number | null, lowestNewCents: number | null = null) => [
      { marketplace: 'sg', asin: 'B0WATCHBB1', currency: 'SGD', buyboxCents, lowestNewCents },
    ];
    expect(await fireWatches(database.db, at(1999))).toBe(0);
    expect(await fireWatches(database.db, at(null, 2500))).toBe(0); // no buy box: the lowest offer is not it
    expect(await fireWatches(database.db, at(2000))).toBe(1);
    expect(await fireWatches(database.db, at(2600))).toBe(0); // not again today
    const [fired] = await database.db.select().from(notifications).where(eq(notifications.watchId, w.id));
    expect(fired).toMatchObject({ condition: 'buybox_at_or_above', priceCents: 2000, currency: 'SGD' });
  });

  it('profit at or above X % fires once from the seller’s own inventory priced today', async () => {
    const aliceId = await userIdOf(database.db, 'alice@example.com');
    const inventory = await create(alice); // sells in Canada
    await database.db.insert(inventoryProducts).values([
      // 3 on a landed cost of 10: 30 %.
      {
        inventoryId: inventory.id,
        userId: aliceId,
        code: 'B0PROFIT01',
        costInTc: 10,
        stdProfit: 3,
        updatedAt: new Date(),
      },
    ]);
    const high = await watch(alice, {
      marketplace: 'ca',
      asin: 'B0PROFIT01',
      condition: 'profit_at_or_above',
      threshold: 25,
    });
    const tooHigh = await watch(alice, {
      marketplace: 'ca',
      asin: 'B0PROFIT01',
      condition: 'profit_at_or_above',
      threshold: 31,
    });
    // Bob's watch on the same product: Alice's inventory is not his.
    const bobs = await watch(bob, {
      marketplace: 'ca',
      asin: 'B0PROFIT01',
      condition: 'profit_at_or_above',
      threshold: 1,
    });
    expect(await fireSellerWatches(database.db)).toBe(1);
    expect(await fireSellerWatches(database.db)).toBe(0);
    const [fired] = await database.db.select().from(notifications).where(eq(notifications.watchId, high.id));
    expect(fired).toMatchObject({ condition: 'profit_at_or_above', profitPercent: 30, currency: 'CAD' });
    for (const quiet of [tooHigh, bobs])
      expect(await database.db.$count(notifications, eq(notifications.watchId, quiet.id))).toBe(0);
    const listed = (await call(alice, 'GET', '/api/notifications')).json();
    expect(listed.notifications.find((n: { watch_id: string }) => n.watch_id === high.id)).toMatchObject({
      profit_percent: 30,
      restriction: null,
    });
  });

  it('a listing restriction change fires once; the first state seen is only noted', async () => {
    const aliceId = await userIdOf(database.db, 'alice@example.com');
    const w = await watch(alice, { marketplace: 'uk', asin: 'B0RESTRIC1', condition: 'restriction_changed' });
    const kept = (state: string) =>
      database.db
        .insert(listingRestrictions)
        .values({
          userId: aliceId,
          sellingPartnerId: 'A1WATCH',
          country: 'uk',
          asin: 'B0RESTRIC1',
          state,
          reasons: [],
        })
        .onConflictDoUpdate({
          target: [
            listingRestrictions.userId,
            listingRestrictions.sellingPartnerId,
            listingRestrictions.country,
            listingRestrictions.asin,
          ],
          set: { state, checkedAt: new Date() },
        });
    await kept('can_list');
    expect(await fireSellerWatches(database.db)).toBe(0);
    expect(await fireSellerWatches(database.db)).toBe(0);
    await kept('approval_required');
    expect(await fireSellerWatches(database.db)).toBe(1);
    await kept('cannot_list');
    expect(await fireSellerWatches(database.db)).toBe(0); // once a day
    const [fired] = await database.db.select().from(notifications).where(eq(notifications.watchId, w.id));
    expect(fired).toMatchObject({
      condition: 'restriction_changed',
      restriction: 'approval_required',
      currency: 'GBP',
    });
  });

  it('a whole inventory: one alert a day counting its products sold out at the source today', async () => {
    const aliceId = await userIdOf(database.db, 'alice@example.com');
    const inventory = await create(alice); // buys in the US
    const refused = await call(bob, 'POST', '/api/watches/inventory', { inventory_id: inventory.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[0].field).toBe('inventory_id');
    const made = await call(alice, 'POST', '/api/watches/inventory', { inventory_id: inventory.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ marketplace: 'us', asin: null, inventory_id: inventory.id });

    const codes = ['B0SOLDOUT1', 'B0SOLDOUT2', 'B0SOLDOUT3', 'B0SOLDOUT4'];
    await database.db
      .insert(inventoryProducts)
      .values(codes.map((code) => ({ inventoryId: inventory.id, userId: aliceId, code })));
    const day = 86_400_000;
    const seen = (asin: string, inStock: boolean, at: Date) => ({
      kind: 'full' as const,
      marketplace: 'us',
      asin,
      currency: 'USD',
      inStock,
      observedAt: at,
    });
    const yesterday = new Date(Date.now() - day);
    await database.db.insert(productObservations).values([
      ...codes.slice(0, 3).map((c) => seen(c, true, yesterday)),
      seen('B0SOLDOUT4', false, yesterday), // out already: not sold out today
      seen('B0SOLDOUT1', false, new Date()),
      seen('B0SOLDOUT2', false, new Date()),
      seen('B0SOLDOUT3', true, new Date()),
      seen('B0SOLDOUT4', false, new Date()),
    ]);
    // Not before the inventory's update of the day has finished.
    expect(await fireSellerWatches(database.db)).toBe(0);
    await database.db
      .update(inventories)
      .set({ updateStatus: 'done', updateFinishedAt: new Date() })
      .where(eq(inventories.id, inventory.id));
    expect(await fireSellerWatches(database.db)).toBe(1);
    expect(await fireSellerWatches(database.db)).toBe(0);
    const listed = (await call(alice, 'GET', '/api/notifications')).json();
    expect(
      listed.notifications.find((n: { inventory_id: string | null }) => n.inventory_id === inventory.id),
    ).toMatchObject({ asin: null, product_count: 2, condition: 'out_of_stock', currency: 'USD' });
  });

  it('the daily refresh checks each watched product no lookup saw today, once, and fires its watches', async () => {
    const sandbox = baselineSandbox();
    let asin = '';
    for (let i = 0; !asin; i++) {
      const id = `B0REFRSH${String(i).padStart(2, '0')}`;
      const [found] = await sandbox.lookup([id], 'au', { shipTo: 'au' });
      if (found!.side.buybox?.buy_price) asin = id;
    }
    const w = await watch(alice, {
      marketplace: 'au',
      asin,
      condition: 'price_at_or_below',
      threshold: 1_000_000,
    });
    await watch(bob, { marketplace: 'au', asin, condition: 'back_in_stock' });
    const marketplace = recordingHistory(baselineSandbox(), { db: database.db });
    const first = await refreshWatched({ db: database.db, marketplace });
    expect(first.products).toBeGreaterThanOrEqual(1);
    const observed = () =>
      database.db.$count(
        productObservations,
        and(eq(productObservations.marketplace, 'au'), eq(productObservations.asin, asin)),
      );
    expect(await observed()).toBe(1); // watched by two sellers, checked once
    expect(await database.db.$count(notifications, eq(notifications.watchId, w.id))).toBe(1);
    const again = await refreshWatched({ db: database.db, marketplace });
    expect(again.products).toBe(0);
    expect(await observed()).toBe(1);
  });

  it('a watch set in the morning at today’s price fires by the next day, as the sandbox moves (issue 59)', async () => {
    // The sandbox's market on a clock this test moves: a morning, then the next day's daily refresh.
    let day = SANDBOX_BASELINE_DAY + 30 * DAY;
    const sandbox = createSandboxMarketplace({ day: () => day });
    // A product the sandbox sells in Mexico whose buy box is lower tomorrow than today.
    let asin = '';
    let price = 0;
    for (let i = 0; !asin && i < 200; i++) {
      const id = `B0MOVES${String(i).padStart(3, '0')}`;
      const [today] = await sandbox.lookup([id], 'mx', { shipTo: 'mx' });
      const tomorrow = sandboxSnapshot(id, 'mx', { shipTo: 'mx', role: 'to', today: day + DAY });
      const [now, next] = [today!.side.buybox?.buy_price, tomorrow.side.buybox?.buy_price];
      if (now && next && next <= now - 0.01) [asin, price] = [id, now];
    }
    expect(asin).not.toBe('');
    // Set this morning just under today's price: nothing today.
    const w = await watch(alice, {
      marketplace: 'mx',
      asin,
      condition: 'price_at_or_below',
      threshold: Math.round(price * 100 - 1) / 100,
    });
    const marketplace = recordingHistory(sandbox, { db: database.db });
    const morning = new Date();
    expect((await refreshWatched({ db: database.db, marketplace }, morning)).products).toBeGreaterThanOrEqual(
      1,
    );
    expect(await database.db.$count(notifications, eq(notifications.watchId, w.id))).toBe(0);
    // The next day's refresh sees the new price, and the watch fires.
    day += DAY;
    await refreshWatched({ db: database.db, marketplace }, new Date(morning.getTime() + DAY));
    const fired = await database.db.select().from(notifications).where(eq(notifications.watchId, w.id));
    expect(fired).toHaveLength(1);
    expect(fired[0]!.priceCents).toBeLessThanOrEqual(Math.round(price * 100) - 1);
  });
});
