import { INVENTORY_LIMITS } from '@crossmarket/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import '../../i18n';
import { fakeApi, meFixture } from '../../test/fake-api';
import { InventoryForm } from './components/inventory-form';
import { UpdatePanel } from './components/update-panel';
import { InventoriesPage } from './inventories-page';
import { INVENTORY_ID, inventoryFixture } from './test/fixtures';

/** The signed-in account on the Small plan. */
function smallPlanMe() {
  const me = meFixture();
  return { ...me, user_data: { ...me.user_data, plan: { ...me.user_data.plan, code: 'S', name: 'Small' } } };
}

const id = (i: number) => `5b0c8e2d-0000-4000-8000-${String(i).padStart(12, '0')}`;
const inventoriesOf = (n: number) =>
  Array.from({ length: n }, (_, i) => inventoryFixture({ id: id(i), title: `Inventory ${i}` }));
function renderPage(path: string, element: React.ReactNode, pattern = path) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the plan's limits on the pages", () => {
  it('the Inventories page says the limit is reached and offers no Create New', async () => {
    const limit = INVENTORY_LIMITS.S;
    fakeApi((url) => {
      if (url === '/api/me') return { body: smallPlanMe() };
      if (url === '/api/inventories') return { body: inventoriesOf(limit) };
      return undefined;
    });
    renderPage('/inventories', <InventoriesPage />);
    expect(await screen.findByTestId('inventories-limit')).toHaveTextContent(
      `Your plan allows ${limit} inventories. Delete one to create another, or upgrade your plan.`,
    );
    expect(screen.getByText('Create New').closest('button')).toBeDisabled();
  });

  it('the Inventories page says nothing below the limit', async () => {
    fakeApi((url) => {
      if (url === '/api/me') return { body: smallPlanMe() };
      if (url === '/api/inventories') return { body: inventoriesOf(INVENTORY_LIMITS.S - 1) };
      return undefined;
    });
    renderPage('/inventories', <InventoriesPage />);
    expect(await screen.findByText('Inventory 0')).toBeInTheDocument();
    expect(screen.queryByTestId('inventories-limit')).toBeNull();
    expect(screen.getByText('Create New').closest('button')).toBeEnabled();
  });

  it("a refused create shows the server's limit message, not only Failed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi((url, init) => {
      if (url === `/api/inventories/${INVENTORY_ID}` && init?.method === 'PATCH')
        return {
          status: 409,
          body: {
            error: {
              code: 'inventory_limit',
              message: 'Your plan allows 20 inventories. Delete one to create another, or upgrade your plan.',
              key: 'validation.inventory.limitReached',
              params: { limit: 20 },
              limit: 20,
            },
          },
        };
      return undefined;
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <AppProviders>
        <AntApp>
          <InventoryForm inventory={inventoryFixture()} onSaved={() => {}} />
        </AntApp>
      </AppProviders>,
    );
    await user.click(screen.getByText('Save').closest('button')!);
    expect(
      await screen.findByText(
        'Your plan allows 20 inventories. Delete one to create another, or upgrade your plan.',
      ),
    ).toBeInTheDocument();
  });

  it('"Update now" says when the hour’s updates across inventories are used up', async () => {
    const retryAt = new Date(Date.now() + 40 * 60_000).toISOString();
    fakeApi((url, init) =>
      url === `/api/inventories/${INVENTORY_ID}/update` && init?.method === 'POST'
        ? {
            status: 429,
            body: {
              error: {
                code: 'update_limit',
                message: 'You can ask for 10 inventory updates an hour. You can ask again after 14:30.',
                key: 'validation.inventory.updateLimit',
                params: { max: 10, when: 'after 14:30' },
                max: 10,
                retry_at: retryAt,
              },
            },
          }
        : undefined,
    );
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <AppProviders>
        <AntApp>
          <UpdatePanel inventory={inventoryFixture({ products_count: 3 })} />
        </AntApp>
      </AppProviders>,
    );
    const button = screen.getByText('Update now').closest('button')!;
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(
      await screen.findByText(
        'You can ask for 10 inventory updates an hour. You can ask again in 40 minutes.',
      ),
    ).toBeInTheDocument();
  });
});
