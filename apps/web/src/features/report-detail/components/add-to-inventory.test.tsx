import { defaultReportSettings, type Inventory } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { meKeys } from '../../account';
import { AddToInventoryCard } from './add-to-inventory';

const REPORT = { id: '3f2a9c1d-0000-4000-8000-000000000001', from_country: 'us', to_country: 'ca' } as const;
const US_CA = '5b0c8e2d-0000-4000-8000-000000000001';
const UK_CA = '5b0c8e2d-0000-4000-8000-000000000002';

const inventory = (id: string, title: string, from: 'us' | 'uk'): Inventory => ({
  id,
  title,
  sell_type: 'fbm',
  from_country: from,
  to_country: 'ca',
  from_marketplace: 'amazon',
  to_marketplace: 'amazon',
  amazon_store_id: null,
  filter_id: null,
  filter_set: null,
  settings: defaultReportSettings(1.37),
  created_at: '2026-11-20T10:00:00.000Z',
  products_count: 0,
  update: {
    status: 'never',
    finished_at: null,
    updated: 0,
    unavailable: 0,
    price_changed: 0,
    next_manual_at: null,
    rates_of: null,
    per_run: 0,
    full_lookup_max_days: 7,
    refreshed_by: null,
  },
});

function addApi(answer: { status?: number; body: unknown }) {
  return fakeApi((url, init) => {
    if (url === '/api/inventories?to_country=ca')
      return { body: [inventory(US_CA, 'Toys for Canada', 'us'), inventory(UK_CA, 'British toys', 'uk')] };
    if (url === `/api/inventories/${US_CA}/products` && init?.method === 'POST') return answer;
    return undefined;
  });
}

function renderCard(
  selected: string[],
  filteredIds: string[],
  client: QueryClient = createQueryClient(),
  loadIds = () => Promise.resolve(filteredIds),
) {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders queryClient={client}>
      <AntApp>
        <MemoryRouter>
          <AddToInventoryCard
            report={REPORT}
            selected={new Set(selected)}
            filteredCount={filteredIds.length}
            loadIds={loadIds}
          />
        </MemoryRouter>
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

const posted = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

async function choose(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByLabelText('Choose an inventory'));
  await user.click(await screen.findByTitle(title));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (i18n.language !== 'en') await changeLanguage('en');
});

describe('Add to Inventory', () => {
  it("offers only the inventories with the report's countries", async () => {
    addApi({ body: {} });
    const { user } = renderCard([], ['B000000001']);
    await user.click(await screen.findByLabelText('Choose an inventory'));
    expect(await screen.findByTitle('Toys for Canada')).toBeInTheDocument();
    expect(screen.queryByTitle('British toys')).toBeNull();
  });

  it('adds the selection and says what happened; the home quota is read again', async () => {
    const fetch = addApi({ body: { added: 2, skipped: 1, remaining: 24_970 } });
    const client = createQueryClient();
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    const { user } = renderCard(['B000000001', 'B000000002', 'B000000003'], ['B000000009'], client);
    await choose(user, 'Toys for Canada');
    await user.click(screen.getByText('Add 3 selected products').closest('button')!);
    expect(
      await screen.findByText(
        "2 products added, 1 already there or skipped. 24,970 left in your plan's inventory quota.",
      ),
    ).toBeInTheDocument();
    expect(posted(fetch)).toEqual([
      {
        url: `/api/inventories/${US_CA}/products`,
        body: { report_id: REPORT.id, product_ids: ['B000000001', 'B000000002', 'B000000003'] },
      },
    ]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: meKeys.all });
  });

  it("List on Amazon adds the selection and opens that inventory's dry run of it", async () => {
    const fetch = addApi({ body: { added: 2, skipped: 0, remaining: 10 } });
    let arrived: { path: string; state: unknown } | null = null;
    function Probe() {
      const location = useLocation();
      arrived = { path: location.pathname, state: location.state };
      return <p>inventory page</p>;
    }
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AntApp>
          <MemoryRouter>
            <Routes>
              <Route
                path="/"
                element={
                  <AddToInventoryCard
                    report={REPORT}
                    selected={new Set(['B000000001', 'B000000002'])}
                    filteredCount={5}
                    loadIds={() => Promise.resolve([])}
                  />
                }
              />
              <Route path="/inventories/:inventoryId" element={<Probe />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </AppProviders>,
    );
    await choose(user, 'Toys for Canada');
    await user.click(screen.getByRole('button', { name: /List on Amazon Canada/ }));
    expect(await screen.findByText('inventory page')).toBeInTheDocument();
    expect(arrived).toEqual({
      path: `/inventories/${US_CA}`,
      state: { dryRun: ['B000000001', 'B000000002'] },
    });
    expect(posted(fetch)).toEqual([
      {
        url: `/api/inventories/${US_CA}/products`,
        body: { report_id: REPORT.id, product_ids: ['B000000001', 'B000000002'] },
      },
    ]);
  });

  it('List on Amazon waits for the pack confirmation before opening the dry run', async () => {
    let call = 0;
    fakeApi((url, init) => {
      if (url === '/api/inventories?to_country=ca')
        return { body: [inventory(US_CA, 'Toys for Canada', 'us')] };
      if (url === `/api/inventories/${US_CA}/products` && init?.method === 'POST') {
        call += 1;
        return {
          body: { added: 1, skipped: call - 1, remaining: 9, pack_left_out: 2 - call },
        };
      }
      return undefined;
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AntApp>
          <MemoryRouter>
            <Routes>
              <Route
                path="/"
                element={
                  <AddToInventoryCard
                    report={REPORT}
                    selected={new Set(['B000000001', 'B000000002'])}
                    filteredCount={5}
                    loadIds={() => Promise.resolve([])}
                  />
                }
              />
              <Route path="/inventories/:inventoryId" element={<p>inventory page</p>} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </AppProviders>,
    );
    await choose(user, 'Toys for Canada');
    await user.click(screen.getByRole('button', { name: /List on Amazon Canada/ }));
    const warning = await screen.findByTestId('pack-left-out');
    expect(screen.queryByText('inventory page')).toBeNull();
    await user.click(within(warning).getByRole('checkbox'));
    await user.click(within(warning).getByRole('button', { name: 'Add 1 product with its pack confirmed' }));
    expect(await screen.findByText('inventory page')).toBeInTheDocument();
  });

  it('adds every filtered product when none is selected', async () => {
    const fetch = addApi({ body: { added: 2, skipped: 0, remaining: 10 } });
    const { user } = renderCard([], ['B000000008', 'B000000009']);
    await choose(user, 'Toys for Canada');
    await user.click(screen.getByText('Add 2 filtered products').closest('button')!);
    await screen.findByTestId('add-to-inventory-outcome');
    expect(posted(fetch)[0]?.body).toEqual({
      report_id: REPORT.id,
      product_ids: ['B000000008', 'B000000009'],
    });
  });

  it('waits for a filtered list still on its way, then adds it', async () => {
    const fetch = addApi({ body: { added: 2, skipped: 0, remaining: 10 } });
    let give: (ids: string[]) => void = () => {};
    const list = new Promise<string[]>((resolve) => (give = resolve));
    const { user } = renderCard([], ['B000000008', 'B000000009'], createQueryClient(), () => list);
    await choose(user, 'Toys for Canada');
    const add = screen.getByText('Add 2 filtered products').closest('button')!;
    await user.click(add);
    expect(add).toHaveClass('ant-btn-loading');
    expect(posted(fetch)).toEqual([]);
    give(['B000000008', 'B000000009']);
    await screen.findByTestId('add-to-inventory-outcome');
    expect(posted(fetch)[0]?.body).toEqual({
      report_id: REPORT.id,
      product_ids: ['B000000008', 'B000000009'],
    });
  });

  it('names the supplier rows left out for their pack and adds them only once the seller confirms', async () => {
    let call = 0;
    const fetch = fakeApi((url, init) => {
      if (url === '/api/inventories?to_country=ca')
        return { body: [inventory(US_CA, 'Toys for Canada', 'us')] };
      if (url === `/api/inventories/${US_CA}/products` && init?.method === 'POST') {
        call += 1;
        return call === 1
          ? { body: { added: 1, skipped: 0, remaining: 99, pack_left_out: 2, pack_confirmed: 0 } }
          : { body: { added: 2, skipped: 1, remaining: 97, pack_left_out: 0, pack_confirmed: 0 } };
      }
      return undefined;
    });
    const ids = ['B000000001', 'B000000002', 'B000000003'];
    const { user } = renderCard(ids, []);
    await choose(user, 'Toys for Canada');
    await user.click(screen.getByText('Add 3 selected products').closest('button')!);
    const warning = await screen.findByTestId('pack-left-out');
    expect(warning).toHaveTextContent(
      "2 products were left out: Amazon's pack differs from the supplier's or is not stated",
    );
    const confirm = within(warning).getByText('Add 2 products with their packs confirmed').closest('button')!;
    expect(confirm).toBeDisabled();
    await user.click(
      within(warning).getByLabelText(
        'I checked the packs of these 2 products and their buy prices are right',
      ),
    );
    await user.click(confirm);
    expect(
      await screen.findByText(
        "2 products added, 1 already there or skipped. 97 left in your plan's inventory quota.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('pack-left-out')).toBeNull();
    expect(posted(fetch).map((p) => p.body)).toEqual([
      { report_id: REPORT.id, product_ids: ids },
      { report_id: REPORT.id, product_ids: ids, confirm_pack: true },
    ]);
  });

  it("says how many still fit when the plan's quota refuses them", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    addApi({
      status: 409,
      body: {
        error: {
          code: 'inventory_quota',
          message: "Your plan's inventory quota allows 5 more products.",
          key: 'validation.inventory.quotaExceeded',
          params: { remaining: 5 },
          remaining: 5,
        },
      },
    });
    await changeLanguage('tr');
    const { user } = renderCard(['B000000001', 'B000000002'], []);
    await user.click(await screen.findByLabelText('Bir envanter seçin'));
    await user.click(await screen.findByTitle('Toys for Canada'));
    await user.click(screen.getByText('Seçili 2 ürünü ekle').closest('button')!);
    expect(
      await screen.findByText('Planınızın envanter kotası 5 ürün daha eklemenize izin veriyor.'),
    ).toBeInTheDocument();
  });

  it('creates an inventory over the report with its countries, then adds the selection to it', async () => {
    const NEW_ID = '5b0c8e2d-0000-4000-8000-000000000003';
    let created = false;
    const fetch = fakeApi((url, init) => {
      if (url === '/api/exchange-rates')
        return { body: { source: 'fixed', as_of: null, rates: { USD: 1, CAD: 1.4, GBP: 0.8 } } };
      if (url === '/api/filter-sets') return { body: [] };
      if (url === '/api/inventories' && init?.method === 'POST') {
        created = true;
        return { status: 201, body: inventory(NEW_ID, 'Fresh for Canada', 'us') };
      }
      if (url === '/api/inventories?to_country=ca')
        return { body: created ? [inventory(NEW_ID, 'Fresh for Canada', 'us')] : [] };
      if (url === `/api/inventories/${NEW_ID}/products` && init?.method === 'POST')
        return { body: { added: 1, skipped: 0, remaining: 9 } };
      return undefined;
    });
    const { user } = renderCard(['B000000001'], ['B000000001', 'B000000002']);
    expect(await screen.findByText('You have no inventory for these countries yet.')).toBeInTheDocument();
    // A button, not a link away: the report and its selection stay.
    expect(screen.queryByRole('link', { name: 'Create New Inventory' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create New Inventory' }));
    const drawer = await screen.findByRole('dialog');
    const shown = (label: string) => within(drawer).getByLabelText(label).closest('.ant-form-item')!;
    // The report's countries, the selling one included.
    expect(shown('Selling country')).toHaveTextContent('Canada (CA)');
    expect(shown('Buying country')).toHaveTextContent('United States (US)');
    await user.type(within(drawer).getByLabelText('Inventory Name'), 'Fresh for Canada');
    await user.click(within(drawer).getByText('Create').closest('button')!);
    await waitFor(() =>
      expect(posted(fetch)[0]?.body).toMatchObject({ from_country: 'us', to_country: 'ca' }),
    );
    // The new inventory is chosen, and the selection goes into it.
    const add = await screen.findByRole('button', { name: /Add 1 selected product/ });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() =>
      expect(posted(fetch)).toContainEqual({
        url: `/api/inventories/${NEW_ID}/products`,
        body: { report_id: REPORT.id, product_ids: ['B000000001'] },
      }),
    );
  });
});
