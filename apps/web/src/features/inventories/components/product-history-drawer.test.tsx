import type { ProductHistory } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { historyPoint } from '../../../test/history-fixtures';
import { InventoryViewPage } from '../inventory-view-page';
import { INVENTORY_ID, inventoryFixture, productsFixture } from '../test/fixtures';

// jsdom has no canvas: the chart stands in as its series' names (the e2e test draws the drawer's).
vi.mock('../../../lib/echarts-view', () => ({
  default: ({ option }: { option: { series: { name: string }[] } }) => (
    <ul data-testid="echarts">
      {option.series.map((s) => (
        <li key={s.name}>{s.name}</li>
      ))}
    </ul>
  ),
}));

const answer = (marketplace: 'us' | 'ca'): ProductHistory => ({
  marketplace,
  asin: 'B000000001',
  currency: marketplace === 'us' ? 'USD' : 'CAD',
  days: 90,
  resolution: 'hour',
  points: [historyPoint({ buybox_price: marketplace === 'us' ? 10 : 19.5 })],
  signals: {
    lowest_price: { price: 19.5, at: '2026-11-20T09:00:00.000Z' },
    highest_price: { price: 19.5, at: '2026-11-20T09:00:00.000Z' },
    days_out_of_stock: 0,
    rank_improvements: 0,
    sandbox_days: 0,
  },
});

afterEach(() => vi.unstubAllGlobals());

describe("an inventory product's history", () => {
  it("opens the report drawer's chart, priced by the inventory's parity, with Watch beside it", async () => {
    const fetch = fakeApi((url) => {
      if (url === `/api/inventories/${INVENTORY_ID}`)
        return { body: inventoryFixture({ products_count: 1 }) };
      if (url.startsWith(`/api/inventories/${INVENTORY_ID}/products`))
        return { body: { products: productsFixture(1), total: 1, page: 1, per_page: 20 } };
      const history = /^\/v1\/products\/(us|ca)\/B000000001\/history\?days=90$/.exec(url);
      if (history) return { body: answer(history[1] as 'us' | 'ca') };
      if (url === '/api/watches') return { body: { watches: [], limit: 100 } };
      return undefined;
    });
    const router = createMemoryRouter(
      [{ path: '/inventories/:inventoryId', element: <InventoryViewPage /> }],
      {
        initialEntries: [`/inventories/${INVENTORY_ID}`],
      },
    );
    render(
      <AppProviders>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </AppProviders>,
    );
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await screen.findByRole('button', { name: 'History of B000000001' }));
    // By its label, not by role and name: computing every element's name on the now larger page (the
    // listings section, its filters) outlasted the query's timeout under jsdom.
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(
        '[role="dialog"][aria-label="Price and rank history of B000000001"]',
      );
      expect(found).not.toBeNull();
      return found!;
    });
    expect(await within(drawer).findByTestId('history-caption')).toHaveTextContent(
      'Prices, offers and sales rank as Amazon showed them in this range.',
    );
    expect(await within(drawer).findByTestId('echarts')).toHaveTextContent('US price');
    expect(within(drawer).getByRole('button', { name: 'Watch' })).toBeInTheDocument();
    // The source's US$10 in the selling currency at the inventory's parity (1.37), its own beside it.
    await user.click(within(drawer).getByText('Table'));
    const tables = within(within(drawer).getByTestId('history-table')).getAllByRole('table');
    expect(within(tables[0]!).getByText('CA$13.70 ($10.00)')).toBeInTheDocument();
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/v1/products/us/B000000001/history?days=90');
    expect(urls).toContain('/v1/products/ca/B000000001/history?days=90');
  });
});
