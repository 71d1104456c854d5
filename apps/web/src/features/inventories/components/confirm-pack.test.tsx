import type { InventoryProduct, InventoryProductPage } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { INVENTORY_ID, productsFixture } from '../test/fixtures';
import { InventoryProductsTable } from './inventory-products-table';

// Issue 62: a supplier pack that differs from Amazon's or is unknown is confirmed from the products,
// after a dialog naming the supplier's pack, Amazon's quantity and the buy price they give.

const pack = (over: Partial<NonNullable<InventoryProduct['pack']>>) => ({
  verdict: 'differs' as const,
  confirmed: false,
  supplier_pack: 6,
  amazon_quantity: 2,
  unit_cost: 1.5,
  buy_price: 3,
  currency: 'USD',
  ...over,
});

function renderTable() {
  const [differs, confirmed, plain] = productsFixture(3);
  const page: InventoryProductPage = {
    products: [
      { ...differs!, pack: pack({}) },
      { ...confirmed!, pack: pack({ confirmed: true }) },
      { ...plain!, pack: null },
    ],
    total: 3,
    page: 1,
    per_page: 20,
  };
  render(
    <AppProviders>
      <AntApp>
        <InventoryProductsTable
          page={page}
          loading={false}
          toCountry="ca"
          onPage={() => {}}
          selected={new Set()}
          onSelectPage={() => {}}
          fullLookupMaxDays={7}
          inventoryId={INVENTORY_ID}
        />
      </AntApp>
    </AppProviders>,
  );
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('confirming a supplier pack in the inventory', () => {
  it('offers the action only for an unconfirmed pack, and confirms it by keyboard after the dialog', async () => {
    const sent: unknown[] = [];
    fakeApi((url, init) => {
      if (url.endsWith('/products/B000000001/confirm-pack') && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return { body: { code: 'B000000001', pack: pack({ confirmed: true }) } };
      }
      return undefined;
    });
    renderTable();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const buttons = screen.getAllByRole('button', { name: /Confirm pack of/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('Confirm pack of B000000001');
    expect(screen.getByText('Pack confirmed')).toBeInTheDocument();

    buttons[0]!.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Confirm the pack of B000000001?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('6 units')).toBeInTheDocument();
    expect(within(dialog).getByText('2 units')).toBeInTheDocument();
    expect(within(dialog).getByText('$1.50 a unit × 2 = $3.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pack' }));
    await waitFor(() => expect(sent).toEqual([{ amazon_quantity: 2 }]));
    expect(await screen.findByText('The pack of B000000001 is confirmed.')).toBeInTheDocument();
  });
});
