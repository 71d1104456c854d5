import fs from 'node:fs';
// The writers' module alone: the package's index also brings JSON texts Playwright's loader cannot import.
import {
  buildAutoPriceFile,
  buildInventoryFile,
  buildProductIdList,
  DEFAULT_EXPORT_OPTIONS,
  selectExportItems,
} from '../packages/domain/src/exports';
import type { Me } from '../packages/domain/src/schemas/account-responses';
import type { ExportsResponse } from '../packages/domain/src/schemas/analysis-responses';
import type { Inventory } from '../packages/domain/src/schemas/inventories';
import type { Download, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { finishedReport, openFilters, subscriber, usToCaInventory } from './helpers';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `B0RD${String(i).padStart(6, '0')}`);

const heading = (page: Page) => page.getByTestId('results-heading');
const card = (page: Page, id: string) => page.getByTestId(`filter-${id}`);

/** Clicks page `n` of the table and waits for that page's rows (fetched, or from the cache). */
async function goToPage(page: Page, n: number) {
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  const before = await firstRow.getAttribute('data-row-key');
  await page.getByRole('listitem', { name: String(n), exact: true }).click();
  await expect(page.locator('.ant-pagination-item-active')).toHaveText(String(n));
  await expect(firstRow).not.toHaveAttribute('data-row-key', before!);
}

async function enableRange(page: Page, id: string, min: number) {
  const c = card(page, id);
  await c.getByRole('switch').click();
  await c.getByLabel(/Min$/).fill(String(min));
}

async function enableMode(page: Page, id: string, choice: 'Only' | 'Exclude') {
  const c = card(page, id);
  await c.getByRole('switch').click();
  await c.getByText(choice, { exact: true }).click();
}

test('a seller filters a finished report, pages, selects, saves a set and shares the view', async ({
  page,
}) => {
  // A long journey with four accessibility sweeps (each in both themes) and an inventory update.
  test.setTimeout(600_000);
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(60), 'Toys for Canada');
  await page.goto(`/reports/${reportId}`);
  await expect(page).toHaveTitle('Crossmarket - Toys for Canada');
  await expect(
    page.getByRole('navigation').getByText(`Toys for Canada ${reportId.split('-')[0]}`),
  ).toBeVisible();
  await expect(heading(page)).toHaveText('60 / 60 products');
  await expect(page.getByText('Completed')).toBeVisible();
  await expectAccessible(page, 'report detail');

  // Three filters on each side.
  await openFilters(page);
  await enableRange(page, 'cross_sellers_count', 1);
  await enableMode(page, 'cross_no_shipping', 'Exclude');
  await enableRange(page, 'cross_weight_lbs', 0);
  await enableRange(page, 'to_sellers_count', 1);
  await enableMode(page, 'to_no_stock', 'Exclude');
  await enableRange(page, 'to_review_count', 0);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/[?&]f=/);
  await expect(page.getByTestId('active-filters-badge')).toContainText('6');
  await expect(heading(page)).not.toHaveText('60 / 60 products');
  const filtered = (await heading(page).textContent())!;
  const count = Number(filtered.split(' / ')[0]);
  expect(count).toBeGreaterThan(20);
  // Select All right after Apply takes every match, the list of them in or not yet.
  await page.getByRole('button', { name: `Select All (${count})` }).click();
  await expect(page.getByTestId('selected-count')).toHaveText(`${count} products selected`);
  await page.getByRole('button', { name: 'Remove All' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('0 products selected');

  // Sort by PPR, then page 2. One click each: a lost click is a defect, not something to retry.
  await page.getByTestId('sort-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('PPR (descending)', { exact: true }).click();
  await expect(page).toHaveURL(/sort=ppr-desc/);
  await goToPage(page, 2);
  await expect(page).toHaveURL(/sort=ppr-desc.*page=2|page=2.*sort=ppr-desc/);

  // Select a row on page 2 and one on page 1: both are kept.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await rows.nth(0).getByRole('checkbox').check();
  const secondPageId = await rows.nth(0).getAttribute('data-row-key');
  await goToPage(page, 1);
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 products selected');
  await goToPage(page, 2);
  await expect(page.locator(`tr[data-row-key="${secondPageId}"]`).getByRole('checkbox')).toBeChecked();

  // Save the filters as a set.
  await page.getByRole('button', { name: 'Save as Filter Set' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Save New Filter Set' });
  await expect(dialog.getByText('6 filters will be saved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please input filter set name.', { exact: true })).toBeVisible();
  await dialog.getByLabel('Filter set name').fill('Six for Canada');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Filter Set Created')).toBeVisible();

  // The URL restores the same view.
  const url = page.url();
  await page.reload();
  await expect(heading(page)).toHaveText(filtered);
  await expect(page.getByTestId('sort-select')).toContainText('PPR (descending)');
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
  // Opened with filters applied: results first, the panel closed and the summary above the table.
  await expect(page.getByTestId('active-filters-summary').getByRole('listitem')).toHaveCount(6);
  await openFilters(page);
  await expect(card(page, 'to_review_count').getByRole('switch')).toBeChecked();
  expect(page.url()).toBe(url);

  // Reset, then load the set back.
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(heading(page)).toHaveText('60 / 60 products');
  await expect(page).not.toHaveURL(/[?&]f=/);
  await page.getByTestId('load-filter-set').click();
  await page.getByTitle(/Six for Canada \(6 filters\)/).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(heading(page)).toHaveText(filtered);

  // Back returns to the unfiltered view.
  await page.goBack();
  await expect(heading(page)).toHaveText('60 / 60 products');
  await page.goForward();
  await expect(heading(page)).toHaveText(filtered);

  // A product's sellers: one whose source has a buy box today (the sandbox leaves one in ten without),
  // so that the watch below has a price when the inventory update's light check sees it again.
  const pageIds = await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row-key')!));
  let watched = pageIds[0]!;
  for (const id of pageIds) {
    const seen = (await (await page.request.get(`/v1/products/us/${id}/history?days=30`)).json()) as {
      points: { source: string; buybox_price: number | null }[];
    };
    const last = seen.points.at(-1);
    if (last?.source === 'observed' && last.buybox_price != null) {
      watched = id;
      break;
    }
  }
  await page
    .locator(`tr[data-row-key="${watched}"]`)
    .getByRole('button', { name: 'Sellers & Prices' })
    .click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'other prices showing' });
  await expect(drawer.getByText(/other prices? showing/).first()).toBeVisible();
  await expect(drawer.getByTestId('seller-card').first()).toBeVisible();
  // Its price and rank history (issue 49): the report's own lookups and the sandbox's generated past.
  const history = drawer.getByTestId('price-history');
  await expect(history.getByTestId('history-caption')).toContainText('as Amazon showed them in this range');
  await expect(history.getByTestId('history-caption')).toContainText('generated by the sandbox');
  await expect(history.getByRole('img', { name: /Price and rank history/ })).toBeVisible();
  await expect(history.locator('canvas').first()).toBeVisible();
  await history.getByText('Table', { exact: true }).click();
  await expect(history.getByTestId('history-table').getByRole('table')).toHaveCount(2);
  await expect(history.getByTestId('history-signals')).toContainText('Days out of stock');
  await expectAccessible(page, 'sellers drawer', '.ant-drawer');

  // Watch it (issue 49): the source's price at or below a threshold its next look meets.
  await history.getByRole('button', { name: 'Watch', exact: true }).click();
  const watchDialog = page.getByRole('dialog', { name: `Watch ${watched}` });
  await expect(watchDialog.getByText('You are not watching this product yet.')).toBeVisible();
  await watchDialog.getByRole('radio', { name: 'Price at or below' }).check();
  await watchDialog.getByRole('spinbutton', { name: 'Price (USD)' }).fill('10000');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the watch dialog', '.ant-modal');
  await watchDialog.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(page.getByText('Watching. Alerts appear under Notifications.')).toBeVisible();
  await expect(history.getByRole('button', { name: 'Watching (1)' })).toBeVisible();

  // An inventory update looks the product up again: the watch fires once.
  const inventoryId = await usToCaInventory(page.request, 'Watched in Canada');
  const added = await page.request.post(`/api/inventories/${inventoryId}/products`, {
    data: { report_id: reportId, product_ids: [watched] },
  });
  expect(added.status()).toBe(200);
  expect((await page.request.post(`/api/inventories/${inventoryId}/update`)).status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/inventories/${inventoryId}`)).json()) as Inventory).update
          .status,
      { timeout: 120_000 },
    )
    .toBe('done');

  // The header counts it; the list says it, opens the product on Amazon and marks it read.
  await page.reload();
  const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const notification = page.getByTestId('notification');
  await expect(notification).toHaveCount(1);
  await expect(notification).toContainText(watched);
  await expect(notification).toContainText(/Price at or below: \$[\d,.]+/);
  await expect(notification.getByRole('link', { name: /^Open on Amazon US/ })).toHaveAttribute(
    'href',
    `https://www.amazon.com/dp/${watched}`,
  );
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'notifications');
  await notification.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(notification.getByText('New', { exact: true })).toHaveCount(0);
});

test('a broken link, another seller’s report and an unknown one', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(5), 'Mine');
  await page.goto(`/reports/${reportId}?f=not-a-filter`);
  await expect(page.getByTestId('malformed-link')).toBeVisible();
  await expect(heading(page)).toHaveText('5 / 5 products');

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await context.newPage();
  await subscriber(other, 'L');
  await other.goto(`/reports/${reportId}`);
  await expect(other.getByText("This report isn't a valid report.", { exact: false })).toBeVisible();
  await other.goto('/reports/00000000-0000-4000-8000-000000000000');
  await expect(other.getByText("This report isn't a valid report.", { exact: false })).toBeVisible();
  await expectAccessible(other, 'invalid report');
  await context.close();
});

test('a seller prices a report with the recommended rules and downloads the three files', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(40), 'Priced for Canada');
  await page.goto(`/reports/${reportId}`);
  await expect(heading(page)).toHaveText('40 / 40 products');
  // Priced with the defaults as it finished (issue 46): the settings-dependent filters are open at once.
  await openFilters(page);
  await expect(card(page, 'to_ppr_percent').getByRole('switch')).toBeEnabled();

  // Settings: the recommended rule set, applied.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Apply Settings & Filters' }).waitFor();
  await page.getByLabel('Handling Time (days)').fill('21');
  await page.getByRole('button', { name: 'Apply Settings & Filters' }).click();
  await expect(page.getByText('Enter value')).toBeVisible();
  await page.getByLabel('Handling Time (days)').fill('3');
  await expect(page.getByText('Enter value')).toBeHidden();
  await page.getByRole('button', { name: 'Recommended' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('rule-1')).toBeVisible();
  // The panel alone: the table below it is the one 'report detail' sweeps, and the whole page cost
  // axe 13-36 s a theme on a loaded machine (its contrast rule over every row).
  await expectAccessible(page, 'settings tab', '.ant-collapse');
  const saved = page.waitForResponse((r) => r.url().endsWith('/v1/settings'));
  await page.getByRole('button', { name: 'Apply Settings & Filters' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('.ant-message').getByText('Success', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-table-tbody').getByText('PPR:').first()).toBeVisible();

  // One product's own rates: checked like a rule's, then shown on its row.
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await firstRow.getByRole('button', { name: 'Set own rates' }).click();
  const ratesDialog = page.getByRole('dialog').filter({ hasText: 'Own profit rates of' });
  await ratesDialog.getByLabel('Min rate (%)').fill('30');
  await ratesDialog.getByLabel('Std rate (%)').fill('20');
  await ratesDialog.getByLabel('Max rate (%)').fill('60');
  await ratesDialog.getByRole('button', { name: 'Save' }).click();
  await expect(ratesDialog.getByText('Minimum rate must be lower than standard rate')).toBeVisible();
  await ratesDialog.getByLabel('Min rate (%)').fill('10');
  await ratesDialog.getByLabel('Std rate (%)').fill('40');
  await ratesDialog.getByRole('button', { name: 'Save' }).click();
  await expect(firstRow.getByTestId('own-rates')).toHaveText('Own rates (min / std / max): 10 / 40 / 60%');

  // Saved as an inventory's settings, then loaded back over a change.
  await page.getByRole('button', { name: 'Save as Inventory Settings' }).click();
  const save = page.getByRole('dialog').filter({ hasText: 'Inventory settings title' });
  await save.getByLabel('Inventory settings title').fill('Canada FBM');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Inventory Created')).toBeVisible();
  await page.getByLabel('Handling Time (days)').fill('5');
  await page.getByLabel('Load an inventory settings').click();
  await page.getByTitle('Canada FBM').click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Replace your settings?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page.getByLabel('Handling Time (days)')).toHaveValue('3');

  await page.getByRole('tab', { name: 'Filters' }).click();
  await expect(card(page, 'to_ppr_percent').getByRole('switch')).toBeEnabled();

  // Two products on two pages, selected while the re-priced page, IDs and charts may still be landing: a
  // click lost here was the filter cards settling their height above the table (docs/decisions.md, "Lost
  // clicks"), and scripts/loop-journey.sh runs this journey again and again to show it stays found.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const selected: string[] = [];
  await rows.nth(0).getByRole('checkbox').check();
  selected.push((await rows.nth(0).getAttribute('data-row-key'))!);
  await goToPage(page, 2);
  await rows.nth(0).getByRole('checkbox').check();
  selected.push((await rows.nth(0).getAttribute('data-row-key'))!);
  await expect(page.getByTestId('selected-count')).toHaveText('2 products selected');

  // The export drawer writes the inventory and AutoPrice files.
  await page.getByRole('button', { name: 'Download Inventory File' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Exporting 2 products' });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Exclude banned products').uncheck();
  await expect(drawer.getByText('Brand-banned, word-banned, or product ID-banned products')).toBeVisible();
  await drawer.getByLabel('Exclude banned products').check();
  await drawer.getByLabel('AutoPrice Rule Name').fill('Crossmarket rule');
  await expectAccessible(page, 'export drawer', '.ant-drawer');
  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await drawer.getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => downloads.length).toBe(2);
  const inventory = downloads.find((d) => d.suggestedFilename().startsWith('inventory-'))!;
  const autoprice = downloads.find((d) => d.suggestedFilename().startsWith('autoprice-'))!;
  expect(inventory.suggestedFilename()).toMatch(new RegExp(`^inventory-${reportId.split('-')[0]}-us-ca-`));

  // Byte for byte what the domain's writers make of the same export answer.
  const me = (await (await page.request.get('/api/me')).json()) as Me;
  const answer = (await (
    await page.request.post('/v1/exports', {
      data: { report_id: reportId, export_type: 'fbm', product_ids: selected.join(',') },
    })
  ).json()) as ExportsResponse;
  const items = selectExportItems(
    answer.data.map((p) => ({ ...p, matchesFilters: true })),
    DEFAULT_EXPORT_OPTIONS,
    { userId: me.user.id },
  );
  expect(items.length).toBeGreaterThan(0);
  expect(await read(inventory)).toBe(buildInventoryFile(items, { handlingTime: 3 }));
  expect(await read(autoprice)).toBe(
    buildAutoPriceFile(items, { country: 'ca', currency: 'CAD', ruleName: 'Crossmarket rule' }),
  );
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The product ID list of the selection.
  const listDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Selected' }).click();
  const list = await listDownload;
  expect(await read(list)).toBe(buildProductIdList(selected));
});

test('in Turkish: the settings messages, then the charts narrow the filters to a bar', async ({ page }) => {
  test.setTimeout(360_000);
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(60), 'Grafikler');
  await page.addInitScript(() => window.localStorage.setItem('crossmarket.language', 'tr'));
  await page.goto(`/reports/${reportId}`);
  await expect(heading(page)).toHaveText('60 / 60 ürün');
  // Folded until the seller opens them once (issue 59); priced with the defaults as it finished (issue 46),
  // the charts are drawn as soon as they are opened.
  await page.getByTestId('charts-panel').getByRole('button', { name: 'Grafikler' }).click();
  await expect(page.getByTestId('chart-ppr').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('charts-panel').getByText(/^Önce ayarları tanımlayın\./)).toHaveCount(0);

  // The settings form's messages in Turkish: a field's, and a rule's ordering.
  await openFilters(page);
  await page.getByRole('tab', { name: 'Ayarlar' }).click();
  const apply = page.getByRole('button', { name: 'Ayarları ve Filtreleri Uygula' });
  await page.getByLabel('Hazırlık Süresi (gün)').fill('21');
  await page.getByLabel('En az oran (%) (Kural 1)').fill('90');
  await apply.click();
  await expect(page.getByText('Değer girin')).toBeVisible();
  await expect(page.getByText('Minimum oran standart orandan düşük olmalıdır')).toBeVisible();
  await page.getByLabel('Hazırlık Süresi (gün)').fill('2');
  await expect(page.getByText('Değer girin')).toBeHidden();
  await page.getByRole('button', { name: 'Önerilen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByText('Minimum oran standart orandan düşük olmalıdır')).toBeHidden();
  await apply.click();
  await expect(page.locator('.ant-message').getByText('Başarılı', { exact: true })).toBeVisible();

  // The charts of every filtered product, drawn on canvases labelled for screen readers.
  const ppr = page.getByTestId('chart-ppr');
  await expect(ppr.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-profit').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-rank').locator('canvas')).toBeVisible();
  await expect(ppr.getByRole('img')).toHaveAttribute('aria-label', /çubukta \d+ ürün/);
  await expectAccessible(page, 'charts');

  // A bar narrows the filters to its range (from the table view, by keyboard): the table follows.
  await ppr.getByText('Tablo', { exact: true }).click();
  const bar = ppr.locator('.ant-table-tbody tr').filter({
    has: page.getByRole('button', { name: 'Bu aralığa daralt', disabled: false }),
  });
  const count = Number(await bar.first().locator('td').nth(1).innerText());
  expect(count).toBeGreaterThan(0);
  await bar.first().getByRole('button').press('Enter');
  await expect(heading(page)).toHaveText(`${count} / 60 ürün`);
  await expect(page.getByTestId('active-filters-badge')).toHaveText('1');
  await page.getByRole('tab', { name: 'Filtreler' }).click();
  await expect(card(page, 'to_ppr_percent').getByRole('switch')).toBeChecked();
  // The charts are drawn again for the narrowed rows.
  await ppr.getByText('Grafik', { exact: true }).click();
  // By its name: until the chart replaces the table view, that view's pager icons are images too.
  await expect(ppr.getByRole('img', { name: new RegExp(`çubukta ${count} ürün`) })).toBeVisible();
});

async function read(download: Download) {
  return fs.readFileSync((await download.path())!, 'utf8');
}

test('the rows of a report are dense at 1440×900, every figure still there (issue 46 item 7)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(12), 'Dense rows');
  await page.goto(`/reports/${reportId}`);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first().getByText('PPR:')).toBeVisible();
  // A first report's first rows are above the fold: the charts wait folded (issue 59; they sat at 848 px).
  const firstRowTop = await rows.first().evaluate((tr) => tr.getBoundingClientRect().top);
  expect(firstRowTop).toBeLessThan(900 - 150);
  const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
  console.log(`row heights at 1440×900: ${heights.map(Math.round).join(', ')}`);
  // Issue 46 item 7 found rows about 190 px tall; these measure 157 px (203 px with the shared lines but
  // the old column widths; the one-figure-a-line layout before was taller still).
  expect(Math.max(...heights)).toBeLessThan(175);
  for (const text of ['Cost:', 'Our price:', 'BuyBox:', 'Lowest:', 'Order limit:'])
    await expect(rows.first().getByText(text).first()).toBeVisible();
  await expectAccessible(page, 'report table, dense rows', '.ant-table');
});
