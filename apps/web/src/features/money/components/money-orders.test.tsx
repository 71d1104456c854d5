import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import { moneyOrderRowFixture, moneyOrdersFixture } from '../test/fixtures';
import { MoneyOrdersList, type MoneyListTarget } from './money-orders';

const FILTERS: MoneyListTarget = { from: '2026-06', to: '2026-11', month: '2026-10', lane: 'us-ca' };
const renderList = (filters: MoneyListTarget = FILTERS) =>
  renderRoutes(
    [
      {
        path: '/',
        element: <MoneyOrdersList filters={filters} onFilters={() => {}} onOpenOrder={() => {}} />,
      },
    ],
    '/',
  );

afterEach(() => vi.unstubAllGlobals());

describe('the orders behind a figure', () => {
  it('lists each order’s figures, whether it is flagged and when its money is released', async () => {
    fakeApi((url) =>
      url.startsWith('/api/money/orders?')
        ? {
            body: moneyOrdersFixture({
              orders: [
                moneyOrderRowFixture(),
                moneyOrderRowFixture({
                  amazon_order_id: '702-7777777-1111111',
                  order_id: null,
                  flagged: 0,
                  pending: false,
                  release_at: null,
                  cost_of_goods: null,
                  profit: null,
                  estimate_profit: null,
                }),
              ],
              total: 2,
            }),
          }
        : undefined,
    );
    renderList();
    const table = await screen.findByTestId('money-orders-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('702-1234567-7654321');
    expect(rows[1]).toHaveTextContent('1 line flagged');
    expect(rows[1]).toHaveTextContent('Pending until November 2, 2026');
    expect(rows[1]).toHaveTextContent('CA$11.99');
    expect(rows[2]).toHaveTextContent('Released');
    // Not known yet (no estimate, no purchase): a dash, not a zero.
    expect(rows[2]).toHaveTextContent('—');
    expect(screen.getByText('2 orders')).toBeInTheDocument();
  });

  it('says when nothing is flagged', async () => {
    fakeApi((url) =>
      url.includes('only=flagged')
        ? { body: moneyOrdersFixture({ orders: [], total: 0 }) }
        : url.startsWith('/api/money/orders?')
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Try later.' } } }
          : undefined,
    );
    renderList({ ...FILTERS, only: 'flagged' });
    expect(await screen.findByTestId('money-orders-empty')).toHaveTextContent(
      'No flagged order here: every line is within the threshold.',
    );
  });

  it('says the list could not be read', async () => {
    fakeApi((url) =>
      url.startsWith('/api/money/orders?')
        ? { status: 503, body: { error: { code: 'unavailable', message: 'Try later.' } } }
        : undefined,
    );
    renderList();
    expect(await screen.findByTestId('money-orders-error')).toBeInTheDocument();
  });
});
