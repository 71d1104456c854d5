import type { Inventory, InventoryUpdateState, Listing, ListingsView } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import '../../i18n';
import { fakeApi } from '../../test/fake-api';
import { InventoryViewPage } from './inventory-view-page';
import { INVENTORY_ID, inventoryFixture, productsFixture } from './test/fixtures';

const BASE = `/api/inventories/${INVENTORY_ID}`;
const PER_PAGE = 20;

function renderAt(path = `/inventories/${INVENTORY_ID}`) {
  const router = createMemoryRouter(
    [
      { path: '/inventories/:inventoryId', element: <InventoryViewPage /> },
      { path: '/inventories/:inventoryId/settings', element: <p>settings</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>,
  );
  return { router, user };
}

/** The inventory with `total` products, answered a page at a time; other calls go to `more`. */
function viewApi(
  total: number,
  inventory: Partial<Inventory> = {},
  more: (url: string, init?: RequestInit) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  return fakeApi((url, init) => {
    if (url === BASE) return { body: inventoryFixture({ products_count: total, ...inventory }) };
    const products = /^.+\/products\?page=(\d+)&per_page=(\d+)$/.exec(url);
    if (products && url.startsWith(BASE) && (init?.method ?? 'GET') === 'GET') {
      const page = Number(products[1]);
      const from = (page - 1) * PER_PAGE;
      return {
        body: {
          products: productsFixture(Math.max(0, Math.min(PER_PAGE, total - from)), from + 1),
          total,
          page,
          per_page: PER_PAGE,
        },
      };
    }
    return more(url, init);
  });
}

const state = (overrides: Partial<InventoryUpdateState>): InventoryUpdateState => ({
  status: 'done',
  finished_at: '2026-11-22T09:00:00.000Z',
  updated: 3,
  unavailable: 1,
  price_changed: 2,
  next_manual_at: null,
  rates_of: null,
  per_run: 3,
  refreshed_by: '2026-11-23T09:00:00.000Z',
  full_lookup_max_days: 7,
  ...overrides,
});

const updateNow = () => screen.getByText('Update now').closest('button')!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the inventory view', () => {
  it('shows the breadcrumb, the count and one page of products without a pager', async () => {
    viewApi(3);
    renderAt();
    expect(await screen.findByTestId('products-count')).toHaveTextContent('Products: 3');
    const crumbs = screen.getByRole('navigation');
    expect(within(crumbs).getByRole('link', { name: 'Inventories' })).toHaveAttribute('href', '/inventories');
    expect(within(crumbs).getByText('Toys for Canada 5b0c8e2d')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /^B000000001/ });
    expect(link).toHaveAttribute('href', 'https://www.amazon.ca/dp/B000000001');
    expect(screen.getAllByText('Available')).toHaveLength(2);
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    // Why: the source sold out (Amazon answered that nobody offers it there).
    expect(screen.getByTestId('unavailable-reason')).toHaveTextContent(
      'Buying country: Product out of stock in this marketplace',
    );
    expect(screen.getByText('CA$12.50')).toBeInTheDocument();
    // Its title, landed cost and profit at the standard price, each under its column.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Title', 'Cost', 'Profit at Std Price']));
    const first = within(link.closest('tr')!);
    expect(first.getByText('Wooden toy 1')).toBeInTheDocument();
    expect(first.getByText('CA$8.00')).toBeInTheDocument();
    expect(first.getByText('CA$2.50')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.getByText('Not updated yet', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Toys for Canada');
  });

  it("shows when each product was last refreshed, and when all will have been at Amazon's pace", async () => {
    viewApi(45, { update: state({ per_run: 20, refreshed_by: '2026-11-25T01:15:00.000Z' }) });
    renderAt();
    expect(await screen.findByRole('columnheader', { name: 'Last refreshed' })).toBeInTheDocument();
    const refreshed = await screen.findAllByText((_, el) => el?.tagName === 'TIME');
    expect(refreshed[0]).toHaveAttribute('datetime', '2026-11-21T10:00:00.000Z');
    expect(screen.getByTestId('update-refreshed-by')).toHaveTextContent(/^11\/25\/2026 /);
    expect(screen.getByTestId('update-pace')).toHaveTextContent('each run refreshes 20 products');
  });

  it('shows when each product was last looked up in full, and flags lowest offers older than the plan', async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const [recent, old, undated] = productsFixture(3);
    fakeApi((url) => {
      if (url === BASE)
        return { body: inventoryFixture({ products_count: 3, update: state({ full_lookup_max_days: 7 }) }) };
      if (url.startsWith(`${BASE}/products?`))
        return {
          body: {
            products: [
              { ...recent, full_lookup_at: daysAgo(1) },
              { ...old, full_lookup_at: daysAgo(10) },
              { ...undated, full_lookup_at: null },
            ],
            total: 3,
            page: 1,
            per_page: PER_PAGE,
          },
        };
      return undefined;
    });
    renderAt();
    expect(await screen.findByRole('columnheader', { name: 'Last full lookup' })).toBeInTheDocument();
    expect(screen.getByTestId('update-full-lookup')).toHaveTextContent('at least every 7 days');
    await screen.findByText('B000000002');
    const row = (code: string) => screen.getByText(code).closest('tr')!;
    expect(
      await within(row('B000000001')).findByText(
        (_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') !== recent!.updated_at,
      ),
    ).toBeInTheDocument();
    expect(within(row('B000000001')).queryByText(/^Lowest offers from/)).toBeNull();
    expect(within(row('B000000002')).getByText(/^Lowest offers from /)).toHaveAttribute(
      'title',
      expect.stringContaining("Older than this inventory's 7-day plan"),
    );
    // Updated before full lookups were dated: its lowest offers' age is unknown, and it says so.
    expect(within(row('B000000003')).getByText('Lowest offers of unknown age')).toBeInTheDocument();
  });

  it('says nothing of the pace while one run refreshes every product', async () => {
    viewApi(3, { update: state({ per_run: 3, refreshed_by: '2026-11-24T01:15:00.000Z' }) });
    renderAt();
    expect(await screen.findByTestId('update-refreshed-by')).toBeInTheDocument();
    expect(screen.queryByTestId('update-pace')).toBeNull();
  });

  it('pages through more products than one page holds', async () => {
    const fetch = viewApi(45);
    const { router, user } = renderAt();
    expect(await screen.findByText('B000000020')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('B000000021')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getAllByText('21')).not.toHaveLength(0);
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(`${BASE}/products?page=2&per_page=20`);
  });

  it('shows the last update and waits with Update now until the next allowed time', async () => {
    const next = new Date(Date.now() + 40 * 60_000).toISOString();
    viewApi(3, { update: state({ next_manual_at: next }) });
    renderAt();
    expect(await screen.findByTestId('update-updated')).toHaveTextContent('3');
    expect(screen.getByTestId('update-unavailable')).toHaveTextContent('1');
    expect(screen.getByTestId('update-price-changed')).toHaveTextContent('2');
    expect(updateNow()).toBeDisabled();
    expect(screen.getByTestId('next-update')).toHaveTextContent(
      /You can update again at .+ \(in 40 minutes\)\./,
    );
  });

  it('says which rates the last update priced with, and of what day (issue 59)', async () => {
    viewApi(3, { update: state({ rates_of: { source: 'ecb', as_of: '2026-11-28' } }) });
    renderAt();
    expect(await screen.findByTestId('rates-of')).toHaveTextContent('Rates of 28 November 2026, ECB');
  });

  it('queues an update and follows it while it is under way', async () => {
    let current = state({});
    const fetch = fakeApi((url, init) => {
      if (url === BASE) return { body: inventoryFixture({ products_count: 0, update: current }) };
      if (url.startsWith(`${BASE}/products?`))
        return { body: { products: [], total: 0, page: 1, per_page: PER_PAGE } };
      if (url === `${BASE}/update` && init?.method === 'POST') {
        current = state({ status: 'queued' });
        return { status: 202, body: current };
      }
      return undefined;
    });
    const { user } = renderAt();
    await waitFor(() => expect(updateNow()).toBeEnabled());
    await user.click(updateNow());
    expect(await screen.findByText('The update is queued.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('update-status')).toHaveTextContent('Queued'));
    expect(updateNow()).toBeDisabled();
    // Read again while it is queued or running; done, the button comes back.
    current = state({ status: 'done', updated: 9 });
    await waitFor(() => expect(screen.getByTestId('update-updated')).toHaveTextContent('9'), {
      timeout: 8000,
    });
    expect(updateNow()).toBeEnabled();
    expect(fetch.mock.calls.filter(([url]) => url === BASE).length).toBeGreaterThan(2);
  });

  it('says when a too-early update may be asked again', async () => {
    const next = new Date(Date.now() + 25 * 60_000).toISOString();
    viewApi(3, { update: state({}) }, (url, init) =>
      url === `${BASE}/update` && init?.method === 'POST'
        ? {
            status: 429,
            body: {
              error: {
                code: 'update_too_soon',
                message: 'This inventory was updated recently. You can update it again after 14:30.',
                key: 'validation.inventory.updateTooSoon',
                params: { when: 'after 14:30' },
                next_manual_at: next,
              },
            },
          }
        : undefined,
    );
    const { user } = renderAt();
    await waitFor(() => expect(updateNow()).toBeEnabled());
    await user.click(updateNow());
    expect(
      await screen.findByText('This inventory was updated recently. You can update it again in 25 minutes.'),
    ).toBeInTheDocument();
  });

  it('says which Amazon region to connect when the update is refused for want of it', async () => {
    viewApi(3, { update: state({}) }, (url, init) =>
      url === `${BASE}/update` && init?.method === 'POST'
        ? {
            status: 409,
            body: {
              error: {
                code: 'amazon_not_connected',
                key: 'apiErrors.amazonNotConnected',
                // The server's English name: the page says the region in the reader's language instead.
                params: { region: 'Server Name' },
                region: 'na',
                message: 'Connect your Amazon account for Server Name first.',
              },
            },
          }
        : undefined,
    );
    const { user } = renderAt();
    await waitFor(() => expect(updateNow()).toBeEnabled());
    await user.click(updateNow());
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(
      'Connect your Amazon account for North America in Settings → Amazon account before sending a report there.',
    );
    expect(within(problem).getByRole('link', { name: 'Connect in Settings' })).toHaveAttribute(
      'href',
      '/settings/amazon',
    );
  });

  it('removes the selected products after asking, which frees quota', async () => {
    let removed: unknown = null;
    viewApi(3, {}, (url, init) => {
      if (url === `${BASE}/products` && init?.method === 'DELETE') {
        removed = JSON.parse(String(init.body));
        return { body: { removed: 2, remaining: 24_970 } };
      }
      return undefined;
    });
    const { user } = renderAt();
    const remove = () => screen.getByText('Remove from inventory').closest('button')!;
    await screen.findByText('B000000001');
    expect(remove()).toBeDisabled();
    await user.click(screen.getByLabelText('Select B000000001'));
    await user.click(screen.getByLabelText('Select B000000003'));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('2 products selected');
    await user.click(remove());
    expect(await screen.findAllByText('Remove 2 products from this inventory?')).not.toHaveLength(0);
    await user.click(screen.getByText('Yes').closest('button')!);
    expect(
      await screen.findByText("2 products removed. 24,970 left in your plan's inventory quota."),
    ).toBeInTheDocument();
    expect(removed).toEqual({ product_ids: ['B000000001', 'B000000003'] });
    expect(screen.getByTestId('selected-count')).toHaveTextContent('0 products selected');
  });

  it('asks what happens on Amazon when a selected product is listed there, and sends the choice', async () => {
    let removed: unknown = null;
    const listing = (product_id: string, state: Listing['state']): Listing => ({
      product_id,
      sku: `SS-${product_id}`,
      marketplace_id: 'A2EUQ1WTGCTBG2',
      state,
      price: 30,
      min_price: 20,
      max_price: 40,
      quantity: 4,
      pushed_at: '2026-11-20T10:00:00.000Z',
      issues: [],
      drift: null,
      kept_from_amazon: [],
    });
    viewApi(3, {}, (url, init) => {
      if (url === `${BASE}/listings`) {
        // B000000001 is live; B000000002's listing was deleted before; B000000003 was never listed.
        const listings = [listing('B000000001', 'live'), listing('B000000002', 'removed')];
        const sync = { enabled: true, paused: false, account_paused: false, hold: null };
        return { body: { sync, listings, last_run: null } satisfies ListingsView };
      }
      if (url === `${BASE}/products` && init?.method === 'DELETE') {
        removed = JSON.parse(String(init.body));
        return { body: { removed: 3, remaining: 24_970 } };
      }
      return undefined;
    });
    const { user } = renderAt();
    await screen.findByText('SS-B000000001');
    for (const code of ['B000000001', 'B000000002', 'B000000003'])
      await user.click(screen.getByLabelText(`Select ${code}`));
    await user.click(screen.getByText('Remove from inventory').closest('button')!);
    const question = await screen.findByTestId('listing-removal');
    expect(question).toHaveTextContent(
      '1 of these products is listed on Amazon. What should happen to its offer?',
    );
    const group = within(question).getByRole('radiogroup', { name: /listed on Amazon/ });
    const zero = within(group).getByRole('radio', { name: /Set the Amazon quantity to 0/ });
    expect(zero).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Delete the listing on Amazon' }));
    await user.click(screen.getByText('Yes').closest('button')!);
    await screen.findByText("3 products removed. 24,970 left in your plan's inventory quota.");
    expect(removed).toEqual({
      product_ids: ['B000000001', 'B000000002', 'B000000003'],
      on_amazon: 'delete',
    });
  });

  it("says so when the inventory is not the user's", async () => {
    fakeApi(() => undefined);
    renderAt();
    expect(await screen.findByText('This inventory was not found.')).toBeInTheDocument();
  });
});
