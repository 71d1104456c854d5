import { priceProduct } from '@crossmarket/domain';
import { makeOffer, makeRow, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import type { ResultRowView } from '../api/filter-results';
import { CellKitProvider, CostProfit } from './product-cells';

function renderCell(intlUnset: boolean) {
  const base = makeRow({
    product_id: 'B000000001',
    row_cross: makeSide({ buybox: makeOffer({ buy_price: 10 }) }),
    row_to: makeSide({ buybox: makeOffer({ buy_price: 25 }) }),
  });
  const fbm = priceProduct(base, makeSettings(), { toRegion: 'ca' });
  const row = { ...base, fbm } as unknown as ResultRowView;
  render(
    <AppProviders>
      <CellKitProvider>
        <CostProfit row={row} settingsDefined currency="CAD" onRates={() => {}} intlUnset={intlUnset} />
      </CellKitProvider>
    </AppProviders>,
  );
}

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});

describe('the profit cell', () => {
  it('says, with a hint and words for screen readers, when the international leg is not set', () => {
    renderCell(true);
    const mark = screen.getByTestId('intl-unset');
    expect(mark).toHaveTextContent('Intl. shipping not set');
    expect(mark).toHaveAttribute('title', expect.stringMatching(/set a shipping rate card on the lane/));
    expect(mark.querySelector('.sr-only')).toHaveTextContent(/not counted in this profit/);
  });

  it('says nothing when the leg is counted', () => {
    renderCell(false);
    expect(screen.queryByTestId('intl-unset')).toBeNull();
  });
});
