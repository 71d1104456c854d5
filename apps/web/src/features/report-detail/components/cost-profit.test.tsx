import { priceProduct } from '@crossmarket/domain';
import { makeOffer, makeRow, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import type { ResultRowView } from '../api/filter-results';
import { CellKitProvider, CostProfit } from './product-cells';

function renderCell(intlUnset: boolean, sides: Partial<Parameters<typeof makeRow>[0]> = {}) {
  const base = makeRow({
    product_id: 'B000000001',
    row_cross: makeSide({ buybox: makeOffer({ buy_price: 10 }) }),
    row_to: makeSide({ buybox: makeOffer({ buy_price: 25 }) }),
    ...sides,
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

  it('says when no price reaches the rate (issue 56), in English and Turkish', async () => {
    const row = {
      ...makeRow({ product_id: 'B000000002' }),
      fbm: { available: false, reason: 'no_price_for_rate' },
    } as unknown as ResultRowView;
    const view = () =>
      render(
        <AppProviders>
          <CellKitProvider>
            <CostProfit row={row} settingsDefined currency="CAD" onRates={() => {}} intlUnset={false} />
          </CellKitProvider>
        </AppProviders>,
      );
    const { unmount } = view();
    expect(screen.getByText('No price reaches the rate')).toBeInTheDocument();
    unmount();
    await changeLanguage('tr');
    view();
    expect(screen.getByText('Hiçbir fiyat bu orana ulaşmıyor')).toBeInTheDocument();
  });
});

describe('the profit cell’s labels (issue 46)', () => {
  it('says at which price each figure is taken: profit and PPR at the buy box, then our price', () => {
    renderCell(false);
    const atBuybox = screen.getByTestId('at-buybox');
    expect(atBuybox).toHaveTextContent('At the buy box (CA$25.00):');
    // The profit and PPR lines follow the buy-box line; our price is a line of its own.
    const lines = [...atBuybox.parentElement!.children].map((el) => el.textContent);
    const at = lines.indexOf(atBuybox.textContent);
    expect(lines[at + 1]).toMatch(/^PPR: /);
    expect(lines[at + 2]).toMatch(/^Profit: /);
    expect(screen.getByTestId('our-price')).toHaveTextContent(/^Our price: CA\$\d/);
  });

  it('packs its figures into four lines, every one still there (denser rows, item 7)', () => {
    renderCell(false);
    const cell = screen.getByTestId('at-buybox').closest('.cm-stack')!;
    // Cost; the buy box with its PPR and profit; our price with the fee; the rates button.
    expect(cell.children).toHaveLength(4);
    for (const text of [/^Cost: /, /At the buy box/, /PPR: /, /Profit: /, /Our price: /, /Set rates|rates/i])
      expect(cell).toHaveTextContent(text);
    expect(screen.getByTestId('fee-source').parentElement).toBe(
      screen.getByTestId('our-price').parentElement,
    );
  });

  it('says in Turkish too', async () => {
    await changeLanguage('tr');
    renderCell(false);
    expect(screen.getByTestId('at-buybox')).toHaveTextContent(/^BuyBox fiyatında \(.*25,00.*\):$/);
    expect(screen.getByTestId('our-price')).toHaveTextContent(/^Bizim fiyatımız: /);
  });
});

describe('the profit cell names the side it is about (issue 59)', () => {
  it('a source with no offer is not called an open field on the selling side', () => {
    renderCell(false, { row_cross: makeSide({ status: 'nostock', buybox: null, lowest: null }) });
    expect(screen.getByTestId('at-buybox')).toHaveTextContent('The source has no offer to price from');
  });
  it('a selling side with no buy box is the open field, said of the selling side', () => {
    renderCell(false, { row_to: makeSide({ status: 'nostock', buybox: null, lowest: null }) });
    expect(screen.getByTestId('at-buybox')).toHaveTextContent('Open field: no seller where you sell');
  });
});
