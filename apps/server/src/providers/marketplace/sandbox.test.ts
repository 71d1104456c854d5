import { isDangerousGoods, PRODUCT_SIZES, SIDE_STATUSES } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { CROSS_BORDER_TRANSIT_DAYS, TRANSIT_DAYS } from './delivery';
import { createSandboxMarketplace, sandboxSnapshot } from './sandbox';

const ids = Array.from({ length: 4000 }, (_, i) => `B${String(i).padStart(9, '0')}`);
// Not the baseline day: what these shares say holds on a day the market has moved too.
const today = Date.UTC(2026, 10, 21);

describe('the sandbox marketplace', () => {
  it('gives the same product for the same ID, region and destination', () => {
    const a = sandboxSnapshot('B0TEST0001', 'us', { shipTo: 'mx', role: 'cross', today });
    const b = sandboxSnapshot('B0TEST0001', 'us', { shipTo: 'mx', role: 'cross', today });
    expect(a).toEqual(b);
    const other = sandboxSnapshot('B0TEST0002', 'us', { shipTo: 'mx', role: 'cross', today });
    expect(other).not.toEqual(a);
  });

  it('keeps what a product is (brand, category, weight) across marketplaces', () => {
    for (const id of ids.slice(0, 200)) {
      const us = sandboxSnapshot(id, 'us', { shipTo: 'ca', role: 'cross', today }).side;
      const ca = sandboxSnapshot(id, 'ca', { shipTo: 'ca', role: 'to', today }).side;
      if (us.status === 'dog' || ca.status === 'dog') continue;
      expect(ca.brand).toBe(us.brand);
      expect(ca.categories).toEqual(us.categories);
      expect(ca.weight).toEqual(us.weight);
      expect(ca.dangerous_goods).toEqual(us.dangerous_goods);
    }
  });

  it('marks a few percent of products as dangerous goods (lithium batteries included)', () => {
    const marked = ids.filter((id) =>
      isDangerousGoods(
        sandboxSnapshot(id, 'us', { shipTo: 'ca', role: 'cross', today }).side.dangerous_goods,
      ),
    );
    expect(marked.length / ids.length).toBeGreaterThan(0.01);
    expect(marked.length / ids.length).toBeLessThan(0.06);
  });

  it('has realistic shares: most products on both sides, a few percent of each problem', async () => {
    const provider = createSandboxMarketplace({ day: today });
    const cross = await provider.lookup(ids, 'us', { shipTo: 'uk' });
    const to = await provider.lookup(ids, 'uk', { shipTo: 'uk' });
    const share = (list: typeof cross, status: string) =>
      list.filter((s) => s.side.status === status).length / list.length;
    expect(share(cross, 'ok')).toBeGreaterThan(0.85);
    expect(share(to, 'ok')).toBeGreaterThan(0.85);
    for (const [list, status] of [
      [cross, 'dog'],
      [cross, 'noship'],
      [to, 'dog'],
      [to, 'notsame'],
      [to, 'nostock'],
    ] as const) {
      expect(share(list, status)).toBeGreaterThan(0.01);
      expect(share(list, status)).toBeLessThan(0.08);
    }
    expect(new Set(cross.map((s) => s.side.status)).size).toBeLessThanOrEqual(SIDE_STATUSES.length);
  });

  it('answers each ID in order with 1–30 offers, a buy box winner among them and consistent sizes', async () => {
    const provider = createSandboxMarketplace({ day: today });
    const snapshots = await provider.lookup(ids.slice(0, 1000), 'us', { shipTo: 'mx' });
    expect(snapshots.map((s) => s.product_id)).toEqual(ids.slice(0, 1000));
    for (const { side, offers } of snapshots.filter((s) => s.side.status === 'ok')) {
      expect(offers.length).toBeGreaterThanOrEqual(1);
      expect(offers.length).toBeLessThanOrEqual(30);
      expect(side.total_prices_count).toBe(offers.length);
      if (side.buybox) expect(offers.some((o) => o.seller_id === side.buybox!.seller_id)).toBe(true);
      // Amazon's lowest offer is the lowest landed price: the price plus its shipping.
      const landed = (o: { buy_price: number; shipping_fee: number }) => o.buy_price + o.shipping_fee;
      expect(landed(side.lowest! as never)).toBe(Math.min(...offers.map(landed)));
      expect(PRODUCT_SIZES).toContain(side.product_size!.package_name);
      const tierMaxLb = [1, 20, 70, 150, 150, 300][
        PRODUCT_SIZES.indexOf(side.product_size!.package_name as never)
      ]!;
      expect(side.weight!.value).toBeLessThanOrEqual(tierMaxLb);
    }
  });

  it('delivers like the SP-API provider: shipping time plus the same transit, never today', () => {
    const iso = (days: number) => new Date(today + days * 86_400_000).toISOString().slice(0, 10);
    for (const id of ids.slice(0, 300)) {
      for (const [region, shipTo] of [
        ['us', 'us'],
        ['us', 'uk'],
      ] as const) {
        const { side, offers } = sandboxSnapshot(id, region, {
          shipTo,
          role: region === shipTo ? 'to' : 'cross',
          today,
        });
        for (const offer of offers) {
          const fulfilment = offer.is_fba ? 'amazon' : 'merchant';
          const [fewest, most] =
            region === shipTo ? TRANSIT_DAYS[region][fulfilment] : CROSS_BORDER_TRANSIT_DAYS[fulfilment];
          const earliest = Math.round((Date.parse(offer.delivery_date!) - today) / 86_400_000);
          expect(earliest).toBeGreaterThanOrEqual(fewest);
          // FBA ships within a day, a merchant within five.
          expect(earliest).toBeLessThanOrEqual(fewest + (offer.is_fba ? 0 : 5));
          if (side.buybox?.seller_id === offer.seller_id && side.buybox.buy_price === offer.buy_price) {
            expect(iso(side.buybox.s_dates!.min_days)).toBe(offer.delivery_date);
            expect(side.buybox.s_dates!.max_days).toBeLessThanOrEqual((offer.is_fba ? 1 : 6) + most);
          }
        }
      }
    }
  });

  it('rates sellers as a positive-feedback percentage, like Amazon', async () => {
    const offers = (
      await createSandboxMarketplace({ day: today }).lookup(ids.slice(0, 200), 'us', { shipTo: 'us' })
    ).flatMap((s) => s.offers);
    expect(offers.length).toBeGreaterThan(100);
    for (const o of offers) {
      expect(o.rating_percent).toBeGreaterThanOrEqual(0);
      expect(o.rating_percent).toBeLessThanOrEqual(100);
    }
    expect(offers.some((o) => o.rating_percent! > 5)).toBe(true);
  });

  it('charges import fees that depend on the destination, and none at home', () => {
    const id = ids.find(
      (i) => sandboxSnapshot(i, 'us', { shipTo: 'uk', role: 'cross', today }).offers.length > 0,
    )!;
    const toUk = sandboxSnapshot(id, 'us', { shipTo: 'uk', role: 'cross', today }).offers[0]!;
    const toAe = sandboxSnapshot(id, 'us', { shipTo: 'ae', role: 'cross', today }).offers[0]!;
    expect(toUk.import_fee).toBeCloseTo(toUk.buy_price * 0.2, 1);
    expect(toAe.import_fee).toBeCloseTo(toAe.buy_price * 0.05, 1);
    const home = sandboxSnapshot(id, 'uk', { shipTo: 'uk', role: 'to', today }).offers;
    expect(home.every((o) => o.import_fee === 0)).toBe(true);
    // Bought for a forwarder in the US (a reship lane): no deposit, whatever the destination.
    const reship = sandboxSnapshot(id, 'us', { shipTo: 'uk', role: 'cross', today, route: 'reship' });
    expect(reship.offers.length).toBeGreaterThan(0);
    expect(reship.offers.every((o) => o.import_fee === 0)).toBe(true);
  });

  it('ships FBA offers free, and a merchant charges home shipping on a reship lane, more to a buyer abroad', () => {
    let merchants = 0;
    for (const id of ids.slice(0, 400)) {
      const toBuyer = sandboxSnapshot(id, 'us', { shipTo: 'ca', role: 'cross', today });
      const reship = sandboxSnapshot(id, 'us', { shipTo: 'ca', role: 'cross', today, route: 'reship' });
      // The same offers either way: only what they charge differs.
      const key = (o: { seller_id: string; buy_price: number }) => `${o.seller_id} ${o.buy_price}`;
      const abroadOf = new Map(toBuyer.offers.map((o) => [key(o), o]));
      expect(reship.offers.map(key).sort()).toEqual([...abroadOf.keys()].sort());
      reship.offers.forEach((o) => {
        const abroad = abroadOf.get(key(o))!;
        if (o.is_fba) {
          expect(o.shipping_fee).toBe(0);
          expect(abroad.shipping_fee).toBe(0);
        } else if (toBuyer.side.status === 'ok') {
          merchants++;
          expect(o.shipping_fee).toBeLessThan(abroad.shipping_fee);
        }
      });
    }
    expect(merchants).toBeGreaterThan(100);
  });

  it('keeps real parcels: mostly light, boxed at a shipping density, priced like their weight', () => {
    const sides = ids
      .slice(0, 2000)
      .map((id) => sandboxSnapshot(id, 'us', { shipTo: 'us', role: 'to', today }).side)
      .filter((side) => side.status !== 'dog');
    const lbs = sides.map((s) => s.weight!.value).sort((a, b) => a - b);
    // Most Amazon parcels weigh a few pounds; over 20 lb are the oversize tiers (one in seven here).
    expect(lbs[Math.floor(lbs.length / 2)]!).toBeLessThan(3);
    expect(lbs.filter((lb) => lb > 20).length / lbs.length).toBeLessThan(0.2);
    for (const side of sides) {
      const { length, width, height } = side.package_dimensions!;
      const lb = side.weight!.value;
      // Within the tier's largest box, and never a box far too small or too big for the weight (in³/lb).
      expect(length * width * height).toBeLessThanOrEqual(140 * 70 * 50);
      if (lb >= 1) expect((length * width * height) / lb).toBeLessThanOrEqual(305);
      // Heavy goods are not cheap: the buy box costs more than a dollar a pound above 10 lb.
      const price = side.buybox?.buy_price;
      if (price != null && lb > 10) expect(price, side.title!).toBeGreaterThan(lb);
    }
  });
});
