import { describe, expect, it } from 'vitest';
import dayjs from '../../lib/dayjs';
import { profitByMonth } from './components/money-chart-options';
import { defaultRange, lastMonths, monthsBetween } from './months';
import { moneyRowFixture } from './test/fixtures';

describe('the Money page’s months and chart figures', () => {
  it('defaults to the last six months including this one, across a new year', () => {
    const now = dayjs('2027-02-10T12:00:00Z');
    expect(defaultRange(now)).toEqual({ from: '2026-09', to: '2027-02' });
    expect(lastMonths(3, now)).toEqual(['2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
  });

  it('adds up one currency’s lanes by month, to the cent, and never another currency', () => {
    const rows = [
      moneyRowFixture({ month: '2026-10', estimate_profit: 0.1, profit: 0.2 }),
      moneyRowFixture({
        month: '2026-10',
        lane: { from: 'uk', to: 'ca' },
        estimate_profit: 0.2,
        profit: 0.1,
      }),
      moneyRowFixture({ month: '2026-10', lane: { from: 'us', to: 'mx' }, currency: 'MXN', profit: 900 }),
    ];
    expect(profitByMonth(rows, 'CAD', ['2026-09', '2026-10'])).toEqual([
      { month: '2026-09', estimate: 0, actual: 0, orders: 0 },
      { month: '2026-10', estimate: 0.3, actual: 0.3, orders: 20 },
    ]);
  });
});
