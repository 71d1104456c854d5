import type { Settings } from '@crossmarket/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { FILTER_SET_ID, INVENTORY_ID, inventoryFixture } from '../test/fixtures';
import { InventoryForm } from './inventory-form';

const RATES = { USD: 1, CAD: 1.4, GBP: 0.8, MXN: 17, AUD: 1.5, AED: 3.67, SGD: 1.35 };
const FILTER_SET = {
  id: FILTER_SET_ID,
  name: 'Cheap toys',
  content: 'x',
  filters_count: 2,
  created_at: '2026-11-20T10:00:00.000Z',
};

type Answer = { status?: number; body: unknown };

function formApi(write: Answer = { body: inventoryFixture() }) {
  return fakeApi((url, init) => {
    if (url === '/api/exchange-rates') return { body: { source: 'fixed', as_of: null, rates: RATES } };
    if (url === '/api/filter-sets') return { body: [FILTER_SET] };
    if (url === '/api/inventories' && init?.method === 'POST') return write;
    if (url === `/api/inventories/${INVENTORY_ID}` && init?.method === 'PATCH') return write;
    return undefined;
  });
}

function renderForm(inventory?: ReturnType<typeof inventoryFixture>) {
  const onSaved = vi.fn();
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <InventoryForm inventory={inventory} onSaved={onSaved} />
      </AntApp>
    </AppProviders>,
  );
  return { onSaved, user };
}

/** The bodies sent with `method`, parsed. */
const sent = (fetch: ReturnType<typeof fakeApi>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const errorsOf = (control: HTMLElement) =>
  [...control.closest('.ant-form-item')!.querySelectorAll('.ant-form-item-explain-error')].map(
    (e) => e.textContent,
  );
const submit = (user: ReturnType<typeof userEvent.setup>, name = 'Create') =>
  user.click(screen.getByText(name).closest('button')!);
/** The titles of the open dropdown's options. */
const openOptions = () =>
  [
    ...document.querySelectorAll(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    ),
  ].map((o) => o.getAttribute('title'));

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(field(label));
  const matches = await screen.findAllByTitle(option);
  await user.click(matches[matches.length - 1]!);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (i18n.language !== 'en') await changeLanguage('en');
});

describe('the inventory form', () => {
  it('asks for a name and a selling country before sending anything', async () => {
    const fetch = formApi();
    const { user } = renderForm();
    await submit(user);
    await waitFor(() => expect(errorsOf(field('Inventory Name'))).toEqual(['Please input inventory name.']));
    expect(errorsOf(field('Selling country'))).toEqual(['Please select inventories country.']);
    expect(sent(fetch, 'POST')).toHaveLength(0);
  });

  it('offers only the inventory regions on each side, and FBA is shown disabled', async () => {
    formApi();
    const { user } = renderForm();
    await user.click(field('Buying country'));
    await waitFor(() => expect(openOptions()).toEqual(['United States (US)', 'United Kingdom (GB)']));
    await user.keyboard('{Escape}');
    await user.click(field('Selling country'));
    await waitFor(() => expect(openOptions()).toHaveLength(7));
    expect(openOptions()).toContain('United Arab Emirates (AE)');
    expect(field('FBM')).toBeChecked();
    expect(field('FBA')).toBeDisabled();
  });

  it('says the countries should be different', async () => {
    const fetch = formApi();
    const { user } = renderForm();
    await user.type(field('Inventory Name'), 'Toys');
    await choose(user, 'Selling country', 'United States (US)');
    await submit(user);
    await waitFor(() =>
      expect(errorsOf(field('Selling country'))).toEqual(['Countries should be different.']),
    );
    expect(sent(fetch, 'POST')).toHaveLength(0);
  });

  it("checks the settings with the same messages as the report's Settings tab", async () => {
    const fetch = formApi();
    const { user } = renderForm();
    await user.type(field('Inventory Name'), 'Toys');
    await choose(user, 'Selling country', 'Canada (CA)');
    await user.clear(field('Minimum Stock'));
    await user.type(field('Minimum Stock'), '9');
    await submit(user);
    await waitFor(() =>
      expect(errorsOf(field('Minimum Stock'))).toEqual([
        "Minimum stock can't be greater than default stock.",
      ]),
    );
    await user.clear(field('Minimum Stock'));
    await user.type(field('Minimum Stock'), '1');
    await user.clear(field('Handling Time (days)'));
    await submit(user);
    await waitFor(() => expect(errorsOf(field('Handling Time (days)'))).toEqual(['Enter value']));
    expect(errorsOf(field('Minimum Stock'))).toEqual([]);
    expect(sent(fetch, 'POST')).toHaveLength(0);
    // A field's message goes as soon as it changes.
    await user.type(field('Handling Time (days)'), '3');
    await waitFor(() => expect(errorsOf(field('Handling Time (days)'))).toEqual([]));
  });

  it('creates an inventory with the auto parity of its countries, then says Inventory Created', async () => {
    const fetch = formApi();
    const { onSaved, user } = renderForm();
    await user.type(field('Inventory Name'), '  Toys for Canada ');
    await choose(user, 'Selling country', 'Canada (CA)');
    await waitFor(() => expect(field('Parity')).toHaveValue('1.40'));
    await user.type(field('Amazon Store ID'), 'A1STORE');
    await user.click(screen.getByText('Recommended').closest('button')!);
    await user.click((await screen.findByText('Yes')).closest('button')!);
    await submit(user);
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    const body = sent(fetch, 'POST')[0]!;
    expect(body).toMatchObject({
      title: 'Toys for Canada',
      from_country: 'us',
      to_country: 'ca',
      sell_type: 'fbm',
      amazon_store_id: 'A1STORE',
      filter_id: null,
    });
    const settings = body.settings as Settings;
    expect(settings).toMatchObject({ parity: 1.4, parity_type: 'auto', handling_time: 2, min_stock: 1 });
    expect(settings.pricing_rules.length).toBeGreaterThan(1);
    expect(await screen.findByText('Inventory Created')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalled();
  });

  it("warns when a typed parity is over 10 % off today's rate, naming the rate and its date, in Turkish too", async () => {
    fakeApi((url) =>
      url === '/api/exchange-rates'
        ? { body: { source: 'ecb', as_of: '2026-11-27', rates: RATES } }
        : url === '/api/filter-sets'
          ? { body: [FILTER_SET] }
          : undefined,
    );
    const inventory = inventoryFixture({
      settings: { ...inventoryFixture().settings, parity: 1.12, parity_type: 'fixed' },
    });
    const { user } = renderForm(inventory);
    // US → CA today: 1.40. A typed 1.12 is 20 % off.
    expect(await screen.findByTestId('typed-parity-warning')).toHaveTextContent(
      "This parity is 20 % off today's rate for these countries, 1.40 (Rates of 27 November 2026, ECB).",
    );
    // Within 10 %: a cushion the seller chose, left alone.
    await user.clear(field('Parity'));
    await user.type(field('Parity'), '1.45');
    await waitFor(() => expect(screen.queryByTestId('typed-parity-warning')).toBeNull());
    await user.clear(field('Parity'));
    await user.type(field('Parity'), '1.6');
    expect(await screen.findByTestId('typed-parity-warning')).toHaveTextContent('14 % off');
    await changeLanguage('tr');
    expect(await screen.findByTestId('typed-parity-warning')).toHaveTextContent(
      'Bu parite, bu ülkeler için bugünkü kurdan %14 farklı: bugünkü kur 1.40',
    );
    // Auto is the rate itself: nothing to warn about.
    await changeLanguage('en');
    await user.click(screen.getByText('Auto'));
    await waitFor(() => expect(screen.queryByTestId('typed-parity-warning')).toBeNull());
  });

  it("edits an inventory's settings and filter set, then says Inventory Settings Updated", async () => {
    const fetch = formApi();
    const inventory = inventoryFixture({ amazon_store_id: 'A1STORE', products_count: 3 });
    const { onSaved, user } = renderForm(inventory);
    expect(field('Inventory Name')).toHaveValue('Toys for Canada');
    // Its products were looked up for these countries.
    expect(field('Selling country')).toBeDisabled();
    await user.clear(field('Inventory Name'));
    await user.type(field('Inventory Name'), 'Toys, Canada');
    await choose(user, 'Filter Set', 'Cheap toys (2 filters)');
    await user.clear(field('Amazon Store ID'));
    await submit(user, 'Save');
    await waitFor(() => expect(sent(fetch, 'PATCH')).toHaveLength(1));
    expect(sent(fetch, 'PATCH')[0]).toMatchObject({
      title: 'Toys, Canada',
      from_country: 'us',
      to_country: 'ca',
      filter_id: FILTER_SET_ID,
      amazon_store_id: null,
      settings: { handling_time: 2, def_stock: 5 },
    });
    expect(await screen.findByText('Inventory Settings Updated')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalled();
  });

  it('says Failed, and shows what the server named, when the save is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = formApi({
      status: 400,
      body: {
        error: {
          code: 'validation_error',
          message: 'Invalid body: filter_id: Choose one of your filter sets.',
          fields: [
            {
              field: 'filter_id',
              key: 'validation.inventory.filterId',
              message: 'Choose one of your filter sets.',
            },
          ],
        },
      },
    });
    const { onSaved, user } = renderForm(inventoryFixture());
    await submit(user, 'Save');
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(errorsOf(field('Filter Set'))).toEqual(['Choose one of your filter sets.']);
    expect(sent(fetch, 'PATCH')).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('speaks Turkish', async () => {
    await changeLanguage('tr');
    formApi();
    const { user } = renderForm();
    await submit(user, 'Oluştur');
    await waitFor(() => expect(errorsOf(field('Envanter Adı'))).toEqual(['Lütfen envanter adını girin.']));
    expect(errorsOf(field('Satış ülkesi'))).toEqual(['Lütfen envanter ülkesini seçin.']);
  });
});
