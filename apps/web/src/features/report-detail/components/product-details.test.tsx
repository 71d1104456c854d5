import { priceProduct } from '@crossmarket/domain';
import { makeRow, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import type { ResultRowView } from '../api/filter-results';
import type { Countries } from './cell-kit';
import { CellKitProvider, ProductDetails } from './product-cells';

const countries = {
  from: { code: 'us', name: 'United States', flag_code: 'us', currency: { code: 'USD', symbol: '$' } },
  to: { code: 'ca', name: 'Canada', flag_code: 'ca', currency: { code: 'CAD', symbol: 'CA$' } },
} as Countries;

function renderDetails(sides: Partial<Parameters<typeof makeRow>[0]>) {
  const base = makeRow({ product_id: 'B000000001', ...sides });
  const row = {
    ...base,
    fbm: priceProduct(base, makeSettings(), { toRegion: 'ca' }),
  } as unknown as ResultRowView;
  render(
    <AppProviders>
      <CellKitProvider>
        <ProductDetails row={row} countries={countries} onSellers={() => {}} />
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
