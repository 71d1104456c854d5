import { defaultLaneSettings, defaultReportSettings } from '@crossmarket/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { changeLanguage } from '../../../i18n';
import type { ReportDetail } from '../api/report';
import { ReportHeader } from './report-header';

// The header reads only these members of the report.
const report = (over: Partial<ReportDetail>) =>
  ({
    id: '3f2a9c1d-0000-4000-8000-000000000001',
    title: 'Toys',
    from_country: 'us',
    to_country: 'ca',
    finish_at: new Date().toISOString(),
    no_answer_count: 0,
    cached_count: 0,
    amazon_accounts: null,
    lane: null,
    priced_with: null,
    rates_of: null,
    restrictions: null,
    phase: null,
    settings: null,
    parity: 1.35,
    ...over,
  }) as ReportDetail;

function renderHeader(r: ReportDetail) {
  render(
    <AppProviders>
      <MemoryRouter>
        <ReportHeader report={r} malformedLink={false} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the report header', () => {
  it('says whose Amazon account each side was looked up under', () => {
    renderHeader(report({ amazon_accounts: { from: 'own', to: 'shared' } }));
    expect(screen.getByTestId('amazon-accounts')).toHaveTextContent(
      'Amazon account — buying: yours, selling: shared',
    );
  });

  it("names a supplier report's list and what became of its lines (issue 62), in en and tr", async () => {
    const supplier = {
      supplier_name: 'Acme Wholesale',
      list_id: '5b0c8e2d-0000-4000-8000-000000000009',
      file_name: 'acme.csv',
      version: 2,
      uploaded_at: '2026-11-20T10:00:00.000Z',
      lines: 2000,
      bad_count: 3,
      matched_lines: 1750,
      unmatched_lines: 240,
      unanswered_lines: 10,
      products: 2100,
      pack_differs: 120,
      pack_unknown: 40,
      quota_left_out: 0,
    };
    renderHeader(report({ supplier }));
    const header = screen.getByTestId('supplier-report');
    expect(header).toHaveTextContent('Supplier price list: Acme Wholesale — acme.csv (version 2, uploaded');
    expect(within(header).getByTestId('supplier-report-lines')).toHaveTextContent(
      '2,000 lines · 1,750 matched · 240 not found on Amazon · 10 Amazon did not answer · 3 bad lines',
    );
    expect(within(header).getByTestId('supplier-report-packs')).toHaveTextContent(
      "2,100 products priced · Amazon's pack differs from the supplier's: 120, not stated: 40",
    );
    expect(within(header).queryByTestId('supplier-report-quota')).toBeNull();
    cleanup();
    await changeLanguage('tr');
    try {
      renderHeader(report({ supplier: { ...supplier, list_id: null, lines: null, quota_left_out: 1500 } }));
      expect(screen.getByTestId('supplier-report')).toHaveTextContent(
        'Tedarikçi fiyat listesi: sonradan silindi',
      );
      expect(screen.queryByTestId('supplier-report-lines')).toBeNull();
      expect(screen.getByTestId('supplier-report-quota')).toHaveTextContent(
        'Eşleşen 1.500 ürün dışarıda kaldı',
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it('says neither for an old report', () => {
    renderHeader(report({}));
    expect(screen.queryByTestId('amazon-accounts')).toBeNull();
    expect(screen.queryByTestId('priced-with')).toBeNull();
  });

  it('says which settings priced the rows (issue 46)', () => {
    // The keys come back from the database in another order than the defaults build them.
    const stored = Object.fromEntries(Object.entries(defaultReportSettings(1.35)).reverse());
    renderHeader(report({ settings: stored as ReportDetail['settings'] }));
    expect(screen.getByTestId('priced-with')).toHaveTextContent('Priced with the default settings.');
  });

  it('names the inventory whose settings priced the rows', () => {
    renderHeader(report({ settings: defaultReportSettings(1.35), priced_with: 'Canada restock' }));
    expect(screen.getByTestId('priced-with')).toHaveTextContent(
      'Priced with the settings of the inventory “Canada restock”.',
    );
  });

  it('names saved settings as such', () => {
    renderHeader(report({ settings: { ...defaultReportSettings(1.35), handling_time: 9 } }));
    expect(screen.getByTestId('priced-with')).toHaveTextContent('Priced with your saved settings.');
  });

  it('names the lane the report is priced with, and links to its card', () => {
    const settings = { ...defaultLaneSettings(), carrier: 'post' as const };
    renderHeader(
      report({
        lane: { settings, on: '2026-11-20', seller: { establishment: 'tr', registered_home: false } },
      }),
    );
    const lane = screen.getByTestId('report-lane');
    expect(lane).toHaveTextContent('Priced on the lane United States → Canada');
    expect(within(lane).getByTestId('report-lane-facts')).toHaveTextContent(
      'Landed · Reship · Post · no shipping rate card · rules of November 20, 2026',
    );
    expect(within(lane).getByRole('link', { name: 'Lane settings' })).toHaveAttribute(
      'href',
      '/settings/lanes#lane-us-ca',
    );
  });

  it('says a report from before lanes is on the simple formula until its settings are saved', () => {
    renderHeader(report({}));
    expect(screen.getByTestId('report-lane')).toHaveTextContent(/older than lanes/);
  });

  it('says which rates priced the rows and of what day, in both languages (issue 59)', async () => {
    renderHeader(report({ rates_of: { source: 'ecb', as_of: '2026-11-28' } }));
    expect(screen.getByTestId('rates-of')).toHaveTextContent('Rates of 28 November 2026, ECB');
    cleanup();
    renderHeader(report({ rates_of: { source: 'ecb-shipped', as_of: '2026-04-13' } }));
    expect(screen.getByTestId('rates-of')).toHaveTextContent(
      'Rates of 13 April 2026, ECB (the table shipped with the app',
    );
    cleanup();
    await changeLanguage('tr');
    try {
      renderHeader(report({ rates_of: { source: 'ecb', as_of: '2026-11-28' } }));
      expect(screen.getByTestId('rates-of')).toHaveTextContent('28 Kasım 2026 tarihli kurlar, ECB');
    } finally {
      await changeLanguage('en');
    }
  });

  it('says nothing of rates on a report from before they were dated', () => {
    renderHeader(report({}));
    expect(screen.queryByTestId('rates-of')).toBeNull();
  });
});
