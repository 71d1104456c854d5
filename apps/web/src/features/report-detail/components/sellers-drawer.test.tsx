import type { FeeEstimate, SellerOffer } from '@crossmarket/domain';
import { priceProduct } from '@crossmarket/domain';
import { makeOffer, makeRow, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import type { ResultRowView } from '../api/filter-results';
import { statusReasonKey, type Countries } from './product-cells';
import { SellersDrawer } from './sellers-drawer';

const country = (code: 'us' | 'ca', name: string, currency: string): Countries['from'] => ({
  code,
  name,
  flag_code: code.toUpperCase(),
  currency: { code: currency, symbol: '$' },
});
const countries: Countries = {
  from: country('us', 'United States', 'USD'),
  to: country('ca', 'Canada', 'CAD'),
};

const offer = (o: Partial<SellerOffer>): SellerOffer => ({
  seller_id: 'A1SELLER',
  seller_name: 'A1SELLER',
  is_fba: false,
  is_sba: false,
  coupon: null,
  rating_percent: null,
  rating_count: null,
  buy_price: 10,
  price: 10,
  shipping_by: 'merchant',
  shipping_fee: 0,
  import_fee: 0,
  delivery_date: null,
  ...o,
});

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('seller ratings in Sellers & Prices', () => {
  it("shows Amazon's positive-feedback percentage; 0 % is a rating, only a missing one is NA", async () => {
    fakeApi((url) =>
      url.endsWith('/offers')
        ? {
            body: {
              product_id: 'B000000001',
              cross: [
                offer({ seller_id: 'AZERO', buy_price: 9, rating_percent: 0, rating_count: 0 }),
                offer({ seller_id: 'AHIGH', buy_price: 10, rating_percent: 96.5, rating_count: 1840 }),
                offer({ seller_id: 'ANONE', buy_price: 11 }),
              ],
              to: [],
            },
          }
        : undefined,
    );
    const row = makeRow({ product_id: 'B000000001' }) as unknown as ResultRowView;
    render(
      <AppProviders>
        <AntApp>
          <SellersDrawer reportId="r1" row={row} countries={countries} onClose={() => {}} />
        </AntApp>
      </AppProviders>,
    );
    const cards = await screen.findAllByTestId('seller-card');
    expect(cards).toHaveLength(3);
    const ratings = cards.map((c) => within(c).getByTestId('seller-rating').textContent);
    expect(ratings).toEqual(['0 % positive', '96.5 % positive', 'NA']);
  });

  it("marks the seller's own offer, in both languages", async () => {
    fakeApi((url) =>
      url.endsWith('/offers')
        ? {
            body: {
              product_id: 'B000000001',
              cross: [],
              to: [offer({ seller_id: 'AOTHER' }), offer({ seller_id: 'AMINE', is_own: true })],
            },
          }
        : undefined,
    );
    const row = makeRow({ product_id: 'B000000001' }) as unknown as ResultRowView;
    render(
      <AppProviders>
        <AntApp>
          <SellersDrawer reportId="r1" row={row} countries={countries} onClose={() => {}} />
        </AntApp>
      </AppProviders>,
    );
    const cards = await screen.findAllByTestId('seller-card');
    expect(cards.map((c) => within(c).queryByText('Your offer') !== null)).toEqual([false, true]);
    await changeLanguage('tr');
    expect(await screen.findByText('Sizin teklifiniz')).toBeInTheDocument();
  });
});

describe('fees in Sellers & Prices', () => {
  const drawerFor = (fees?: FeeEstimate) => {
    fakeApi((url) =>
      url.endsWith('/offers') ? { body: { product_id: 'B000000001', cross: [], to: [] } } : undefined,
    );
    const base = makeRow({
      product_id: 'B000000001',
      row_cross: makeSide({ buybox: makeOffer({ buy_price: 10, shipping_fee: 2, import_fee: 0 }) }),
      row_to: makeSide({ buybox: makeOffer({ buy_price: 25 }), categories: ['Toys & Games'] }),
    });
    const fbm = priceProduct({ ...base, ...(fees ? { fees } : {}) }, makeSettings(), { toRegion: 'ca' });
    const row = { ...base, fbm } as unknown as ResultRowView;
    return render(
      <AppProviders>
        <AntApp>
          <SellersDrawer reportId="r1" row={row} countries={countries} onClose={() => {}} />
        </AntApp>
      </AppProviders>,
    );
  };

  it("names Amazon's estimate as the source of the referral and closing fee, with the price it was asked at", async () => {
    drawerFor({ price: 25, referral_fee: 3, closing_fee: 1.8 });
    const fees = await screen.findByTestId('fee-breakdown');
    expect(within(fees).getByTestId('referral-source').textContent).toBe("Amazon's estimate");
    expect(within(fees).getByTestId('closing-source').textContent).toBe("Amazon's estimate");
    expect(fees.textContent).toContain('12 %');
    expect(fees.textContent).toContain('Estimated at');
  });

  it('shows the shipping the estimate was asked with, and the fee lines not counted, by name', async () => {
    drawerFor({
      price: 25,
      shipping: 5,
      referral_fee: 4.5,
      closing_fee: 0,
      other_fees: [{ type: 'PerItemFee', amount: 0.99 }],
    });
    const fees = await screen.findByTestId('fee-breakdown');
    expect(within(fees).getByTestId('fee-asked-at').textContent).toBe('CA$25.00 + CA$5.00 shipping');
    expect(within(fees).getByTestId('other-fees').textContent).toBe('PerItemFee CA$0.99');
    // 4.50 of 30.00: 15 %, the share of price plus shipping.
    expect(fees.textContent).toContain('15 %');
    await changeLanguage('tr');
    expect(await screen.findByText('Diğer ücretler, kâra dahil edilmez')).toBeInTheDocument();
  });

  it('names the category table without an estimate, and says how to get one', async () => {
    drawerFor();
    const fees = await screen.findByTestId('fee-breakdown');
    expect(within(fees).getByTestId('referral-source').textContent).toBe('category table');
    expect(within(fees).getByTestId('closing-source').textContent).toBe('category table');
    expect(fees.textContent).toContain('15 %');
    expect(fees.textContent).toContain('once your Amazon account is connected');
  });
});

describe('status reasons', () => {
  it('explains a side Amazon did not answer for, in both languages, never as out of stock', async () => {
    expect(statusReasonKey('noanswer')).toBe('statusReason.noanswer');
    expect(i18n.t(statusReasonKey('noanswer'))).toBe('Amazon did not answer for this product');
    expect(i18n.t(statusReasonKey('nostock'))).toBe('Product out of stock in this marketplace');
    await changeLanguage('tr');
    expect(i18n.t(statusReasonKey('noanswer'))).toBe('Amazon bu ürün için yanıt vermedi');
  });
});
