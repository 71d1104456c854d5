import { priceProduct } from '@crossmarket/domain';
import { makeRow, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import type { ResultRowView } from '../api/filter-results';
import type { Countries } from './cell-kit';
import { CellKitProvider, ProductDetails } from './product-cells';

const REPORT_ID = '00000000-0000-4000-8000-000000000063';

const countries = {
  from: { code: 'us', name: 'United States', flag_code: 'us', currency: { code: 'USD', symbol: '$' } },
  to: { code: 'ca', name: 'Canada', flag_code: 'ca', currency: { code: 'CAD', symbol: 'CA$' } },
} as Countries;

function renderDetails(sides: Partial<Parameters<typeof makeRow>[0]>, settingsDefined = true) {
  const base = makeRow({ product_id: 'B000000001', ...sides });
  const row = {
    ...base,
    fbm: priceProduct(base, makeSettings(), { toRegion: 'ca' }),
  } as unknown as ResultRowView;
  render(
    <AppProviders>
      <CellKitProvider>
        <ProductDetails
          row={row}
          reportId={REPORT_ID}
          settingsDefined={settingsDefined}
          countries={countries}
          onSellers={() => {}}
        />
      </CellKitProvider>
    </AppProviders>,
  );
}

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});

describe("a side's status tag names the side (issue 59)", () => {
  it('the buying side', () => {
    renderDetails({ row_cross: makeSide({ status: 'dog', buybox: null, lowest: null }) });
    expect(screen.getByTestId('status-reason')).toHaveTextContent('US: Product not found');
  });
  it('the selling side', () => {
    renderDetails({ row_to: makeSide({ status: 'nostock', buybox: null, lowest: null }) });
    expect(screen.getByTestId('status-reason')).toHaveTextContent(
      'CA: Product out of stock in this marketplace',
    );
  });
});

describe('"Look up" on a product not looked up because the seller cannot list it (issue 63)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const unlisted = () => makeSide({ status: 'unlisted', buybox: null, lowest: null });

  it('is not offered on a row that was looked up', () => {
    renderDetails({ row_to: makeSide({ status: 'nostock', buybox: null, lowest: null }) });
    expect(screen.queryByTestId('look-up')).toBeNull();
  });

  it("looks the product up on request, from the keyboard, in the report's countries", async () => {
    const looked = makeRow({ product_id: 'B000000001' });
    const fetchMock = fakeApi((url, init) =>
      url === '/v1/lookup' && init?.method === 'POST'
        ? {
            body: {
              lookup_id: 'l1',
              row: { ...looked, fbm: priceProduct(looked, makeSettings(), { toRegion: 'ca' }) },
              from_country: 'us',
              to_country: 'ca',
              inventory_id: null,
              remaining: 41,
            },
          }
        : undefined,
    );
    renderDetails({ row_cross: unlisted(), row_to: unlisted() });
    const user = userEvent.setup();
    const button = screen.getByTestId('look-up');
    expect(button).toHaveTextContent('Look up');
    // Reached with Tab, opened with Enter, like the row's other buttons.
    button.focus();
    await user.keyboard('{Enter}');
    const now = await screen.findByRole('button', { name: 'Look up now' });
    expect(screen.getByTestId('look-up-details')).toHaveTextContent("1 product of today's quota");
    now.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('look-up-result')).toBeInTheDocument());
    expect(screen.getByText('41 products left today.', { exact: false })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/v1/lookup')!;
    // Priced with the report's settings: the report goes with the check.
    expect(JSON.parse(String(init!.body))).toEqual({
      product_id: 'B000000001',
      from_country: 'us',
      to_country: 'ca',
      report_id: REPORT_ID,
    });
    expect(screen.getByTestId('look-up-result').parentElement).toHaveTextContent(
      "Priced with this report's settings.",
    );
  });

  it('says the check was priced with the defaults when the report has no settings yet', async () => {
    const looked = makeRow({ product_id: 'B000000001' });
    fakeApi((url) =>
      url === '/v1/lookup'
        ? {
            body: {
              lookup_id: 'l2',
              row: { ...looked, fbm: priceProduct(looked, makeSettings(), { toRegion: 'ca' }) },
              from_country: 'us',
              to_country: 'ca',
              inventory_id: null,
              remaining: 40,
            },
          }
        : undefined,
    );
    renderDetails({ row_to: makeSide({ status: 'unlisted', buybox: null, lowest: null }) }, false);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('look-up'));
    await user.click(await screen.findByRole('button', { name: 'Look up now' }));
    await waitFor(() => expect(screen.getByTestId('look-up-result')).toBeInTheDocument());
    expect(screen.getByTestId('look-up-result').parentElement).toHaveTextContent(
      'Priced with the default settings.',
    );
  });

  it('says a refusal (the quota used up) in the popover', async () => {
    fakeApi((url) =>
      url === '/v1/lookup'
        ? {
            status: 429,
            body: {
              error: {
                code: 'quota_used_up',
                message: "You have used up today's quota.",
                key: 'apiErrors.lookupQuota',
                remaining: 0,
              },
            },
          }
        : undefined,
    );
    renderDetails({ row_to: unlisted() });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('look-up'));
    await user.click(await screen.findByRole('button', { name: 'Look up now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You have used up today's quota");
  });
});
