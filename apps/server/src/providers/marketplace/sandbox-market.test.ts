import type { ProductSide } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { createSandboxMarketplace, sandboxSnapshot } from './sandbox';
import { pastDayOf } from './sandbox-history';
import { SANDBOX_BASELINE_DAY, sandboxMarketMove } from './sandbox-market';

// Issue 59: the sandbox's market moves by day (prices, sellers, stock-outs and restocks, rank), as a pure
// function of the product, the marketplace and the day, around the baseline it always answered.

const DAY = 86_400_000;
const START = Date.UTC(2027, 2, 1);
const ids = Array.from({ length: 200 }, (_, i) => `B0DAYS${String(i).padStart(4, '0')}`);
const price = (s: ProductSide) => s.buybox?.buy_price ?? s.lowest?.buy_price ?? null;
const sideOn = (id: string, day: number) =>
  sandboxSnapshot(id, 'us', { shipTo: 'us', role: 'to', today: day }).side;

describe('the sandbox by day', () => {
  it('gives the same answer for the same day, from any provider pinned to it or reading it off a clock', async () => {
    const day = START + 3 * DAY + 5 * 3_600_000; // any time of the day
    const pinned = createSandboxMarketplace({ day });
    const clocked = createSandboxMarketplace({ day: () => day + 7 * 3_600_000 });
    const a = await pinned.lookup(ids.slice(0, 50), 'uk', { shipTo: 'uk' });
    const b = await clocked.lookup(ids.slice(0, 50), 'uk', { shipTo: 'uk' });
    expect(b).toEqual(a);
    expect(await pinned.refreshPrices!(ids.slice(0, 50), 'uk', { shipTo: 'uk' })).toEqual(
      await clocked.refreshPrices!(ids.slice(0, 50), 'uk', { shipTo: 'uk' }),
    );
    // The next day's market is another one.
    const next = await createSandboxMarketplace({ day: day + DAY }).lookup(ids.slice(0, 50), 'uk', {
      shipTo: 'uk',
    });
    expect(next).not.toEqual(a);
  });

  it('is its baseline on the baseline day: no move at all', () => {
    for (const id of ids.slice(0, 20))
      expect(sandboxMarketMove(id, 'us', SANDBOX_BASELINE_DAY + 12 * 3_600_000)).toEqual({
        price: 1,
        sellers: 0,
        flipped: false,
        soldOutDays: 0,
        rank: 1,
      });
  });

  it('over eight days, most of 200 products change price and rank, many their offers, some their stock', () => {
    const changed = { price: 0, offers: 0, stock: 0, rank: 0, any: 0 };
    let known = 0;
    const steps: number[] = [];
    for (const id of ids) {
      const days = Array.from({ length: 8 }, (_, k) => sideOn(id, START + k * DAY));
      if (days[0]!.status === 'dog') continue;
      known += 1;
      const moved = (f: (s: ProductSide) => unknown) =>
        new Set(days.map((s) => JSON.stringify(f(s)))).size > 1;
      const figures = [
        moved(price),
        moved((s) => s.total_prices_count),
        moved((s) => s.status === 'nostock'),
        moved((s) => s.sales_rank?.rank),
      ];
      changed.price += Number(figures[0]);
      changed.offers += Number(figures[1]);
      changed.stock += Number(figures[2]);
      changed.rank += Number(figures[3]);
      changed.any += Number(figures.some(Boolean));
      // Bounded: day to day a price moves by a few percent; more only when the buy box changes hands.
      for (let k = 1; k < days.length; k++) {
        const [before, after] = [price(days[k - 1]!), price(days[k]!)];
        if (before && after) steps.push(after / before);
        expect(days[k]!.total_prices_count).toBeLessThanOrEqual(30);
      }
    }
    expect(known).toBeGreaterThan(180);
    expect(changed.price / known).toBeGreaterThan(0.6);
    expect(changed.rank / known).toBeGreaterThan(0.6);
    expect(changed.offers / known).toBeGreaterThan(0.3);
    // Stock-outs and restocks are occasional: a few products in a hundred over a week.
    expect(changed.stock / known).toBeGreaterThan(0.04);
    expect(changed.stock / known).toBeLessThan(0.3);
    expect(changed.any / known).toBeGreaterThan(0.85);
    const small = steps.filter((x) => x > 0.9 && x < 1.11);
    expect(small.length / steps.length).toBeGreaterThan(0.95);
    for (const x of steps) expect(x).toBeGreaterThan(0.5);
    for (const x of steps) expect(x).toBeLessThan(2);
  });

  it('runs out of stock now and then, and restocks: no offer, no price, then offers again', () => {
    let outs = 0;
    let restocks = 0;
    for (const id of ids) {
      const days = Array.from({ length: 60 }, (_, k) => sideOn(id, START + k * DAY));
      for (let k = 1; k < days.length; k++) {
        const [was, is] = [days[k - 1]!, days[k]!];
        if (is.status === 'nostock') {
          expect([is.buybox, is.lowest, is.total_prices_count, is.stocks]).toEqual([null, null, 0, 0]);
          if (was.status !== 'nostock') outs += 1;
        } else if (was.status === 'nostock' && is.status !== 'dog') {
          expect(is.total_prices_count).toBeGreaterThan(0);
          restocks += 1;
        }
      }
    }
    expect(outs).toBeGreaterThan(10);
    expect(restocks).toBeGreaterThan(10);
  });

  it('keeps what a product is (title, brand, category, size) whatever the day', () => {
    for (const id of ids.slice(0, 50)) {
      const [a, b] = [sideOn(id, START), sideOn(id, START + 40 * DAY)];
      expect([b.title, b.brand, b.categories, b.weight, b.package_dimensions, b.review_rating]).toEqual([
        a.title,
        a.brand,
        a.categories,
        a.weight,
        a.package_dimensions,
        a.review_rating,
      ]);
    }
  });

  it('tells as its past day what it answered that day: yesterday’s point is yesterday’s lookup', async () => {
    const today = START + 10 * DAY;
    const yesterday = await createSandboxMarketplace({ day: today - DAY }).lookup(ids.slice(0, 40), 'uk', {
      shipTo: 'uk',
    });
    const sandbox = createSandboxMarketplace({ day: today });
    for (const answer of yesterday) {
      const past = sandbox.history!(answer.product_id, 'uk', 30, today);
      if (answer.side.status === 'dog') expect(past).toEqual([]);
      else expect(past.at(-1)).toEqual(pastDayOf(answer.side, today - DAY));
    }
  });
});
