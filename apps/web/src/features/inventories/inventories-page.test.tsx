import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import '../../i18n';
import { fakeApi } from '../../test/fake-api';
import { InventoriesPage } from './inventories-page';
import { FILTER_SET_ID, INVENTORY_ID, inventoryFixture } from './test/fixtures';

function renderAt(path: string) {
  const router = createMemoryRouter(
    ['/inventories', '/inventories/new', '/inventories/:inventoryId/settings'].map((p) => ({
      path: p,
      element: <InventoriesPage />,
    })),
    { initialEntries: [path] },
  );
  // Ant Design's styles make the pointer-events check (getComputedStyle up the tree) slow in jsdom.
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

const callsTo = (fetch: ReturnType<typeof fakeApi>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Inventories list', () => {
  it('explains inventories and says there is none yet', async () => {
    fakeApi((url) => (url === '/api/inventories' ? { body: [] } : undefined));
    renderAt('/inventories');
    expect(await screen.findByText('There is no inventory, yet.')).toBeInTheDocument();
    expect(
      screen.getByText('After creating an inventory, you can add products to it from your reports page.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('inventories-explanation')).toHaveTextContent(/apply them to reports faster/);
    expect(screen.getByRole('heading', { name: 'Inventories' })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Inventories');
  });

  it('lists an inventory with its countries, filter set, products and last update', async () => {
    fakeApi((url) =>
      url === '/api/inventories'
        ? {
            body: [
              inventoryFixture({
                filter_id: FILTER_SET_ID,
                filter_set: { id: FILTER_SET_ID, name: 'Cheap toys', filters_count: 2 },
                products_count: 30,
                update: {
                  status: 'done',
                  finished_at: '2026-11-22T09:00:00.000Z',
                  updated: 30,
                  unavailable: 4,
                  price_changed: 7,
                  next_manual_at: null,
                  rates_of: null,
                  per_run: 30,
                  full_lookup_max_days: 7,
                  refreshed_by: '2026-11-23T09:00:00.000Z',
                },
              }),
            ],
          }
        : undefined,
    );
    renderAt('/inventories');
    const row = (await screen.findByText('Toys for Canada')).closest('tr')!;
    expect(within(row).getByText('5b0c8e2d')).toBeInTheDocument();
    // SVG flags (emoji flags are letters on Windows), each beside its code.
    expect([...row.querySelectorAll('svg[data-flag]')].map((f) => f.getAttribute('data-flag'))).toEqual([
      'us',
      'ca',
    ]);
    expect(row).toHaveTextContent(/US.*CA/);
    expect(within(row).getByText('Cheap toys')).toBeInTheDocument();
    expect(within(row).getByText('2 filters')).toBeInTheDocument();
    expect(within(row).getByText('30 products')).toBeInTheDocument();
    expect(within(row).getByText('Updated')).toBeInTheDocument();
    expect(within(row).getByText('30 updated, 4 unavailable now, 7 price changed')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Toys for Canada' })).toHaveAttribute(
      'href',
      `/inventories/${INVENTORY_ID}`,
    );
  });

  it('asks before deleting, then says Inventory Deleted', async () => {
    let deleted = false;
    const fetch = fakeApi((url, init) => {
      if (url === '/api/inventories') return { body: deleted ? [] : [inventoryFixture()] };
      if (url.startsWith(`/api/inventories/${INVENTORY_ID}?`) && init?.method === 'DELETE') {
        deleted = true;
        return { body: null }; // the server answers 204; fake-api cannot build an empty Response
      }
      return undefined;
    });
    const { user } = renderAt('/inventories');
    await user.click(await screen.findByRole('button', { name: 'Actions for Toys for Canada' }));
    await user.click(await screen.findByText('Delete'));
    const question = 'This action will delete your inventory and settings. Are you sure?';
    expect(await screen.findAllByText(question)).not.toHaveLength(0);
    await user.click(screen.getByText('Yes').closest('button')!);
    expect(await screen.findByText('Inventory Deleted')).toBeInTheDocument();
    expect(callsTo(fetch, 'DELETE').map(([url]) => String(url))).toEqual([
      `/api/inventories/${INVENTORY_ID}?on_amazon=quantity_zero`,
    ]);
    expect(await screen.findByText('There is no inventory, yet.')).toBeInTheDocument();
  });

  it('asks what becomes of its offers on Amazon, and says they are being taken down', async () => {
    const fetch = fakeApi((url, init) => {
      if (url === '/api/inventories') return { body: [inventoryFixture()] };
      if (url.startsWith(`/api/inventories/${INVENTORY_ID}?`) && init?.method === 'DELETE')
        return { status: 202, body: { on_amazon: 'delete', listings: 3 } };
      return undefined;
    });
    const { user } = renderAt('/inventories');
    await user.click(await screen.findByRole('button', { name: 'Actions for Toys for Canada' }));
    await user.click(await screen.findByText('Delete'));
    expect(
      await screen.findByText(/If it has offers on Amazon, what should happen to them\?/),
    ).toBeInTheDocument();
    const question = screen.getByTestId('listing-removal');
    expect(within(question).getByRole('radio', { name: /quantity to 0/ })).toBeChecked();
    await user.click(within(question).getByRole('radio', { name: 'Delete the listing on Amazon' }));
    await user.click(screen.getByText('Yes').closest('button')!);
    expect(
      await screen.findByText(
        'Deleting 3 listings on Amazon. The inventory goes once Amazon has confirmed it.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetch, 'DELETE').map(([url]) => String(url))).toEqual([
      `/api/inventories/${INVENTORY_ID}?on_amazon=delete`,
    ]);
  });

  it('keeps the inventory when the question is answered No', async () => {
    const fetch = fakeApi((url) => (url === '/api/inventories' ? { body: [inventoryFixture()] } : undefined));
    const { user } = renderAt('/inventories');
    await user.click(await screen.findByRole('button', { name: 'Actions for Toys for Canada' }));
    await user.click(await screen.findByText('Delete'));
    await user.click((await screen.findByText('No')).closest('button')!);
    await waitFor(() =>
      expect(
        screen.queryByText('This action will delete your inventory and settings. Are you sure?'),
      ).toBeNull(),
    );
    expect(callsTo(fetch, 'DELETE')).toHaveLength(0);
  });

  it('says so when the delete fails', async () => {
    fakeApi((url, init) => {
      if (url === '/api/inventories') return { body: [inventoryFixture()] };
      if (init?.method === 'DELETE')
        return { status: 500, body: { error: { code: 'internal', message: 'boom' } } };
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderAt('/inventories');
    await user.click(await screen.findByRole('button', { name: 'Actions for Toys for Canada' }));
    await user.click(await screen.findByText('Delete'));
    await user.click((await screen.findByText('Yes')).closest('button')!);
    expect(await screen.findByText('An error occured. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Toys for Canada')).toBeInTheDocument();
  });

  it('opens the Create New drawer at /inventories/new and returns to the list when closed', async () => {
    fakeApi((url) => (url === '/api/inventories' || url === '/api/filter-sets' ? { body: [] } : undefined));
    const { router, user } = renderAt('/inventories');
    await user.click(await screen.findByRole('button', { name: /Create New/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventories/new'));
    expect(await screen.findByText('Create New Inventory')).toBeInTheDocument();
    expect(await screen.findByTestId('inventory-form')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventories'));
  });

  it('opens the Settings drawer of an inventory from its menu', async () => {
    fakeApi((url) => {
      if (url === '/api/inventories') return { body: [inventoryFixture()] };
      if (url === `/api/inventories/${INVENTORY_ID}`) return { body: inventoryFixture() };
      if (url === '/api/filter-sets') return { body: [] };
      return undefined;
    });
    const { router, user } = renderAt('/inventories');
    await user.click(await screen.findByRole('button', { name: 'Actions for Toys for Canada' }));
    await user.click(await screen.findByText('Settings'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inventories/${INVENTORY_ID}/settings`));
    expect(await screen.findByText('Inventory Settings')).toBeInTheDocument();
    expect(await screen.findByLabelText<HTMLInputElement>('Inventory Name')).toHaveValue('Toys for Canada');
  });

  it("says so when the inventory to edit is not the user's", async () => {
    fakeApi((url) => (url === '/api/inventories' ? { body: [] } : undefined));
    renderAt(`/inventories/${INVENTORY_ID}/settings`);
    expect(await screen.findByText('This inventory was not found.')).toBeInTheDocument();
  });
});
