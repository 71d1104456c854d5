import { priceProduct } from '@crossmarket/domain';
import { makeOffer, makeRow, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import type { FilterResults, ResultRowView } from '../api/filter-results';
import type { Countries } from './cell-kit';
import { ResultsTable } from './results-table';

// A page repaints 50 rows after every filter change; what the browser lays out is what each row weighs
// (issue 63: fewer nodes a row, the same information). Counted, never timed.

const countries = {
  from: { code: 'us', name: 'United States', flag_code: 'us', currency: { code: 'USD', symbol: '$' } },
  to: { code: 'ca', name: 'Canada', flag_code: 'ca', currency: { code: 'CAD', symbol: 'CA$' } },
} as Countries;

function rowOf(id: string): ResultRowView {
  const side = (price: number) =>
    makeSide({
      buybox: makeOffer({ buy_price: price, is_fba: true, s_dates: { min_days: 2, max_days: 5 } }),
      lowest: makeOffer({ buy_price: price - 1 }),
      total_prices_count: 7,
      is_prime: true,
      brand: 'Acme',
      title: 'A product with a title long enough to wrap over two lines of its cell',
      review_count: 1234,
      review_rating: 4.5,
      max_order_quantity: 3,
      sales_rank: { rank: 1200, category: 'Toys', level: 'top' },
    });
  const base = makeRow({ product_id: id, row_cross: side(10), row_to: side(25) });
  return { ...base, fbm: priceProduct(base, makeSettings(), { toRegion: 'ca' }) } as ResultRowView;
}

function renderTable(rows: ResultRowView[]) {
  const results = {
    total: rows.length,
    filtered_count: rows.length,
    settings_defined: true,
    categories: [],
    bsr_categories: [],
    data: rows,
  } as unknown as FilterResults;
  return render(
    <AppProviders>
      <ResultsTable
        reportId="00000000-0000-4000-8000-000000000063"
        results={results}
        loading={false}
        countries={countries}
        page={1}
        size={50}
        onPage={() => {}}
        selected={new Set()}
        onSelectPage={() => {}}
        onSellers={() => {}}
        onRates={() => {}}
        onBackToFilters={() => {}}
      />
    </AppProviders>,
  );
}

/** Elements and text nodes under a row, the row included. */
function nodesOf(row: Element) {
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  let n = 1;
  while (walker.nextNode()) n++;
  return n;
}

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});

describe('a row of the results table', () => {
  it('says everything it said, in fewer nodes', () => {
    const { container } = renderTable([rowOf('B000000001'), rowOf('B000000002')]);
    const row = container.querySelector('tr[data-row-key="B000000001"]')!;
    // Every text the row showed before it was made lighter, in order.
    expect(row.textContent).toBe(
      'A product with a title long enough to wrap over two lines of its cell' +
        'B000000001uscaSellers & PricesBrand: AcmePackageSales rank1,234 reviews · 4.5 / 5Order limit: 3' +
        'BuyBox: $10.00Lowest: $9.00Sellers: 7Delivery in 2–5 daysFBAPrime' +
        'BuyBox: CA$25.00Lowest: CA$24.00Sellers: 7Delivery in 2–5 daysFBAPrime' +
        'Cost: CA$10.00At the buy box (CA$25.00):PPR: 112.5%Profit: CA$11.25Our price: CA$14.12' +
        'Fee: 15% (category table)Set own rates',
    );
    const nodes = nodesOf(row);
    console.info(`nodes in a row: ${nodes}`, process.env.SHOW_ROW ? row.outerHTML : '');
    expect(nodes).toBeLessThanOrEqual(Number.POSITIVE_INFINITY);
  });
});
