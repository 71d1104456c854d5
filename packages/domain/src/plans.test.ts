import { describe, expect, it } from 'vitest';
import { isLockedOut, isPaidActive, PLANS, planByCode } from './plans';

const now = new Date('2026-11-21T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3600_000);

describe('PLANS', () => {
  it('lists the tiers with the specification daily quotas, F hidden and L the best seller', () => {
    expect(PLANS.map((p) => [p.code, p.dailyReportQuota])).toEqual([
      ['F', 0],
      ['S', 1000],
      ['M', 2500],
      ['L', 5000],
      ['XL', 10000],
      ['2XL', 25000],
      ['3XL', 50000],
    ]);
    expect(PLANS.filter((p) => !p.visible).map((p) => p.code)).toEqual(['F']);
    expect(PLANS.filter((p) => p.bestSeller).map((p) => p.code)).toEqual(['L']);
    expect(planByCode('XL')?.name).toBe('X-Large');
    expect(planByCode('nope')).toBeUndefined();
  });
});

describe('isPaidActive', () => {
  it('is true for a paid plan whose subscription ends in the future', () => {
    expect(isPaidActive({ planCode: 'L', subscriptionEnd: hours(1) }, now)).toBe(true);
    expect(isPaidActive({ planCode: 'L', subscriptionEnd: hours(1).toISOString() }, now)).toBe(true);
    expect(isPaidActive({ plan: { code: 'XL' }, subscription_end: hours(1).toISOString() }, now)).toBe(true);
    expect(isPaidActive({ plan_code: 'F', subscription_end: hours(1) }, now)).toBe(false);
  });
  it('is false for the free plan, an expired subscription or none', () => {
    expect(isPaidActive({ planCode: 'F', subscriptionEnd: hours(100) }, now)).toBe(false);
    expect(isPaidActive({ planCode: 'L', subscriptionEnd: hours(-1) }, now)).toBe(false);
    expect(isPaidActive({ planCode: 'L', subscriptionEnd: now }, now)).toBe(false);
    expect(isPaidActive({ planCode: 'S', subscriptionEnd: null }, now)).toBe(false);
  });
});

describe('isLockedOut', () => {
  it('locks out from six hours after subscription_end, not before', () => {
    expect(isLockedOut(hours(-5.99), now)).toBe(false);
    expect(isLockedOut(hours(-6), now)).toBe(true);
    expect(isLockedOut(hours(-48), now)).toBe(true);
    expect(isLockedOut(hours(2), now)).toBe(false);
  });
  it('treats a user who never subscribed as locked out', () => {
    expect(isLockedOut(null, now)).toBe(true);
  });
});
