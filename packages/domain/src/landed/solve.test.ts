import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeeSchedule } from '../pricing/commission';
import { REGION_CODES, type RegionCode } from '../regions';
import { ESTABLISHMENTS } from '../schemas/lanes';
import { laneCtx, product } from './lane-fixtures';
import { laneModel } from './model';
import { breakpoints, lastSearchChecked, SCAN_BUDGET } from './solve';
import { resolveLane } from './resolve';

const schedule: fc.Arbitrary<FeeSchedule> = fc.oneof(
  fc.constantFrom(0.08, 0.12, 0.15, 0.17).map((rate) => ({ kind: 'flat' as const, rate })),
  fc.constant({ kind: 'threshold' as const, upTo: 13.5, below: 0.08, above: 0.15 }),
  fc.constant({ kind: 'marginal' as const, upTo: 270, below: 0.15, above: 0.1 }),
  fc.record({
    kind: fc.constant('estimate' as const),
    rate: fc.double({ min: 0.05, max: 0.2, noNaN: true }),
    minimum: fc.constant(0.4),
    closing: fc.constantFrom(0, 1.8),
  }),
);

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);

/** A random lane and product: every route, carrier, registration and selling country. */
const scenario = (maxBuy: number) =>
  fc.record({
    from: fc.constantFrom<RegionCode>('us', 'uk'),
    to: fc.constantFrom(...REGION_CODES),
    parity: fc.double({ min: 0.5, max: 25, noNaN: true }),
    route: fc.constantFrom('reship' as const, 'source_ships' as const),
    carrier: fc.constantFrom('courier' as const, 'post' as const),
    registered_selling: fc.boolean(),
    registered_buying: fc.boolean(),
    per_parcel: money(30),
    per_kg: money(15),
    clearance: money(20),
    duty_pct: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    conversion_fee_pct: fc.constantFrom(0, 0.75, 1.5),
    establishment: fc.constantFrom(...ESTABLISHMENTS),
    buy: money(maxBuy).filter((x) => x >= 1),
    shipping: money(20),
    import_fee: money(10),
    schedule,
    rate: fc.integer({ min: -20, max: 200 }),
  });

type Scenario = ReturnType<typeof scenario> extends fc.Arbitrary<infer T> ? T : never;

const modelOf = (s: Scenario) => {
  const currency = s.to === 'mx' ? 'MXN' : 'USD';
  const ctx = laneCtx(
    s.from,
    s.to,
    s.parity,
    {
      route: s.route,
      carrier: s.carrier,
      registered_selling: s.registered_selling,
      registered_buying: s.registered_buying,
      rate_card: { per_parcel: s.per_parcel, per_kg: s.per_kg, currency },
      clearance_fee: { amount: s.clearance, currency },
      duty_pct: s.duty_pct,
      conversion_fee_pct: s.conversion_fee_pct,
    },
    { establishment: s.establishment },
  );
  return laneModel(
    ctx,
    product({ buy_price: s.buy, shipping_fee: s.shipping, import_fee: s.import_fee, schedule: s.schedule }),
  );
};

describe('priceForRate inverts the landed model to the cent', () => {
  it('the price earns at least r on the landed cost, and a cent less does not', () => {
    fc.assert(
      fc.property(scenario(2000), (s) => {
        const m = modelOf(s);
        const p = m.priceForRate(s.rate);
        if (p === null) {
          // Unreachable: no price we try gets there either.
          for (const x of [1, 10, 100, 1000, 1e4, 1e5, 1e6]) expect(m.rateAt(x)!).toBeLessThan(s.rate);
          return;
        }
        expect(Number.isInteger(Math.round(p * 100)) && Math.abs(p * 100 - Math.round(p * 100)) < 1e-6).toBe(
          true,
        );
        expect(m.rateAt(p)!).toBeGreaterThanOrEqual(s.rate - 1e-9);
        if (p > 0.01) expect(m.rateAt(Math.round(p * 100 - 1) / 100)!).toBeLessThan(s.rate);
      }),
      { numRuns: 1000 },
    );
  });

  it('and it is the lowest such cent (every lower cent checked)', () => {
    fc.assert(
      fc.property(
        scenario(30).filter((s) => s.parity <= 2),
        (s) => {
          const m = modelOf(s);
          const p = m.priceForRate(s.rate);
          const limit = 60_000;
          let first: number | null = null;
          for (let c = 1; c <= limit && first === null; c++) if (m.rateAt(c / 100)! >= s.rate) first = c;
          if (first !== null) expect(p).toBe(first / 100);
          else expect(p === null || p * 100 > limit).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('profit falls past a threshold: the answer can sit just below it', () => {
    // US → CA by courier: at C$40.00 no HST and no clearance fee; from C$40.01 both.
    const ctx = laneCtx('us', 'ca', 1.38, { clearance_fee: { amount: 10, currency: 'CAD' } });
    const m = laneModel(ctx, product({ buy_price: 20, parcel: null }));
    const r = Math.floor(m.rateAt(40)!);
    expect(m.rateAt(40.01)!).toBeLessThan(r);
    const p = m.priceForRate(r)!;
    expect(p).toBeLessThanOrEqual(40);
    expect(m.rateAt(p)!).toBeGreaterThanOrEqual(r);
    expect(breakpoints(resolveLane(ctx), product(), 0)).toEqual(expect.arrayContaining([40, 150]));
  });

  it('a CIF customs value (the UAE) moves the threshold by the freight: the answer is the lowest cent', () => {
    // AED 104.30 of freight: duty from a CIF value over AED 1,000, i.e. from a price of AED 940.50.
    const card = { rate_card: { per_parcel: 100, per_kg: 4.3, divisor: 5000, currency: 'AED' } } as const;
    const ctx = laneCtx('us', 'ae', 3.67, card);
    const m = laneModel(ctx, product({ buy_price: 150 }));
    const r = Math.floor(m.rateAt(940.49)!);
    expect(m.rateAt(940.5)!).toBeLessThan(r);
    const p = m.priceForRate(r)!;
    let first: number | null = null;
    for (let c = 1; c <= 100_000 && first === null; c++) if (m.rateAt(c / 100)! >= r) first = c;
    expect(p).toBe(first! / 100);
    expect(p).toBeLessThanOrEqual(940.49);
  });

  it('no freight enters the customs value when the source ships (the purchase is the value)', () => {
    const card = { rate_card: { per_parcel: 100, per_kg: 4.3, divisor: 5000, currency: 'AED' } } as const;
    const reship = laneModel(laneCtx('us', 'ae', 3.67, card), product({ buy_price: 150 }));
    const source = laneModel(
      laneCtx('us', 'ae', 3.67, { ...card, route: 'source_ships' }),
      product({ buy_price: 150, shipping_fee: 20 }),
    );
    const duty = (m: typeof reship, price: number) =>
      m.breakdown(price).lines.find((l) => l.key === 'duty')!.amount;
    expect(duty(reship, 940.5)).toBeGreaterThan(0);
    // 150 + 20 dollars at 3.67 is AED 623.90: under AED 1,000 whatever the rate card, so no duty.
    expect(duty(source, 940.5)).toBe(0);
  });

  it('a near-flat profit line (a 99.999 % conversion fee, no duty, registered) stops at the scan budget', () => {
    // Issue 56: these settings made one product's search check hundreds of thousands of cents per rate.
    // The lane schema refuses them now; a search is bounded whatever reaches it.
    const base = laneCtx('us', 'ca', 1.38, { duty_pct: 0, registered_selling: true });
    const ctx = { ...base, lane: { ...base.lane, conversion_fee_pct: 99.999 } };
    const m = laneModel(ctx, product({ buy_price: 20 }));
    for (const rate of [10, 30, 60]) {
      expect(m.priceForRate(rate)).toBeNull();
      expect(lastSearchChecked()).toBeLessThanOrEqual(SCAN_BUDGET);
    }
    // A real lane's search checks a few dozen cents and still finds its price.
    const real = laneModel(laneCtx('us', 'ca', 1.38, {}), product({ buy_price: 20 }));
    expect(real.priceForRate(30)).not.toBeNull();
    expect(lastSearchChecked()).toBeLessThan(200);
  });
});
