import { defaultReportSettings, type AmazonConnection, type Inventory } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi, meFixture } from '../../../test/fake-api';
import { CreateReportDrawer } from './create-report-drawer';

type Answer = { status?: number; body: unknown };

const row = (region: AmazonConnection['region'], required = false): AmazonConnection => ({
  region,
  status: 'not_connected',
  selling_partner_id: null,
  connected_at: null,
  renew_by: null,
  required,
  not_selling_in: [],
});

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
const US_CA = '5b0c8e2d-0000-4000-8000-000000000001';
const LIST_ID = '7c1d2e3f-0000-4000-8000-000000000001';
const UPLOADED = [
  {
    id: LIST_ID,
    supplier: {
      id: '7c1d2e3f-0000-4000-8000-000000000002',
      name: 'Acme Wholesale',
      country: 'us',
      currency: 'USD',
    },
    file_name: 'acme.csv',
    format: 'csv',
    country: 'us',
    created_at: '2026-11-20T10:00:00.000Z',
    prices_include_tax: false,
    total: 42,
    good: 40,
    bad_count: 2,
  },
];

/** The seller, their Amazon connections (`required` for these regions) and what POST /api/reports answers. */
function drawerApi(required: AmazonConnection['region'][], created?: Answer) {
  return fakeApi((url, init) => {
    if (url === '/api/me') return { body: meFixture() };
    if (url.startsWith('/api/inventories'))
      return {
        body: [
          inventory(US_CA, 'Canada restock', 'us'),
          inventory('5b0c8e2d-0000-4000-8000-000000000002', 'From the UK', 'uk'),
        ],
      };
    if (url === '/api/amazon/connections')
      return { body: (['na', 'eu', 'fe'] as const).map((r) => row(r, required.includes(r))) };
    if (url === '/api/reports' && init?.method === 'POST') return created;
    if (url === '/api/supplier-lists' && init?.method !== 'POST') return { body: { data: UPLOADED } };
    return undefined;
  });
}

function renderDrawer() {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <MemoryRouter>
          <CreateReportDrawer open onClose={() => undefined} onCreated={() => undefined} />
        </MemoryRouter>
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

async function pickSelling(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByRole('combobox', { name: 'Selling Country' }));
  await user.click(await screen.findByTitle(title));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Create New Report drawer and Amazon connections', () => {
  it('asks to connect the region of the chosen countries when this server needs the seller’s own', async () => {
    drawerApi(['eu']);
    const { user } = renderDrawer();
    await screen.findByRole('combobox', { name: 'Selling Country' });
    await pickSelling(user, 'Canada (CA)');
    expect(screen.queryByTestId('amazon-connect-prompt')).toBeNull();
    await pickSelling(user, 'United Kingdom (GB)');
    const prompt = await screen.findByTestId('amazon-connect-prompt');
    expect(prompt).toHaveTextContent('Connect your Amazon account for Europe to send reports there.');
    expect(within(prompt).getByRole('link', { name: 'Connect in Settings' })).toHaveAttribute(
      'href',
      '/settings/amazon',
    );
  });

  it('says which region to connect when the server refuses the report for want of it', async () => {
    const fetchMock = drawerApi([], {
      status: 409,
      body: {
        error: {
          code: 'amazon_not_connected',
          key: 'apiErrors.amazonNotConnected',
          // The server's English name; the drawer says the region in the reader's language instead.
          params: { region: 'Server Name' },
          region: 'na',
          message: 'Connect your Amazon account for Server Name first.',
        },
      },
    });
    const { user } = renderDrawer();
    await screen.findByRole('combobox', { name: 'Selling Country' });
    await pickSelling(user, 'Canada (CA)');
    await user.type(screen.getByRole('textbox', { name: 'Product IDs (one per line)' }), 'B0E2E00001');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const failed = await screen.findByTestId('report-failed');
    expect(failed).toHaveTextContent(
      'Connect your Amazon account for North America in Settings → Amazon account before sending a report there. Nothing was spent.',
    );
    expect(failed).not.toHaveTextContent('Failed. Please try again later.');
    expect(within(failed).getByRole('link', { name: 'Connect in Settings' })).toHaveAttribute(
      'href',
      '/settings/amazon',
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/reports' && init?.method === 'POST')).toBe(
        true,
      ),
    );
  });

  it('prices the report with the inventory chosen under "Price with", of these countries only', async () => {
    const fetchMock = drawerApi([], {
      status: 201,
      body: {
        report_id: '3f2a9c1d-0000-4000-8000-000000000001',
        sent: 1,
        valid: 1,
        repetitive: 0,
        invalid: 0,
      },
    });
    const { user } = renderDrawer();
    await screen.findByRole('combobox', { name: 'Selling Country' });
    await pickSelling(user, 'Canada (CA)');
    await user.click(screen.getByRole('combobox', { name: 'Price with' }));
    await user.click(await screen.findByTitle('Canada restock'));
    // Chosen by default, and the inventory of another buying country is not offered.
    expect(screen.getAllByTitle('My default settings').length).toBeGreaterThan(0);
    expect(screen.queryByTitle('From the UK')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Product IDs (one per line)' }), 'B0E2E00001');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => {
      const post = fetchMock.mock.calls.find(([u, init]) => u === '/api/reports' && init?.method === 'POST');
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ inventory_id: US_CA, to_country: 'ca' });
    });
  });

  it('prices a supplier report from a list already uploaded, without uploading it again (issue 62)', async () => {
    const fetchMock = drawerApi([], {
      status: 201,
      body: {
        report_id: '3f2a9c1d-0000-4000-8000-000000000002',
        sent: 40,
        valid: 40,
        repetitive: 0,
        invalid: 0,
      },
    });
    const { user } = renderDrawer();
    await screen.findByRole('combobox', { name: 'Selling Country' });
    await pickSelling(user, 'Canada (CA)');
    await user.click(screen.getByRole('radio', { name: 'Supplier price list' }));
    await user.click(await screen.findByRole('radio', { name: 'Use a list already uploaded' }));
    // Nothing chosen yet: the drawer says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('report-failed')).toHaveTextContent('Choose one of your price lists');
    await user.click(screen.getByRole('combobox', { name: 'Uploaded list' }));
    await user.click(await screen.findByTitle('Acme Wholesale — acme.csv (US, Nov 20, 2026, 40 lines)'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => {
      const post = fetchMock.mock.calls.find(([u, init]) => u === '/api/reports' && init?.method === 'POST');
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
        source: 'supplier_list',
        supplier_list_id: LIST_ID,
        from_country: 'us',
        to_country: 'ca',
      });
    });
    expect(
      fetchMock.mock.calls.some(([u, init]) => u === '/api/supplier-lists' && init?.method === 'POST'),
    ).toBe(false);
  });
});
