import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderRoutes } from '../../test/render-routes';
import { fakeApi } from '../../test/fake-api';
import { MoneyPage } from './money-page';
import {
  AMAZON_ORDER_ID,
  moneyOrderRowFixture,
  moneyOrdersFixture,
  moneySummaryFixture,
  orderMoneyFixture,
} from './test/fixtures';

// jsdom has no canvas: the chart stands in as its series with their values (the e2e test draws it).
vi.mock('../../lib/echarts-view', () => ({
  default: ({ option }: { option: { series: { name: string; data: number[] }[] } }) => (
    <ul data-testid="echarts">
      {option.series.map((s) => (
        <li key={s.name}>{`${s.name}: ${s.data.join(' ')}`}</li>
      ))}
    </ul>
  ),
}));

const RANGE = '/money?from=2026-06&to=2026-11';
const renderMoney = (path = RANGE) => renderRoutes([{ path: '/money', element: <MoneyPage /> }], path);
const calls = (fetch: ReturnType<typeof fakeApi>) => fetch.mock.calls.map(([u]) => String(u));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the Money page', () => {
  it('shows the totals per currency, never added together, the chart and the rows with pending money', async () => {
    const api = fakeApi((url) =>
      url.startsWith('/api/money?') ? { body: moneySummaryFixture() } : undefined,
    );
    const { user } = renderMoney();
    const totals = await screen.findByTestId('money-totals');
    expect(document.title).toBe('Crossmarket - Money');
    expect(calls(api)).toContain('/api/money?from=2026-06&to=2026-11');
    // One card per currency: the Canadian dollars and the pesos stay apart.
    const cad = within(totals).getByTestId('money-total-CAD');
    const mxn = within(totals).getByTestId('money-total-MXN');
    expect(within(cad).getByTestId('money-total-profit')).toHaveTextContent('CA$118.00');
    expect(within(mxn).getByTestId('money-total-profit')).toHaveTextContent('MX$900.00');
    expect(totals).not.toHaveTextContent('1,018');
    expect(cad).toHaveTextContent('3 pending until November 20, 2026');

    // The chart: one currency at a time, the one with the most orders first, each month of the range.
    const chart = screen.getByTestId('money-chart');
    expect(within(chart).getByRole('heading')).toHaveTextContent('Profit estimated and actual (CAD)');
    expect(await within(chart).findByTestId('echarts')).toHaveTextContent('Estimated profit: 0 0 0 0 130 0');
    expect(within(chart).getByTestId('echarts')).toHaveTextContent('Actual profit: 0 0 0 0 118 0');
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      'From June 2026 to November 2026: CA$130.00 estimated, CA$118.00 actual.',
    );
    await user.click(within(chart).getByText('MXN'));
    expect(within(chart).getByTestId('echarts')).toHaveTextContent('Actual profit: 0 0 0 0 0 900');
    await user.click(within(chart).getByText('Table'));
    const table = within(chart).getByTestId('money-chart-table');
    expect(within(table).getByText('November 2026').closest('tr')).toHaveTextContent('MX$850.00');

    const rows = within(screen.getByTestId('money-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('November 2026');
    expect(rows[2]).toHaveTextContent('United States → Canada');
    expect(rows[2]).toHaveTextContent('2 flagged');
  });

  it('keeps the range and lane in the address, and exports the same range as CSV', async () => {
    const api = fakeApi((url) =>
      url.startsWith('/api/money/export')
        ? { body: 'order-id,amount\n' }
        : url.startsWith('/api/money?')
          ? { body: moneySummaryFixture() }
          : undefined,
    );
    const createObjectURL = vi.fn(() => 'blob:money');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // jsdom does not follow a download link.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { router, user } = renderMoney();
    await screen.findByTestId('money-table');
    await user.click(screen.getByLabelText('Lane'));
    await user.click(await screen.findByTitle('United States → Mexico'));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-06&to=2026-11&lane=us-mx'));
    await waitFor(() => expect(calls(api)).toContain('/api/money?from=2026-06&to=2026-11&lane=us-mx'));
    await user.click(screen.getByTestId('money-export'));
    await waitFor(() => expect(calls(api)).toContain('/api/money/export?from=2026-06&to=2026-11&lane=us-mx'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('falls back to the last six months for an address it cannot read', async () => {
    const api = fakeApi((url) =>
      url.startsWith('/api/money?') ? { body: moneySummaryFixture({ rows: [], totals: [] }) } : undefined,
    );
    renderMoney('/money?from=2026-13&to=soon');
    await screen.findByTestId('money-empty');
    const asked = calls(api).find((u) => u.startsWith('/api/money?'))!;
    const q = new URL(asked, 'http://x').searchParams;
    const months =
      (Number(q.get('to')!.slice(0, 4)) - Number(q.get('from')!.slice(0, 4))) * 12 +
      Number(q.get('to')!.slice(5)) -
      Number(q.get('from')!.slice(5));
    expect(months).toBe(5);
  });

  it('says no money is recorded yet with what to do, or that it could not be read', async () => {
    let answer: { status?: number; body: unknown } = { body: moneySummaryFixture({ rows: [], totals: [] }) };
    fakeApi((url) => (url.startsWith('/api/money?') ? answer : undefined));
    const { user } = renderMoney();
    const empty = await screen.findByTestId('money-empty');
    expect(empty).toHaveTextContent('No money recorded yet.');
    expect(within(empty).getByRole('link', { name: 'Connect Amazon in Settings' })).toHaveAttribute(
      'href',
      '/settings/amazon',
    );
    expect(within(empty).getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/orders');

    answer = { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } };
    await user.click(screen.getByLabelText('From'));
    await user.click(await screen.findByTitle('July 2026'));
    const error = await screen.findByTestId('money-error');
    expect(error).toHaveTextContent('Your money could not be loaded.');
    answer = { body: moneySummaryFixture() };
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('money-totals');
  });

  it('shows a skeleton while the figures load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderMoney();
    expect(await screen.findByTestId('money-loading')).toBeInTheDocument();
  });

  it('opens the orders behind a row from the keyboard, filters them, and opens an order’s money', async () => {
    const api = fakeApi((url) => {
      if (url.startsWith('/api/money?')) return { body: moneySummaryFixture() };
      if (url.startsWith('/api/money/orders?'))
        return url.includes('only=pending')
          ? { body: moneyOrdersFixture({ orders: [], total: 0 }) }
          : { body: moneyOrdersFixture({ orders: [moneyOrderRowFixture()], total: 30, page: 1 }) };
      if (url === `/api/money/orders/${AMAZON_ORDER_ID}`) return { body: orderMoneyFixture() };
      return undefined;
    });
    const { user } = renderMoney();
    await screen.findByTestId('money-table');
    const open = screen.getByRole('button', { name: 'Orders of October 2026, United States → Canada' });
    open.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByTestId('money-orders-table');
    await waitFor(() =>
      expect(calls(api)).toContain(
        '/api/money/orders?from=2026-06&to=2026-11&lane=us-ca&month=2026-10&page_size=25',
      ),
    );
    expect(screen.getByText('Orders of October 2026 · United States → Canada')).toBeInTheDocument();
    expect(within(drawer).getByText('1 line flagged')).toBeInTheDocument();
    expect(within(drawer).getByText('Pending until November 2, 2026')).toBeInTheDocument();

    await user.click(screen.getByText('2'));
    await waitFor(() =>
      expect(calls(api)).toContain(
        '/api/money/orders?from=2026-06&to=2026-11&lane=us-ca&month=2026-10&page=2&page_size=25',
      ),
    );
    await user.click(screen.getByText('Pending'));
    expect(await screen.findByTestId('money-orders-empty')).toHaveTextContent(
      'No order waiting for money here.',
    );
    await user.click(screen.getByText('All'));

    await user.click(await screen.findByRole('button', { name: `Money of order ${AMAZON_ORDER_ID}` }));
    expect(await screen.findByTestId('order-money')).toBeInTheDocument();
    expect(screen.getByTestId('order-costs-form')).toBeInTheDocument();
  });
});
