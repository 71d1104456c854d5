// The codec's module alone: the package's index also brings JSON texts Playwright's loader cannot import.
import { encodeFilters } from '../packages/domain/src/filters/codec';
import type { FilterSet } from '../packages/domain/src/schemas/filter-sets';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { subscriber } from './helpers';

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

test('a seller renames and edits a filter set, and cannot delete one an inventory uses', async ({ page }) => {
  // Two accessibility sweeps, each in both themes.
  test.setTimeout(360_000);
  await subscriber(page, 'L');
  const created = await page.request.post('/api/filter-sets', {
    data: {
      name: 'Cheap toys',
      content: encodeFilters([
        { id: 'cross_buy_price', value: { min: 1, max: 50 } },
        { id: 'to_buybox', value: 'only' },
      ]),
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as FilterSet;

  await page.goto('/filter-sets');
  await expect(page).toHaveTitle('Crossmarket - Filter Sets');
  const row = page.getByRole('row').filter({ hasText: id.split('-')[0] });
  await expect(row).toContainText('Cheap toys');
  await expect(row).toContainText('2 filters');
  await expectAccessible(page, 'the Filter Sets page');

  // Edit: the drawer opens on /filter-sets/:id with the set's cards switched on.
  await row.getByRole('button', { name: 'Actions for Cheap toys' }).click();
  await page.getByRole('menuitem', { name: 'Edit Filter Set' }).click();
  await expect(page).toHaveURL(new RegExp(`/filter-sets/${id}$`));
  const drawer = page.getByRole('dialog');
  const name = drawer.getByLabel('Filter set name');
  await expect(name).toHaveValue('Cheap toys');
  await expect(drawer.getByRole('button', { name: 'Buying country filters' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Selling country filters' })).toBeVisible();
  const buyPrice = drawer.getByTestId('filter-cross_buy_price');
  await expect(buyPrice.getByRole('switch')).toBeChecked();
  await expectAccessible(page, 'the edit drawer', '.ant-drawer');

  await name.fill('Cheaper toys');
  await buyPrice.getByLabel('Buy Price Max').fill('30');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Filter Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/filter-sets$/);
  await expect(row).toContainText('Cheaper toys');

  const saved = (await (await page.request.get(`/api/filter-sets/${id}`)).json()) as FilterSet;
  expect(saved.content).toBe(
    encodeFilters([
      { id: 'cross_buy_price', value: { min: 1, max: 30 } },
      { id: 'to_buybox', value: 'only' },
    ]),
  );

  // An inventory that uses the set keeps it from being deleted.
  const inventory = await page.request.post('/api/inventories', {
    data: {
      title: 'Toys for Canada',
      from_country: 'us',
      to_country: 'ca',
      sell_type: 'fbm',
      filter_id: id,
      settings: {
        handling_time: 2,
        parity: 1.37,
        parity_type: 'auto',
        default_category_commission_rate: 15,
        commission_rate_type: 'fixed',
        min_stock: 1,
        def_stock: 5,
        pricing_rules: [
          {
            rule_type: 'cost',
            threshold_start: 0,
            threshold_end: 10_000_000,
            rate_type: 'fixed',
            min_rate: 10,
            std_rate: 20,
            max_rate: 50,
            stock: 5,
          },
        ],
      },
    },
  });
  expect(inventory.status()).toBe(201);

  await row.getByRole('button', { name: 'Actions for Cheaper toys' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure to delete this filter set?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'This filter-set is already in use.')).toBeVisible();
  await expect(row).toContainText('Cheaper toys');
});
