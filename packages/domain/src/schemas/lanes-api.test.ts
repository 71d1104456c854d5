import { describe, expect, it } from 'vitest';
import { dayIn } from '../time';
import { laneParamsSchema, sellerTaxProfileOf } from './lanes-api';

describe('sellerTaxProfileOf', () => {
  it('reads a code or a name from the profile country, else other', () => {
    expect(sellerTaxProfileOf('TR').establishment).toBe('tr');
    expect(sellerTaxProfileOf(' Türkiye ').establishment).toBe('tr');
    expect(sellerTaxProfileOf('United Kingdom').establishment).toBe('uk');
    expect(sellerTaxProfileOf('Germany').establishment).toBe('other');
    expect(sellerTaxProfileOf('other').establishment).toBe('other');
    expect(sellerTaxProfileOf(null)).toEqual({ establishment: 'other', registered_home: false });
  });
});

describe('laneParamsSchema', () => {
  it('takes a buying and a selling marketplace and names the wrong one', () => {
    expect(laneParamsSchema.parse({ from: 'uk', to: 'au' })).toEqual({ from: 'uk', to: 'au' });
    const bad = laneParamsSchema.safeParse({ from: 'ca', to: 'us' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['from', 'validation.lane.country'],
    ]);
  });
});

describe('dayIn', () => {
  it("gives the day in the zone, not UTC's", () => {
    const lateUtc = new Date('2026-03-01T22:30:00Z');
    expect(dayIn('Europe/Istanbul', lateUtc)).toBe('2026-03-02');
    expect(dayIn('UTC', lateUtc)).toBe('2026-03-01');
  });
});
