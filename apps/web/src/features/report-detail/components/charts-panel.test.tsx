import type { ActiveFilter, ChartsResponse } from '@crossmarket/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { ChartsPanel } from './charts-panel';

// jsdom has no canvas: the ECharts view is stood in by one button per bar, which is what a click on a
// bar reports to the panel (the real canvas is exercised by the e2e test).
// Every option object a chart was handed, in order (a new one makes the real view draw again).
const handed: unknown[] = [];
vi.mock('../../../lib/echarts-view', () => ({
  default: ({
    option,
    onItemClick,
  }: {
    option: { series: { data: unknown[] }[] };
    onItemClick?: (i: number) => void;
  }) => (
    <div data-testid="echarts" ref={() => void handed.push(option)}>
      {option.series[0]!.data.map((_, i) => (
        <button key={i} type="button" onClick={() => onItemClick?.(i)}>
          {`bar ${i}`}
        </button>
      ))}
    </div>
  ),
}));

const REPORT = '3f2a9c1d-0000-4000-8000-000000000001';
const CHARTS: ChartsResponse = {
  filtered_count: 12,
  settings_defined: true,
  ppr: {
    step: 10,
    bins: [
      { from: null, to: 10, start: 0, end: 10, count: 3 },
      { from: 10, to: 20, start: 10, end: 20, count: 0 },
      { from: 20, to: null, start: 20, end: 30, count: 9 },
    ],
  },
  profit: { step: 5, bins: [{ from: 0, to: 5, start: 0, end: 5, count: 12 }] },
  rank_ppr: [{ rank: 1200, ppr: 25.5, count: 12 }],
};

// A seller who opened the charts once: the panel remembers it (a first-time viewer's is folded, below).
beforeEach(() => window.localStorage.setItem('crossmarket.report.chartsOpen', 'open'));
afterEach(() => {
  handed.length = 0;
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function renderPanel(
  opts: { settingsDefined?: boolean; answer?: ChartsResponse; applied?: ActiveFilter[] } = {},
) {
  const fetch = fakeApi((url) => (url === '/v1/charts' ? { body: opts.answer ?? CHARTS } : undefined));
  const onNarrow = vi.fn();
  render(
    <AppProviders>
      <AntApp>
        <ChartsPanel
          reportId={REPORT}
          encoded="abc"
          applied={opts.applied ?? []}
          settingsDefined={opts.settingsDefined ?? true}
          currency="CAD"
          onNarrow={onNarrow}
        />
      </AntApp>
    </AppProviders>,
  );
  return { fetch, onNarrow, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

describe('ChartsPanel', () => {
  it('asks for the charts of the applied filters and narrows to a clicked bar', async () => {
    const { fetch, onNarrow, user } = renderPanel({
      applied: [{ id: 'to_brand', value: { include: ['Acme'], exclude: [] } } as ActiveFilter],
    });
    const ppr = await screen.findByTestId('chart-ppr');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ report_id: REPORT, filters: 'abc' });
    expect(within(ppr).getByRole('img').getAttribute('aria-label')).toContain('12 products in 3 bars');
    await user.click(await within(ppr).findByRole('button', { name: 'bar 2' }));
    expect(onNarrow).toHaveBeenLastCalledWith([
      { id: 'to_brand', value: { include: ['Acme'], exclude: [] } },
      { id: 'to_ppr_percent', value: { min: 20 } },
    ]);
  });

  it('offers the bars as a table whose Narrow buttons work from the keyboard', async () => {
    const { onNarrow, user } = renderPanel();
    const profit = await screen.findByTestId('chart-profit');
    await user.click(within(profit).getByText('Table'));
    const narrow = within(profit).getByRole('button', { name: 'Narrow to this range' });
    narrow.focus();
    await user.keyboard('{Enter}');
    expect(onNarrow).toHaveBeenLastCalledWith([{ id: 'to_ppr_amount', value: { min: 0, max: 4.99 } }]);
    const ppr = screen.getByTestId('chart-ppr');
    await user.click(within(ppr).getByText('Table'));
    const rows = within(ppr).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('below 10 %3'),
      expect.stringContaining('10 % – 20 %0'),
      expect.stringContaining('20 % and above9'),
    ]);
    // An empty bar has nothing to narrow to.
    expect(within(rows[1]!).getByRole('button')).toBeDisabled();
  });

  it('hands the charts the same options until a new answer, and waits while not ready', async () => {
    const fetch = fakeApi((url) => (url === '/v1/charts' ? { body: CHARTS } : undefined));
    const panel = (encoded: string, ready: boolean, applied: ActiveFilter[]) => (
      <AppProviders>
        <AntApp>
          <ChartsPanel
            reportId={REPORT}
            encoded={encoded}
            ready={ready}
            applied={applied}
            settingsDefined
            currency="CAD"
            onNarrow={() => {}}
          />
        </AntApp>
      </AppProviders>
    );
    const { rerender } = render(panel('abc', false, []));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).not.toHaveBeenCalled();
    rerender(panel('abc', true, []));
    await screen.findByTestId('chart-rank');
    await new Promise((r) => setTimeout(r, 50));
    handed.length = 0;
    rerender(panel('abc', true, []));
    const drawn = new Set(handed);
    expect(drawn.size).toBe(3);
    // Apply: new filters on the cards, the table's page on its way; the last charts stay as they were.
    rerender(panel('abc', true, [{ id: 'to_brand', value: { include: ['Acme'], exclude: [] } }]));
    rerender(panel('abc', true, []));
    expect(handed.length).toBeGreaterThan(6);
    expect(new Set(handed)).toEqual(drawn);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('waits for settings, and says so, before asking for anything', async () => {
    const { fetch } = renderPanel({ settingsDefined: false });
    expect(await screen.findByText(/Define settings first\./)).toBeVisible();
    expect(fetch.mock.calls.filter(([url]) => url === '/v1/charts')).toHaveLength(0);
  });

  it('shows the empty state when no product matches, and can be folded away', async () => {
    const { user } = renderPanel({
      answer: { ...CHARTS, filtered_count: 0, ppr: { step: null, bins: [] }, rank_ppr: [] },
    });
    expect(await screen.findByText('No product matches the filters.')).toBeVisible();
    await user.click(screen.getByText('Charts'));
    expect(window.localStorage.getItem('crossmarket.report.chartsOpen')).toBe('closed');
  });

  it('is folded for a seller who never opened it, and asks for nothing until opened (issue 59)', async () => {
    window.localStorage.clear();
    const { fetch, user } = renderPanel();
    expect(screen.queryByTestId('charts')).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => url === '/v1/charts')).toHaveLength(0);
    await user.click(screen.getByText('Charts'));
    expect(await screen.findByTestId('chart-ppr')).toBeVisible();
    expect(window.localStorage.getItem('crossmarket.report.chartsOpen')).toBe('open');
  });
});
