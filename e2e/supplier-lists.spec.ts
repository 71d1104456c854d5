import { SUPPLIER_HEADER, supplierRows, toCsv } from '../packages/domain/src/suppliers/supplier-fixture';
import type { ReportDetail } from '../packages/domain/src/schemas/reports-responses';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { subscriber, usToCaInventory } from './helpers';

// Issue 62: a supplier's price list, from the file to priced rows and an inventory.
const csv = toCsv([
  SUPPLIER_HEADER,
  ...supplierRows(40),
  ['036000291453', 'Bad check digit', '1.00', '1', '1', 'X1'],
  ['', 'No code', '1.00', '1', '1', 'X2'],
]);

test('a seller uploads a supplier price list, maps it, sends it and adds its rows to an inventory', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await subscriber(page, 'L');
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Create New' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Create New Report' });
  await drawer.getByLabel('Supplier price list').check();
  await expect(drawer.getByLabel("Supplier's country")).toBeVisible();
  await drawer.getByLabel('Selling Country').click();
  await page.getByTitle('Canada (CA)').last().click();

  await drawer.locator('input[type=file]').setInputFiles({
    name: 'acme.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // The usual headers are recognised; the file is checked as it is mapped.
  const mapping = drawer.getByTestId('supplier-mapping');
  await expect(mapping).toBeVisible();
  await expect(mapping.getByText('A · UPC')).toBeVisible();
  const check = drawer.getByTestId('supplier-check');
  await expect(check).toContainText('40 lines can be priced; 2 cannot.');
  await expect(drawer.getByTestId('supplier-bad-lines')).toContainText(
    "Line 42: The identifier's check digit is wrong (036000291453)",
  );
  await expect(drawer.getByTestId('supplier-bad-lines')).toContainText('Line 43: No identifier');
  await expect(drawer.getByTestId('supplier-preview')).toContainText('Supplier item 1');

  // By keyboard alone: the cost column taken away says what is missing, then chosen again by typing.
  const cost = drawer.getByLabel('Cost', { exact: true });
  await cost.focus();
  await page.keyboard.type('none');
  await page.keyboard.press('Enter');
  await expect(drawer.getByText('Choose the column with the cost.')).toBeVisible();
  await cost.focus();
  await page.keyboard.type('Unit Cost');
  await page.keyboard.press('Enter');
  await expect(check).toContainText('40 lines can be priced; 2 cannot.');

  await drawer.getByLabel('Supplier', { exact: true }).fill('Acme Wholesale');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the Create New Report drawer with a supplier list', '.ant-drawer');

  await drawer.getByLabel('Title').fill('Acme for Canada');
  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('report-created')).toContainText(
    'Product IDs successfully sent to the queue.',
  );

  const row = page.getByRole('row', { name: /Acme for Canada/ });
  await expect(row.getByText('Done')).toBeVisible({ timeout: 120_000 });

  // The same list again, chosen among those uploaded: nothing is uploaded twice.
  await page.getByRole('button', { name: 'Create New' }).first().click();
  await drawer.getByLabel('Supplier price list').check();
  await drawer.getByLabel('Use a list already uploaded').check();
  await drawer.getByLabel('Selling Country').click();
  await page.getByTitle('Canada (CA)').last().click();
  await drawer.getByLabel('Uploaded list').click();
  await page.getByTitle(/^Acme Wholesale — acme\.csv \(US, .*, 40 lines\)$/).click();
  await drawer.getByLabel('Title').fill('Acme again');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the Create New Report drawer with an uploaded list', '.ant-drawer');
  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row', { name: /Acme again/ }).getByText('Done')).toBeVisible({
    timeout: 120_000,
  });
  const lists = (await (await page.request.get('/api/supplier-lists')).json()) as { data: unknown[] };
  expect(lists.data).toHaveLength(1);
  const reports = (await (await page.request.get('/api/reports')).json()) as { id: string; title: string }[];
  const reportId = reports.find((r) => r.title === 'Acme for Canada')!.id;
  const detail = (await (await page.request.get(`/api/reports/${reportId}`)).json()) as ReportDetail;
  expect(detail.finalized).toBe(true);

  // An inventory of the same countries to add the rows to.
  const inventoryId = await usToCaInventory(page.request, 'Acme in Canada');
  await page.goto(`/reports/${reportId}`);
  // The header names the supplier and the list, and what became of its lines.
  const header = page.getByTestId('supplier-report');
  await expect(header).toContainText('Supplier price list: Acme Wholesale — acme.csv (version 1');
  await expect(header.getByTestId('supplier-report-lines')).toContainText(
    /^40 lines · \d+ matched · \d+ not found/,
  );
  await expect(header.getByTestId('supplier-report-lines')).toContainText('2 bad lines');
  await expect(page.getByTestId('supplier-match').first()).toBeVisible();
  await expect(page.getByTestId('supplier-match').first()).toContainText(/Line \d+ · (UPC|EAN) \d+/);
  await expect(page.getByTestId('supplier-pack').first()).toBeVisible();
  await expect(page.getByTestId('supplier-order').first()).toContainText('Minimum order');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'a supplier report with its match and pack notes');

  const card = page.getByTestId('add-to-inventory');
  await card.getByLabel('Choose an inventory').click();
  await page.getByTitle('Acme in Canada', { exact: true }).click();
  await card.getByRole('button', { name: /Add \d+ filtered products$/ }).click();
  await expect(card.getByTestId('add-to-inventory-outcome')).toContainText(
    /^\d+ products added, 0 already there/,
  );
  // Rows whose Amazon pack differs from the supplier's, or is unknown, wait for the seller's word.
  const packs = card.getByTestId('pack-left-out');
  await expect(packs).toContainText(/\d+ products? (was|were) left out: Amazon's pack differs/);
  await page.mouse.move(0, 0);
  await expectAccessible(
    page,
    'the supplier rows left out for their pack',
    '[data-testid="add-to-inventory"]',
  );
  await packs.getByRole('checkbox').check();
  await packs.getByRole('button', { name: /with (its|their) packs? confirmed/ }).click();
  await expect(packs).toBeHidden();
  await expect(card.getByTestId('add-to-inventory-outcome')).toContainText(
    /^\d+ products? added, \d+ already there/,
  );

  // Version 2 sells every line by 7: a pack that matched Amazon's now differs and waits for the seller,
  // who confirms it on the inventory's products after a dialog naming both packs and the buy price.
  const supplierId = (lists.data[0] as { supplier: { id: string } }).supplier.id;
  const v2 = toCsv([SUPPLIER_HEADER, ...supplierRows(40).map((r) => [...r.slice(0, 3), '7', ...r.slice(4)])]);
  const uploaded = await page.request.post('/api/supplier-lists', {
    multipart: {
      supplier_name: 'Acme Wholesale',
      supplier_id: supplierId,
      country: 'us',
      currency: 'USD',
      mapping: JSON.stringify({
        identifier: 0,
        name: 1,
        cost: 2,
        pack_size: 3,
        min_order: 4,
        supplier_sku: 5,
      }),
      file: { name: 'acme-v2.csv', mimeType: 'text/csv', buffer: Buffer.from(v2) },
    },
  });
  expect(uploaded.status()).toBe(201);
  await page.goto(`/inventories/${inventoryId}`);
  const confirmPack = page.getByRole('button', { name: /^Confirm pack of / }).first();
  await expect(async () => {
    await page.reload();
    await expect(confirmPack).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the inventory products with a pack to confirm', '.ant-table');
  const product = ((await confirmPack.getAttribute('aria-label')) ?? '').replace('Confirm pack of ', '');
  await confirmPack.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Confirm the pack of ${product}?`);
  await expect(dialog).toContainText("Supplier's pack7 units");
  await expect(dialog).toContainText(/Amazon's quantity(\d+ units?|Not stated)/);
  await expect(dialog).toContainText(/Buy price\$[\d.]+ a unit × \d+ = \$[\d.]+/);
  await expectAccessible(page, 'the pack confirmation dialog', '.ant-modal');
  await dialog.getByRole('button', { name: 'Confirm pack' }).click();
  await expect(page.getByText(`The pack of ${product} is confirmed.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Confirm pack of ${product}` })).toBeHidden();
});
