import { makeRow, makeSide } from '@crossmarket/domain/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import type { ResultRowView } from '../api/filter-results';
import { DangerousGoodsTag } from './dangerous-goods-tag';
import type { Countries } from './product-cells';
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
const lithium = {
  regulations: ['transportation'],
  batteries: 'included' as const,
  lithium: true,
  lithium_wh: 18.5,
};
const dangerousRow = makeRow({
  product_id: 'B000000001',
  row_cross: makeSide({ dangerous_goods: lithium }),
}) as unknown as ResultRowView;

const inApp = (node: React.ReactNode) =>
  render(
    <AppProviders>
      <AntApp>{node}</AntApp>
    </AppProviders>,
  );

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('dangerous goods in the report', () => {
  it('tags the row, and says on click what was declared and that air carriers restrict it', async () => {
    inApp(<DangerousGoodsTag row={dangerousRow} countries={countries} />);
    fireEvent.click(screen.getByTestId('dangerous-goods-tag'));
    const details = await screen.findByTestId('dangerous-goods-details');
    expect(details.textContent).toContain('Declared regulation: transportation');
    expect(details.textContent).toContain('Batteries included');
    expect(details.textContent).toContain('Lithium battery: 18.5 Wh');
    expect(details.textContent).toContain('Air carriers restrict');
    expect(details.textContent).toContain('from United States to Canada');
  });

  it('shows no tag where the catalogue declares nothing, or only batteries the product needs', () => {
    const plain = makeRow({ product_id: 'B000000002' }) as unknown as ResultRowView;
    const needs = makeRow({
      product_id: 'B000000003',
      row_to: makeSide({
        dangerous_goods: { ...lithium, regulations: [], lithium: false, batteries: 'required' },
      }),
    }) as unknown as ResultRowView;
    inApp(
      <>
        <DangerousGoodsTag row={plain} countries={countries} />
        <DangerousGoodsTag row={needs} countries={countries} />
      </>,
    );
    expect(screen.queryByTestId('dangerous-goods-tag')).toBeNull();
  });

  it('notes it in Sellers & Prices, in both languages', async () => {
    fakeApi((url) =>
      url.endsWith('/offers') ? { body: { product_id: 'B000000001', cross: [], to: [] } } : undefined,
    );
    inApp(<SellersDrawer reportId="r1" row={dangerousRow} countries={countries} onClose={() => {}} />);
    const note = await screen.findByTestId('dangerous-goods-note');
    expect(note.textContent).toContain('Dangerous goods: air carriers restrict them');
    await changeLanguage('tr');
    expect((await screen.findByTestId('dangerous-goods-note')).textContent).toContain('hava kargo');
  });
});
