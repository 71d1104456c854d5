import { describe, expect, it } from 'vitest';
import { createSandboxMarketplace, sandboxSnapshot } from './sandbox';
import { pastDayOf, sandboxPast } from './sandbox-history';

// Issue 49, offline parity: the sandbox's products have a deterministic, plausible year behind them.

const sandbox = createSandboxMarketplace();
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 11, 31);
const ids = Array.from({ length: 60 }, (_, i) => `B0HIST${String(i).padStart(4, '0')}`);
const year = (id: string, region: 'us' | 'ae' = 'us') => sandbox.history!(id, region, 365, TODAY);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('the sandbox history', () => {
  it('is the same every time, and a shorter range is the end of the longer one', () => {
    expect(year('B0HIST0001')).toEqual(year('B0HIST0001'));
    expect(sandbox.history!('B0HIST0001', 'us', 30, TODAY)).toEqual(year('B0HIST0001').slice(-30));
    // Tomorrow's year repeats today's days.
    const tomorrow = sandbox.history!('B0HIST0001', 'us', 365, TODAY + DAY);
    expect(tomorrow.slice(0, 364)).toEqual(year('B0HIST0001').slice(1));
  });

  it('covers the whole days before today, oldest first', () => {
    const days = year('B0HIST0002');
    expect(days).toHaveLength(365);
    expect(days[0]!.day).toBe(TODAY - 365 * DAY);
    expect(days.at(-1)!.day).toBe(TODAY - DAY);
  });

  it('moves like a product: prices around today, stock-outs without prices, ranks that move', async () => {
    const known = [];
    for (const id of ids) {
      const [now] = await sandbox.lookup([id], 'us', { shipTo: 'us' });
      if (now!.side.status !== 'dog') known.push({ id, now: now!.side });
    }
    let outDays = 0;
    let total = 0;
    for (const { id, now } of known) {
      const days = year(id);
      total += days.length;
      const gone = days.filter((d) => !d.in_stock);
      outDays += gone.length;
      for (const d of gone) expect([d.buybox, d.lowest_new, d.new_offers]).toEqual([null, null, 0]);
      const prices = days.flatMap((d) => (d.buybox == null ? [] : [d.buybox]));
      if (prices.length > 100) {
        // Around the product's usual price: the buy box moves by a few percent most days, and further
        // only when it changes hands (a coupon's holder, a new FBA seller), never out of all proportion.
        const usual = [...prices].sort((a, b) => a - b)[Math.floor(prices.length / 2)]!;
        const near = prices.filter((p) => p > usual * 0.75 && p < usual * 1.33);
        expect(near.length / prices.length).toBeGreaterThan(0.8);
        expect(Math.min(...prices)).toBeGreaterThan(usual * 0.3);
        expect(Math.max(...prices)).toBeLessThan(usual * 3);
        expect(new Set(prices).size).toBeGreaterThan(30);
      }
      if (now.sales_rank && now.sales_rank.rank > 5000)
        expect(new Set(days.map((d) => d.sales_rank)).size).toBeGreaterThan(100);
      if (!now.sales_rank) expect(days.every((d) => d.sales_rank === null)).toBe(true);
    }
    // Stock-outs happen, but a product is mostly in stock.
    expect(outDays / total).toBeGreaterThan(0.01);
    expect(outDays / total).toBeLessThan(0.25);
  });

  it('sells best in the weeks before Christmas', () => {
    const ratio = ids.flatMap((id) => {
      const days = year(id);
      const rankOn = (month: number) =>
        days.filter((d) => new Date(d.day).getUTCMonth() === month && d.sales_rank).map((d) => d.sales_rank!);
      const dec = rankOn(11);
      const jun = rankOn(5);
      return dec.length && jun.length ? [mean(dec.slice(0, 20)) / mean(jun)] : [];
    });
    expect(mean(ratio)).toBeLessThan(0.85);
  });

  it('has no past for a product the sandbox does not know', async () => {
    const unknown = [];
    for (const id of ids) {
      const [now] = await sandbox.lookup([id], 'ae', { shipTo: 'ae' });
      if (now!.side.status === 'dog') unknown.push(id);
    }
    for (const id of unknown) expect(year(id, 'ae')).toEqual([]);
  });

  it('builds only the days observations do not cover, and each day once (issue 59)', () => {
    let built = 0;
    const past = sandboxPast((asin, region, day) => {
      built += 1;
      return pastDayOf(sandboxSnapshot(asin, region, { shipTo: region, role: 'to', today: day }).side, day);
    });
    // Observed since a year ago: no day to build.
    expect(past.days('B0HIST0003', 'us', 365, TODAY, TODAY - 365 * DAY)).toEqual([]);
    expect(built).toBe(0);
    // Observed for the last 10 days: the 355 before them.
    expect(past.days('B0HIST0003', 'us', 365, TODAY, TODAY - 10 * DAY)).toHaveLength(355);
    expect(built).toBe(355);
    // The whole year again, and tomorrow's: only the days not built before.
    const again = past.days('B0HIST0003', 'us', 365, TODAY);
    expect(built).toBe(365);
    expect(again).toEqual(year('B0HIST0003'));
    past.days('B0HIST0003', 'us', 365, TODAY + DAY);
    expect(built).toBe(366);
  });
});
