import fs from 'node:fs';
// Single modules: the package's index also brings JSON texts Playwright's loader cannot import.
import { encodeFilters } from '../packages/domain/src/filters/codec';
import { PRESET_RULE_SETS } from '../packages/domain/src/pricing/presets';
import type { InventoryList } from '../packages/domain/src/schemas/inventories';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { finishedReport, subscriber } from './helpers';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `B0IN${String(i).padStart(6, '0')}`);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

/** The home page's inventory quota card: used / the plan's quota. */
async function expectQuota(page: Page, used: number) {
  await page.goto('/');
  await expect(page.getByTestId('inventory-quota')).toContainText(
    new RegExp(`(^|\\D)${used}\\s*/\\s*25,000`),
  );
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByTitle(option, { exact: true }).click();
}

test('a seller creates an inventory, fills it from a report within the quota, updates it and deletes it', async ({
  page,
}) => {
  // Three accessibility sweeps in both themes, a report, an update run.
  test.setTimeout(600_000);
  await subscriber(page, 'L');
  const set = await page.request.post('/api/filter-sets', {
    data: {
      name: 'Cheap toys',
      content: encodeFilters([{ id: 'cross_buy_price', value: { min: 1, max: 50 } }]),
    },
  });
  expect(set.status()).toBe(201);
  const reportId = await finishedReport(page, ids(30), 'Toys for Canada');
  await expectQuota(page, 0);

  // The list, empty; Create New opens the drawer on /inventories/new.
  await page.goto('/inventories');
  await expect(page).toHaveTitle('Crossmarket - Inventories');
  await expect(page.getByText('There is no inventory, yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create New' }).click();
  await expect(page).toHaveURL(/\/inventories\/new$/);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Create New Inventory')).toBeVisible();
  await expect(drawer.getByLabel('FBA')).toBeDisabled();
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer.getByText('Please input inventory name.', { exact: true })).toBeVisible();
  // Away from the button: axe would measure its hover colour.
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the Create New Inventory drawer', '.ant-drawer');

  await drawer.getByLabel('Inventory Name').fill('Toys for Canada');
  await choose(page, 'Selling country', 'Canada (CA)');
  await choose(page, 'Filter Set', 'Cheap toys (1 filter)');
  await drawer.getByRole('button', { name: 'Recommended' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Replace your pricing rules?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Inventory Created')).toBeVisible();
  await expect(page).toHaveURL(/\/inventories$/);

  const [inventory] = (await (await page.request.get('/api/inventories')).json()) as InventoryList;
  expect(inventory!.settings.pricing_rules).toEqual(PRESET_RULE_SETS.recommended);
  expect(inventory!.settings.parity_type).toBe('auto');
  const id = inventory!.id;
  const row = page.getByRole('row').filter({ hasText: id.split('-')[0] });
  await expect(row).toContainText('Toys for Canada');
  await expect(row).toContainText('US');
  await expect(row).toContainText('CA');
  await expect(row).toContainText('Cheap toys');
  await expect(row).toContainText('0 products');
  // Once the drawer has slid away (axe would see its leaving form), the mouse off the buttons.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the Inventories page');

  // Settings opens the same form filled in, on /inventories/:id/settings.
  await row.getByRole('button', { name: 'Actions for Toys for Canada' }).click();
  await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/inventories/${id}/settings$`));
  await expect(page.getByRole('dialog').getByLabel('Inventory Name')).toHaveValue('Toys for Canada');
  // A parity typed far from today's rate (here the old placeholder kind of value) is warned about,
  // naming today's rate and its date; the drawer stays accessible with the warning in both themes.
  const settings = page.getByRole('dialog');
  // "Fixed" is also a commission and rule rate type: the parity type's is the radio (antd hides its
  // input: the seller clicks the button around it).
  await settings
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Fixed' }) })
    .click();
  await expect(settings.getByRole('radio', { name: 'Fixed' })).toBeChecked();
  await settings.getByLabel('Parity', { exact: true }).fill('1.12');
  await expect(settings.getByTestId('typed-parity-warning')).toContainText(
    "This parity is 19 % off today's rate for these countries, 1.38 (Rates of 13 April 2026, ECB",
  );
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the inventory settings drawer with a parity warning', '.ant-drawer');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/inventories$/);

  // Every filtered product of the report (none selected) goes into the inventory.
  await page.goto(`/reports/${reportId}`);
  await expect(page.getByTestId('results-heading')).toHaveText('30 / 30 products');
  const card = page.getByTestId('add-to-inventory');
  await card.getByLabel('Choose an inventory').click();
  await page.getByTitle('Toys for Canada', { exact: true }).click();
  await card.getByRole('button', { name: 'Add 30 filtered products' }).click();
  await expect(card.getByTestId('add-to-inventory-outcome')).toHaveText(
    "30 products added, 0 already there or skipped. 24,970 left in your plan's inventory quota.",
  );
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the Add to Inventory card', '[data-testid="add-to-inventory"]');
  await expectQuota(page, 30);

  // The view: 20 products a page, then the last 10.
  await page.goto('/inventories');
  await row.getByRole('link', { name: '30 products' }).click();
  await expect(page).toHaveURL(new RegExp(`/inventories/${id}$`));
  await expect(page.getByTestId('products-count')).toHaveText('Products: 30');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByRole('link', { name: /^B0IN000000/ })).toHaveAttribute(
    'href',
    'https://www.amazon.ca/dp/B0IN000000',
  );
  await expectAccessible(page, 'the inventory view');
  await page.getByRole('listitem', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('21');

  // Update now: queued, run by the worker, then waits an hour.
  const updateNow = page.getByRole('button', { name: 'Update now' });
  await updateNow.click();
  await expect(toast(page, 'The update is queued.')).toBeVisible();
  await expect(page.getByTestId('update-status')).toHaveText('Updated', { timeout: 120_000 });
  await expect(page.getByTestId('update-updated')).toHaveText('30');
  await expect(page.getByTestId('update-finished-at')).toBeVisible();
  await expect(updateNow).toBeDisabled();
  await expect(page.getByTestId('next-update')).toContainText('You can update again at');
  const again = await page.request.post(`/api/inventories/${id}/update`);
  expect(again.status()).toBe(429);

  // The inventory file: Seller Central's header, then one line per product with the handling time last.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download inventory file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^inventory-${id.split('-')[0]}-us-ca-.+\\.txt$`));
  const [header, ...lines] = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(header!.split('\t')).toEqual([
    'sku',
    'product-id',
    'product-id-type',
    'price',
    'minimum-seller-allowed-price',
    'maximum-seller-allowed-price',
    'item-condition',
    'quantity',
    'add-delete',
    'handling-time',
  ]);
  expect(lines.map((line) => line.split('\t')[1])).toEqual(ids(30));
  for (const line of lines) expect(line.split('\t')[9]).toBe('2');

  // Removing a product frees its quota.
  await page.getByRole('listitem', { name: '1', exact: true }).click();
  await page.getByLabel('Select B0IN000000').check();
  await page.getByRole('button', { name: 'Remove from inventory' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Remove 1 product from this inventory?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(toast(page, "1 product removed. 24,971 left in your plan's inventory quota.")).toBeVisible();
  await expect(page.getByTestId('products-count')).toHaveText('Products: 29');
  await expectQuota(page, 29);

  // The filter set the inventory uses cannot be deleted.
  await page.goto('/filter-sets');
  await page.getByRole('button', { name: 'Actions for Cheap toys' }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure to delete this filter set?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(toast(page, 'This filter-set is already in use.')).toBeVisible();

  // Deleting the inventory takes its products and gives the quota back.
  await page.goto('/inventories');
  await row.getByRole('button', { name: 'Actions for Toys for Canada' }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'This action will delete your inventory and settings. Are you sure?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(toast(page, 'Inventory Deleted')).toBeVisible();
  await expect(page.getByText('There is no inventory, yet.')).toBeVisible();
  await expectQuota(page, 0);
});
