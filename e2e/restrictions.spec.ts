// Listing restrictions end to end on the sandbox marketplace: a report made before the seller connected
// Amazon says "connect"; once connected, "Check restrictions" fills the tags in live; the filter card
// narrows to "Can list"; an approval link opens Amazon's page; the export leaves out "Cannot list".
// Amazon's fee estimates arrive with the same phase and the Sellers & Prices drawer names their source.
import fs from 'node:fs';
import type { ExportsResponse, Me } from '@crossmarket/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { finishedReport, sql, subscriber } from './helpers';
// The writers' module alone: the package's index also brings JSON texts Playwright's loader cannot import.
import {
  buildInventoryFile,
  DEFAULT_EXPORT_OPTIONS,
  selectExportItems,
} from '../packages/domain/src/exports';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `B0LR${String(i).padStart(6, '0')}`);
const heading = (page: Page) => page.getByTestId('results-heading');
const tags = (page: Page) => page.locator('.ant-table-tbody').getByTestId('restriction-tag');

async function connectNorthAmerica(page: Page) {
  await page.goto('/settings/amazon');
  const na = page.getByTestId('amazon-region-na');
  await na.getByRole('button', { name: 'Connect North America' }).click();
  await page.waitForURL(/\/dev\/amazon\/consent\?/);
  const back = page.waitForRequest((r) => /\/settings\/amazon\?connected=na$/.test(r.url()));
  await page.getByRole('button', { name: 'Allow' }).click();
  await back;
  await expect(page.getByRole('status').filter({ hasText: 'North America is connected.' })).toBeVisible();
}

test('restrictions fill in, narrow to "can list", link to approval and stay out of the export', async ({
  page,
  context,
}) => {
  test.setTimeout(480_000);
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(100), 'Gated or not');

  // Not connected: the report works, and says how to see restrictions.
  await page.goto(`/reports/${reportId}`);
  await expect(heading(page)).toHaveText('100 / 100 products');
  const connect = page.getByTestId('restrictions-connect');
  await expect(
    connect.getByRole('link', { name: 'Connect your Amazon account to see restrictions' }),
  ).toHaveAttribute('href', '/settings/amazon');
  // Every row found in Canada says "Not checked" (its popover offers "Check again").
  await expect(tags(page).first()).toHaveText('Not checked');
  expect(new Set(await tags(page).allTextContents())).toEqual(new Set(['Not checked']));
  // Fees come from the category table until Amazon estimates them for the seller's account.
  await page
    .locator('.ant-table-tbody tr.ant-table-row')
    .first()
    .getByRole('button', { name: 'Sellers & Prices' })
    .click();
  await expect(page.getByTestId('fee-breakdown').getByTestId('referral-source')).toHaveText('category table');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sellers-drawer')).toBeHidden();
  await expectAccessible(page, 'report, restrictions not connected');

  // Connected: "Check restrictions" and the tags fill in without a reload.
  await connectNorthAmerica(page);
  await page.goto(`/reports/${reportId}`);
  await page.getByTestId('restrictions-connect').getByRole('button', { name: 'Check restrictions' }).click();
  await expect(page.getByTestId('restrictions-connect')).toHaveCount(0);
  // While the phase waits and runs, rows without an answer show no tag; once it is done, every row
  // found in Canada has its answer, on this page, without a reload.
  const phaseOf = async () =>
    (await (await page.request.get(`/api/reports/${reportId}`)).json()).restrictions;
  await expect.poll(async () => (await phaseOf()).state, { timeout: 60_000 }).toBe('done');
  const phase = await phaseOf();
  expect(phase.checked).toBe(phase.total);
  await expect(tags(page).first()).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await tags(page).allTextContents()).includes('Not checked'), { timeout: 30_000 })
    .toBe(false);

  // The filter card, found by its title, narrows to "Can list".
  await page.getByRole('searchbox', { name: 'Search filters by title or hint' }).fill('listing restrictions');
  const card = page.getByTestId('filter-to_listing_restrictions');
  await card.getByRole('switch').click();
  await card.getByRole('checkbox', { name: 'Can list' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(heading(page)).not.toHaveText('100 / 100 products');
  const shown = await tags(page).allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set(['Can list']));

  // "Approval required": the popover's link opens Amazon's approval page (stood in for offline).
  await card.getByRole('checkbox', { name: 'Can list' }).uncheck();
  await card.getByRole('checkbox', { name: 'Approval required' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(tags(page).first()).toHaveText('Approval required');
  await context.route('https://sellercentral.amazon.ca/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Request approval</title>' }),
  );
  await tags(page).first().click();
  const details = page.getByTestId('restriction-details');
  await expect(details).toBeVisible();
  await expect(details.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expectAccessible(page, 'restriction details', '.ant-popover');
  const popup = context.waitForEvent('page');
  await details.getByRole('link', { name: 'Request approval on Amazon' }).click();
  const amazon = await popup;
  await expect(amazon).toHaveURL(/^https:\/\/sellercentral\.amazon\.ca\/hz\/approvalrequest\//);
  await amazon.close();

  // The export of every product leaves out the ones the seller cannot list.
  await card.getByRole('switch').click();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(heading(page)).toHaveText('100 / 100 products');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Handling Time (days)').fill('3');
  const saved = page.waitForResponse((r) => r.url().endsWith('/v1/settings'));
  await page.getByRole('button', { name: 'Apply Settings & Filters' }).click();
  expect((await saved).status()).toBe(200);
  // Amazon's fee estimates came with the phase: priced rows say so, and a row's Sellers & Prices drawer
  // names the source of each fee.
  const estimated = page
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ has: page.getByTestId('fee-source').filter({ hasText: "Amazon's estimate" }) });
  await expect(estimated.first()).toBeVisible();
  await estimated.first().getByRole('button', { name: 'Sellers & Prices' }).click();
  const fees = page.getByTestId('fee-breakdown');
  await expect(fees.getByTestId('referral-source')).toHaveText("Amazon's estimate");
  await expect(fees.getByTestId('closing-source')).toHaveText("Amazon's estimate");
  await expect(fees).toContainText('Estimated at');
  await expectAccessible(page, 'sellers drawer with fee estimates', '.ant-drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sellers-drawer')).toBeHidden();

  await page.getByRole('button', { name: /^Select All \(100\)$/ }).click();
  await page.getByRole('button', { name: 'Download Inventory File' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Exporting 100 products' });
  await expect(drawer.getByLabel('Leave out products I cannot list')).toBeChecked();
  await expectAccessible(page, 'export drawer with restrictions', '.ant-drawer');
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download' }).click();
  const file = fs.readFileSync((await (await download).path())!, 'utf8');

  const me = (await (await page.request.get('/api/me')).json()) as Me;
  const answer = (await (
    await page.request.post('/v1/exports', {
      data: { report_id: reportId, export_type: 'fbm', product_ids: ids(100).join(',') },
    })
  ).json()) as ExportsResponse;
  const cannot = answer.data.filter((r) => r.restriction === 'cannot_list').map((r) => r.product_id);
  expect(cannot.length).toBeGreaterThan(0);
  for (const id of cannot) expect(file).not.toContain(id);
  const items = selectExportItems(
    answer.data.map((p) => ({ ...p, matchesFilters: true })),
    DEFAULT_EXPORT_OPTIONS,
    { userId: me.user.id },
  );
  expect(file).toBe(buildInventoryFile(items, { handlingTime: 3 }));
});

// The sandbox keeps today's order (offers for every product), so the row a connected seller's SP-API
// report would show for a product they cannot list (both sides `unlisted`) is written here by SQL.
test('a product not looked up because the seller cannot list it is looked up on request', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await subscriber(page, 'L');
  const products = ids(3).map((id) => id.replace('B0LR', 'B0LU'));
  const reportId = await finishedReport(page, products, 'Cannot list');
  await sql(
    `update report_product_snapshots
        set row_cross = jsonb_set(row_cross, '{status}', '"unlisted"'),
            row_to = jsonb_set(row_to, '{status}', '"unlisted"')
      where report_id = $1 and product_id = $2`,
    [reportId, products[0]],
  );
  await page.goto(`/reports/${reportId}?sort=product_id-asc`);
  await expect(heading(page)).toHaveText('3 / 3 products');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: products[0]! });
  await expect(row.getByTestId('status-reason')).toContainText('you cannot list this product');
  // Only that row offers it, and a keyboard user reaches and opens it.
  await expect(page.getByTestId('look-up')).toHaveCount(1);
  await row.getByTestId('look-up').focus();
  await page.keyboard.press('Enter');
  const details = page.getByTestId('look-up-details');
  await expect(details).toContainText("1 product of today's quota");
  await expectAccessible(page, 'look up, before the check', '.ant-popover');
  const looked = page.waitForResponse((r) => r.url().endsWith('/v1/lookup'));
  await details.getByRole('button', { name: 'Look up now' }).focus();
  await page.keyboard.press('Enter');
  expect((await looked).status()).toBe(200);
  await expect(details.getByTestId('look-up-result')).toBeVisible();
  await expect(details).toContainText('left today');
  await expectAccessible(page, 'look up, its answer', '.ant-popover');
});
