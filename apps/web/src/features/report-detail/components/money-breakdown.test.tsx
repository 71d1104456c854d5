import {
  laneModel,
  laneSettingsSchema,
  MONEY_KEYS,
  REFERENCE_SOURCES,
  ruleById,
  type LaneSettingsInput,
  type ProductSellers,
} from '@crossmarket/domain';
import { makeRow } from '@crossmarket/domain/testing';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { formatMoney } from '../../../lib/format-number';
import { FeeBreakdown } from './fee-breakdown';
import { MoneyBreakdown } from './money-breakdown';

/** The reference's lane A (US → CA, courier, C$149.99), priced by the domain's model as the server does. */
function caMoney(lane: LaneSettingsInput, buybox: number, std: number): ProductSellers['money'] {
  const model = laneModel(
    {
      from: 'us',
      to: 'ca',
      on: '2026-11-26',
      parity: 1.38,
      lane: laneSettingsSchema.parse(lane),
      seller: { establishment: 'tr', registered_home: false },
    },
    {
      buy_price: 50,
      shipping_fee: 0,
      import_fee: 0,
      parcel: { weight_kg: 1, dims_cm: { length: 20, width: 15, height: 10 } },
      schedule: { kind: 'flat', rate: 0.15 },
      fee_source: 'table',
      category: null,
    },
  );
  return { buybox: model.breakdown(buybox).lines, std: model.breakdown(std).lines };
}

const cad = (n: number) => formatMoney(n, 'CAD', 'en');

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});

describe('From price to profit', () => {
  it('shows every line at both prices, with its rule and source, and marks what is assumed in words', () => {
    // No rate card: the international leg is assumed; C$160 crosses the C$150 duty threshold, C$149.99 does not.
    const money = caMoney({}, 149.99, 160);
    render(
      <AppProviders>
        <MoneyBreakdown money={money} />
      </AppProviders>,
    );
    const table = screen.getByTestId('money-breakdown');
    expect(within(table).getByText(`At the buy-box price (${cad(149.99)})`)).toBeInTheDocument();
    expect(within(table).getByText(`At the standard price (${cad(160)})`)).toBeInTheDocument();
    for (const key of MONEY_KEYS) expect(screen.getByTestId(`money-line-${key}`)).toBeInTheDocument();

    const profit = screen.getByTestId('money-line-profit');
    const [atBuybox, atStd] = within(profit).getAllByTestId('money-profit');
    expect(atBuybox).toHaveTextContent(cad(money.buybox!.at(-1)!.amount));
    expect(atStd).toHaveTextContent(cad(money.std!.at(-1)!.amount));

    const intl = screen.getByTestId('money-line-international_shipping');
    expect(within(intl).getAllByText('Assumed')).toHaveLength(2);
    expect(within(screen.getByTestId('money-line-sale_price')).queryByText('Assumed')).toBeNull();

    // The import tax's rule row, named with its sources and start date.
    const rule = money.buybox!.find((l) => l.key === 'import_tax')!.rule!;
    const row = ruleById(rule)!;
    expect(within(screen.getByTestId('money-line-import_tax')).getByText(row.id)).toBeInTheDocument();
    // Named in words, each source by its title (issue 59), not "sources S20 S21".
    const firstSource = REFERENCE_SOURCES[row.source.match(/S\d+/)![0]]!;
    expect(
      within(screen.getByTestId('money-line-import_tax')).getByRole('link', { name: firstSource.title }),
    ).toHaveAttribute('href', firstSource.url!);
    // The referral fee comes off the price.
    const referral = money.buybox!.find((l) => l.key === 'referral_fee')!.amount;
    expect(
      within(screen.getByTestId('money-line-referral_fee')).getAllByText(`−${cad(referral)}`),
    ).toHaveLength(1);
  });

  it("keeps Amazon's fees in one figure with the breakdown at the standard price", () => {
    const money = caMoney({ rate_card: { per_parcel: 10, per_kg: 4, currency: 'USD' } }, 149.99, 160);
    const row = makeRow({});
    const fbm = { ...row.fbm!, std_price: 160, closing_fee: null };
    render(
      <AppProviders>
        <FeeBreakdown fbm={fbm} currency="CAD" std={money.std} />
      </AppProviders>,
    );
    const referral = money.std!.find((l) => l.key === 'referral_fee')!.amount;
    expect(screen.getByText(`Amazon's fees at the standard price (${cad(160)})`)).toBeInTheDocument();
    expect(screen.getByTestId('referral-amount')).toHaveTextContent(cad(referral));
  });
});
