import {
  buildAutoPriceFile,
  buildInventoryFile,
  DEFAULT_EXPORT_OPTIONS,
  defaultReportSettings,
  selectExportItems,
  type ExportOptions,
} from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi, meFixture } from '../../../test/fake-api';
import { ApiError } from '../../../lib/api-client';
import type { ExportRow } from '../api/exports';
import type { ReportDetail } from '../api/report';
import type * as Download from './download';
import { ExportDrawer } from './export-drawer';

// The real file names; the browser download itself is replaced so that the files can be read back.
const downloads = vi.hoisted(() => ({ downloadText: vi.fn<(fileName: string, text: string) => void>() }));
vi.mock('./download', async (importOriginal) => ({
  ...(await importOriginal<typeof Download>()),
  downloadText: downloads.downloadText,
}));

const DAY = '2026-11-23';
const REPORT_ID = '3f2a9c1d-0000-4000-8000-000000000001';

function reportFixture(overrides: Partial<ReportDetail> = {}): ReportDetail {
  return {
    id: REPORT_ID,
    title: 'US to CA',
    type: 'product-analysis',
    created_at: '2026-11-20T10:00:00Z',
    finish_at: '2026-11-20T10:30:00Z',
    from_country: 'us',
    to_country: 'ca',
    from_marketplace: 'amazon',
    to_marketplace: 'amazon',
    size: 5,
    done_size: 5,
    finalized: true,
    no_answer_count: 0,
    estimated_finish_at: null,
    content: [],
    skus: {},
    from_country_info: {
      code: 'us',
      name: 'United States',
      flag_code: 'us',
      currency: { code: 'USD', symbol: '$' },
    },
    to_country_info: { code: 'ca', name: 'Canada', flag_code: 'ca', currency: { code: 'CAD', symbol: 'C$' } },
    parity_rates: { USD: 1, CAD: 1.37 },
    parity: 1.37,
    settings: { ...defaultReportSettings(1.37), handling_time: 3 },
    amazon_accounts: null,
    lane: null,
    priced_with: null,
    rates_of: null,
    restrictions: null,
    phase: null,
    ...overrides,
  };
}

const row = (productId: string, overrides: Partial<ExportRow> = {}): ExportRow => ({
  product_id: productId,
  stocks: 7,
  available_for_fbm: true,
  restriction: null,
  min_price: 10.5,
  std_price: 12,
  max_price: 20,
  brand: 'Acme',
  title: `Product ${productId}`,
  banned: null,
  sku: '',
  generated_sku: `SS-${productId}`,
  ...overrides,
});

/** What /v1/exports answers: one product of each case the drawer's options decide. */
const ANSWER: ExportRow[] = [
  row('B000000001'),
  row('B000000002', { banned: 'brand' }),
  row('B000000003', { available_for_fbm: false, stocks: 4 }),
  row('B000000004', { stocks: 2 }),
  row('B000000005', { stocks: 0, min_price: null, std_price: 9.999, max_price: 15 }),
];
const PRODUCT_IDS = ANSWER.map((r) => r.product_id);
/** B000000004 does not match the active filters. */
const FILTERED = new Set(PRODUCT_IDS.filter((id) => id !== 'B000000004'));

/** /api/me and /v1/exports; an export can be held back until `release()`. */
function exportApi({ answer = ANSWER, hold = false, status = 200 } = {}) {
  let release = () => {};
  const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  const fetch = fakeApi((url) => {
    if (url === '/api/me') return { body: meFixture() };
    if (url === '/v1/exports')
      return status === 200
        ? { body: { data: answer } }
        : { status, body: { error: { code: 'internal', message: 'The export failed.' } } };
    return undefined;
  });
  const fake = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) => {
    if (String(input) === '/v1/exports') await gate;
    return fake(input, init);
  });
  return { fetch, release: () => release() };
}

function renderDrawer(report = reportFixture(), matchingIds = () => Promise.resolve([...FILTERED])) {
  const onClose = vi.fn();
  render(
    <AppProviders>
      <AntApp>
        <ExportDrawer
          open
          onClose={onClose}
          report={report}
          productIds={PRODUCT_IDS}
          matchingIds={matchingIds}
        />
      </AntApp>
    </AppProviders>,
  );
  return { onClose, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

const downloadButton = () => screen.getByText('Download').closest('button')!;
const checkbox = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });
/** The option `label` of the radio group named `group` (both groups offer the same three). */
const radio = (group: string, label: string) =>
  within(document.querySelector<HTMLElement>(`[aria-label="${group}"]`)!).getByLabelText(label);
const files = () => downloads.downloadText.mock.calls.map(([name, text]) => ({ name, text }));

/** The domain's own files for the same answer and options: what the drawer must produce. */
function expectedFiles(options: ExportOptions, report = reportFixture(), ruleName = '') {
  const items = selectExportItems(
    ANSWER.map((r) => ({ ...r, matchesFilters: FILTERED.has(r.product_id) })),
    options,
    { userId: meFixture().user.id, reportSkus: report.skus },
  );
  const inventory = {
    name: `inventory-3f2a9c1d-us-ca-${DAY}.txt`,
    text: buildInventoryFile(items, { handlingTime: report.settings?.handling_time ?? 2 }),
  };
  if (!ruleName) return [inventory];
  return [
    inventory,
    {
      name: `autoprice-3f2a9c1d-us-ca-${DAY}.txt`,
      text: buildAutoPriceFile(items, { country: 'ca', currency: 'CAD', ruleName }),
    },
  ];
}

beforeEach(() => {
  // Only the date is fixed (the file names carry it); timers stay real for Ant Design and user-event.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${DAY}T12:00:00Z`));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  downloads.downloadText.mockReset();
});

describe('ExportDrawer downloads', () => {
  it('asks /v1/exports for the chosen products and writes the inventory file', async () => {
    const { fetch } = exportApi();
    const { user } = renderDrawer();
    expect(screen.getByText('Exporting 5 products')).toBeInTheDocument();
    expect(screen.getByText(/compatible with Canada stores/)).toBeInTheDocument();
    await user.click(downloadButton());

    await waitFor(() => expect(downloads.downloadText).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/v1/exports')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      report_id: REPORT_ID,
      export_type: 'fbm',
      product_ids: PRODUCT_IDS.join(','),
    });
    // Banned, not available for FBM and not matching the filters are left out by default; a product
    // with no stock is still listed (with 0), its missing minimum price left blank.
    expect(files()).toEqual([
      {
        name: `inventory-3f2a9c1d-us-ca-${DAY}.txt`,
        text: [
          'sku\tproduct-id\tproduct-id-type\tprice\tminimum-seller-allowed-price\tmaximum-seller-allowed-price\titem-condition\tquantity\tadd-delete\thandling-time',
          'SS-B000000001\tB000000001\t1\t12.00\t10.50\t20.00\t11\t7\ta\t3',
          'SS-B000000005\tB000000005\t1\t10.00\t\t15.00\t11\t0\ta\t3',
          '',
        ].join('\n'),
      },
    ]);
    expect(files()).toEqual(expectedFiles(DEFAULT_EXPORT_OPTIONS));
    expect(await screen.findByText('2 products exported.')).toBeInTheDocument();
  });

  it('writes the AutoPrice file too, only when a rule name is given', async () => {
    exportApi();
    const { user } = renderDrawer();
    await user.type(screen.getByLabelText('AutoPrice Rule Name'), '  ');
    await user.click(downloadButton());
    await waitFor(() => expect(downloads.downloadText).toHaveBeenCalledTimes(1));
    expect(files().map((f) => f.name)).toEqual([`inventory-3f2a9c1d-us-ca-${DAY}.txt`]);
    downloads.downloadText.mockReset();

    await user.type(screen.getByLabelText('AutoPrice Rule Name'), 'Beat the BuyBox');
    await user.click(downloadButton());
    await waitFor(() => expect(downloads.downloadText).toHaveBeenCalledTimes(2));
    expect(files()).toEqual(expectedFiles(DEFAULT_EXPORT_OPTIONS, reportFixture(), 'Beat the BuyBox'));
    expect(files()[1]!.text.split('\n')[1]).toBe(
      'SS-B000000001\t10.50\t20.00\tCA\tCAD\tBeat the BuyBox\tstart',
    );
  });

  it('applies the chosen options: include with X, include as 0 stock, skip zero stock', async () => {
    exportApi();
    const { user } = renderDrawer();
    await user.click(radio("Products that don't match filters", 'Include with X parameter'));
    await user.click(radio("Products that can't be available for FBM", 'Include as 0 stock'));
    await user.click(checkbox("Don't include a product with zero stock"));
    await user.click(downloadButton());
    await waitFor(() => expect(downloads.downloadText).toHaveBeenCalledTimes(1));

    const options: ExportOptions = {
      ...DEFAULT_EXPORT_OPTIONS,
      notMatching: 'include_with_x',
      notAvailable: 'include_zero_stock',
      skipZeroStock: true,
    };
    expect(files()).toEqual(expectedFiles(options));
    const lines = files()[0]!.text.trim().split('\n').slice(1);
    expect(lines.map((l) => l.split('\t')[1])).toEqual(['B000000001', 'B000000004']);
    expect(lines[1]!.split('\t').slice(7, 9)).toEqual(['2', 'x']);
  });

  it('unticking "Exclude banned products" warns, and the banned product is then exported', async () => {
    exportApi();
    const { user } = renderDrawer();
    const warning = 'Brand-banned, word-banned, or product ID-banned products will be on your list.';
    expect(checkbox('Exclude banned products')).toBeChecked();
    expect(screen.queryByText(warning)).toBeNull();

    await user.click(checkbox('Exclude banned products'));
    expect(screen.getByText(warning)).toBeInTheDocument();
    await user.click(downloadButton());
    await waitFor(() => expect(downloads.downloadText).toHaveBeenCalledTimes(1));
    expect(files()).toEqual(expectedFiles({ ...DEFAULT_EXPORT_OPTIONS, excludeBanned: false }));
    expect(files()[0]!.text).toContain('\tB000000002\t');

    await user.click(checkbox('Exclude banned products'));
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('"Export with SKUs" is disabled when the report has no SKUs', () => {
    exportApi();
    renderDrawer(reportFixture({ skus: {} }));
    expect(checkbox('Export with SKUs')).toBeDisabled();
    expect(screen.getByText(/this report has no SKUs/)).toBeInTheDocument();
  });

  it("with SKUs, the report's own SKU replaces the generated one", async () => {
    exportApi();
    const report = reportFixture({ skus: { B000000001: 'MY-SKU-1' } });
    const { user } = renderDrawer(report);
    expect(checkbox('Export with SKUs')).toBeEnabled();
    expect(screen.queryByText(/this report has no SKUs/)).toBeNull();
    await user.click(checkbox('Export with SKUs'));
    await user.click(downloadButton());
    await waitFor(() => expect(downloads.downloadText).toHaveBeenCalledTimes(1));
    expect(files()).toEqual(expectedFiles({ ...DEFAULT_EXPORT_OPTIONS, withSkus: true }, report));
    expect(files()[0]!.text.split('\n')[1]!.startsWith('MY-SKU-1\tB000000001\t')).toBe(true);
  });
});

describe('ExportDrawer states', () => {
  it('shows "Preparing file..." and disables Download while the request is pending', async () => {
    const { release } = exportApi({ hold: true });
    const { user } = renderDrawer();
    expect(screen.queryByText('Preparing file...')).toBeNull();
    await user.click(downloadButton());

    expect(await screen.findByText('Preparing file...')).toBeInTheDocument();
    expect(downloadButton()).toBeDisabled();
    expect(downloads.downloadText).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(screen.queryByText('Preparing file...')).toBeNull());
    expect(downloadButton()).toBeEnabled();
    expect(downloads.downloadText).toHaveBeenCalledTimes(1);
  });

  it('says so and downloads nothing when the options leave no product', async () => {
    exportApi({ answer: [row('B000000002', { banned: 'pid' })] });
    const { user } = renderDrawer();
    await user.click(downloadButton());
    expect(await screen.findByText('No product is left to export with these options.')).toBeInTheDocument();
    expect(downloads.downloadText).not.toHaveBeenCalled();
  });

  it('says so when the list of matching products could not be had, and downloads nothing', async () => {
    exportApi();
    const { user } = renderDrawer(reportFixture(), () =>
      Promise.reject(new ApiError(503, 'database_busy', 'The server is very busy right now.')),
    );
    await user.click(downloadButton());
    expect(await screen.findByText('The server is very busy right now.')).toBeInTheDocument();
    expect(downloads.downloadText).not.toHaveBeenCalled();
    expect(downloadButton()).toBeEnabled();
  });

  it("shows the server's message when the export fails, and lets the user try again", async () => {
    exportApi({ status: 500 });
    const { user } = renderDrawer();
    await user.click(downloadButton());
    expect(await screen.findByText('The export failed.')).toBeInTheDocument();
    expect(downloads.downloadText).not.toHaveBeenCalled();
    expect(downloadButton()).toBeEnabled();
  });
});
