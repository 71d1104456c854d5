import { describe, expect, it } from 'vitest';
import { addMonths, applyCoupon, invoiceDisplay, luhnValid, prorate, sandboxCardOutcome } from './billing';

const at = (iso: string) => new Date(iso);

describe('prorate (by the second)', () => {
  it('half a 30-day period left: L ($79) → XL ($139)', () => {
    // period 2026-11-01 → 2026-12-01 = 30 days = 2,592,000 s; now at +15 days leaves 1,296,000 s = 0.5
    const p = prorate({
      currentPriceCents: 7900,
      newPriceCents: 13900,
      periodStart: at('2026-11-01T00:00:00Z'),
      periodEnd: at('2026-12-01T00:00:00Z'),
      now: at('2026-11-16T00:00:00Z'),
    });
    // 7900 × 0.5 = 3950; 13900 × 0.5 = 6950; pay 6950 − 3950 = 3000
    expect(p).toEqual({ current_plan_remaining: 3950, new_plan_remaining: 6950, you_pay_total_price: 3000 });
  });

  it('one second after the start of a 31-day period', () => {
    // 31 days = 2,678,400 s; remaining 2,678,399 s; share = 0.99999962664
    const p = prorate({
      currentPriceCents: 2900,
      newPriceCents: 4900,
      periodStart: at('2026-12-01T00:00:00Z'),
      periodEnd: at('2027-01-01T00:00:00Z'),
      now: at('2026-12-01T00:00:01Z'),
    });
    // 2900 × 0.99999963 = 2899.999 → 2900; 4900 × … = 4899.998 → 4900; pay 2000
    expect(p).toEqual({ current_plan_remaining: 2900, new_plan_remaining: 4900, you_pay_total_price: 2000 });
  });

  it('a quarter left of a 28-day February: S ($29) → 3XL ($499)', () => {
    // 28 days = 2,419,200 s; now at +21 days leaves 7 days = 604,800 s = 0.25
    const p = prorate({
      currentPriceCents: 2900,
      newPriceCents: 49900,
      periodStart: at('2027-02-01T00:00:00Z'),
      periodEnd: at('2027-03-01T00:00:00Z'),
      now: at('2027-02-22T00:00:00Z'),
    });
    // 2900 × 0.25 = 725; 49900 × 0.25 = 12475; pay 11750
    expect(p).toEqual({ current_plan_remaining: 725, new_plan_remaining: 12475, you_pay_total_price: 11750 });
  });

  it('one hour left of 30 days: M ($49) → L ($79)', () => {
    // share = 3600 ÷ 2,592,000 = 0.0013889; 4900 × s = 6.81 → 7; 7900 × s = 10.97 → 11; pay 4
    const p = prorate({
      currentPriceCents: 4900,
      newPriceCents: 7900,
      periodStart: at('2026-11-01T00:00:00Z'),
      periodEnd: at('2026-12-01T00:00:00Z'),
      now: at('2026-11-30T23:00:00Z'),
    });
    expect(p).toEqual({ current_plan_remaining: 7, new_plan_remaining: 11, you_pay_total_price: 4 });
  });

  it('after the period end nothing is left to prorate', () => {
    const p = prorate({
      currentPriceCents: 4900,
      newPriceCents: 7900,
      periodStart: at('2026-11-01T00:00:00Z'),
      periodEnd: at('2026-12-01T00:00:00Z'),
      now: at('2026-12-02T00:00:00Z'),
    });
    expect(p.you_pay_total_price).toBe(0);
  });
});

describe('applyCoupon', () => {
  it('takes percent_off or amount_off, never below zero', () => {
    expect(applyCoupon(7900, { percent_off: 20, amount_off: null })).toBe(6320); // 7900 × 0.8
    expect(applyCoupon(7900, { percent_off: null, amount_off: 1000 })).toBe(6900);
    expect(applyCoupon(500, { percent_off: null, amount_off: 1000 })).toBe(0);
    expect(applyCoupon(7900, null)).toBe(7900);
  });
});

describe('addMonths', () => {
  it('keeps the anchor day and clamps to the end of shorter months', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2026-01-31T10:00:00Z'), 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonths(at('2027-12-15T00:00:00Z')).toISOString()).toBe('2028-01-15T00:00:00.000Z');
    expect(addMonths(at('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('invoiceDisplay', () => {
  it('paid → Paid; open → Open with Pay Now above 0; uncollectible and void → Unpaid', () => {
    expect(invoiceDisplay({ status: 'paid', amount: 7900, invoice_pdf: '/x.pdf' })).toEqual({
      label: 'paid',
      payNow: false,
      view: true,
    });
    expect(invoiceDisplay({ status: 'open', amount: 7900 })).toEqual({
      label: 'open',
      payNow: true,
      view: false,
    });
    expect(invoiceDisplay({ status: 'open', amount: 0 })).toEqual({
      label: 'open',
      payNow: false,
      view: false,
    });
    expect(invoiceDisplay({ status: 'uncollectible', amount: 7900 }).label).toBe('unpaid');
    expect(invoiceDisplay({ status: 'void', amount: 7900 }).label).toBe('unpaid');
  });
});

describe('sandbox cards', () => {
  it("behave as Stripe's test cards", () => {
    expect(sandboxCardOutcome('4242 4242 4242 4242')).toBe('succeeded');
    expect(sandboxCardOutcome('5555 5555 5555 4444')).toBe('succeeded');
    expect(sandboxCardOutcome('4000 0000 0000 0002')).toBe('card_declined');
    expect(sandboxCardOutcome('4000 0000 0000 9995')).toBe('insufficient_funds');
    expect(sandboxCardOutcome('4242 4242 4242 4241')).toBe('incorrect_number');
    expect(luhnValid('4242424242424242')).toBe(true);
  });
});
