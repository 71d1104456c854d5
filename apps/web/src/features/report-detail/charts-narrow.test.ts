import { FILTERS_BY_ID, type ActiveFilter } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { narrowToBin } from './charts-narrow';

const brand: ActiveFilter = { id: 'to_brand', value: { include: ['Acme'], exclude: [] } } as ActiveFilter;

describe('narrowToBin', () => {
  it('adds the bar as a range filter (to is exclusive: a cent below it) and keeps the others', () => {
    const next = narrowToBin([brand], 'ppr', { from: 10, to: 20 });
    expect(next).toEqual([brand, { id: 'to_ppr_percent', value: { min: 10, max: 19.99 } }]);
    expect(FILTERS_BY_ID.get('to_ppr_percent')!.valueSchema.safeParse(next[1]!.value).success).toBe(true);
  });

  it('leaves an open edge open', () => {
    expect(narrowToBin([], 'profit', { from: null, to: 5 })).toEqual([
      { id: 'to_ppr_amount', value: { max: 4.99 } },
    ]);
    expect(narrowToBin([], 'ppr', { from: 40, to: null })).toEqual([
      { id: 'to_ppr_percent', value: { min: 40 } },
    ]);
  });

  it('intersects with the range already applied, never widening it', () => {
    const applied = [{ id: 'to_ppr_percent', value: { min: 12, max: 100 } } as ActiveFilter];
    expect(narrowToBin(applied, 'ppr', { from: 10, to: 20 })).toEqual([
      { id: 'to_ppr_percent', value: { min: 12, max: 19.99 } },
    ]);
    expect(narrowToBin(applied, 'ppr', { from: null, to: null })).toEqual(applied);
  });
});
