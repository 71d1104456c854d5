// Issue 45: a seller sets the US → CA lane (courier, a rate card), creates a report, reads a product's
// "From price to profit" line by line, changes the lane and re-prices the report by saving its settings.
// axe sweeps the Lanes section and the breakdown drawer in light and dark.
import type { Page } from '@playwright/test';
import type { ProductSellers } from '../packages/domain/src/schemas/analysis-responses';
import { MONEY_KEYS } from '../packages/domain/src/landed/types';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { finishedReport, openFilters, subscriber } from './helpers';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `B0LN${String(i).padStart(6, '0')}`);

/** The first product of the report whose breakdown has both prices (the sandbox leaves some unpriced). */
async function pricedProduct(page: Page, reportId: string, productIds: string[]): Promise<string> {
  for (const id of productIds) {
    const res = await page.request.get(`/v1/reports/${reportId}/products/${id}/offers`);
    const body = (await res.json()) as ProductSellers;
    if (body.money?.buybox && body.money.std) return id;
  }
  throw new Error('no product of the report has both prices');
}

async function openBreakdown(page: Page, productId: string) {
  await page
    .locator(`.ant-table-tbody tr[data-row-key="${productId}"]`)
    .getByRole('button', { name: 'Sellers & Prices' })
    .click();
  const drawer = page.getByTestId('sellers-drawer');
  await expect(drawer.getByTestId('money-breakdown')).toBeVisible();
  return drawer;
}

test('a seller sets the US → CA lane, reads every line of a product and re-prices on a new lane', async ({
  page,
}) => {
  // Two sweeps in both themes and a finished report.
  test.setTimeout(420_000);
  await subscriber(page, 'L');

  // Settings → Lanes: nothing yet, then the US → CA lane set up before any report uses it.
  await page.goto('/settings/lanes');
  const tab = page.getByTestId('lanes-tab');
  await expect(tab.getByText(/No lanes yet/)).toBeVisible();
  await tab.getByLabel('Buy on').click();
  await page.getByTitle('United States (US)').last().click();
  await tab.getByLabel('Sell on').click();
  await page.getByTitle('Canada (CA)').last().click();
  await tab.getByRole('button', { name: 'Set up this lane' }).click();
  const card = page.getByTestId('lane-card-us-ca');
  await expect(card.getByTestId('rule-border')).toContainText(
    'Canada: border, from United States, by courier',
  );
  await expect(card.getByTestId('rule-border')).toContainText('border-ca-us-courier');
  // antd's button radios hide the input: the seller clicks the button's text.
  await card.getByText('Courier', { exact: true }).click();
  await expect(card.getByRole('radio', { name: 'Courier' })).toBeChecked();
  await card.getByRole('switch', { name: 'International shipping rate card' }).click();
  await card.getByRole('spinbutton', { name: 'Per parcel' }).fill('8');
  await card.getByRole('spinbutton', { name: 'Per kg' }).fill('3');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/lanes/us/ca') && r.request().method() === 'PUT',
  );
  await card.getByRole('button', { name: 'Save lane' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('lane-card-us-ca').getByText(/^Saved /)).toBeVisible();
  // The source-ships note is part of the sweep too.
  await page.getByTestId('lane-card-us-ca').getByText('Source ships', { exact: true }).click();
  await expect(page.getByTestId('source-ships-note')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the Lanes section', '[data-testid="lanes-tab"]');

  // A report on the lane: the page names it and links to its card.
  const productIds = ids(20);
  const reportId = await finishedReport(page, productIds, 'Lanes to Canada');
  await page.goto(`/reports/${reportId}`);
  const lane = page.getByTestId('report-lane');
  await expect(lane).toContainText('Reship · Courier · rate card set');
  await expect(lane.getByRole('link', { name: 'Lane settings' })).toHaveAttribute(
    'href',
    '/settings/lanes#lane-us-ca',
  );

  // A product's breakdown: every line, at both prices.
  const productId = await pricedProduct(page, reportId, productIds);
  let drawer = await openBreakdown(page, productId);
  for (const key of MONEY_KEYS) await expect(drawer.getByTestId(`money-line-${key}`)).toBeVisible();
  await expect(drawer.getByText(/^At the buy-box price \(/)).toBeVisible();
  await expect(drawer.getByText(/^At the standard price \(/)).toBeVisible();
  const intl = drawer
    .getByTestId('money-line-international_shipping')
    .getByTestId('money-international_shipping');
  const before = await intl.first().textContent();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the breakdown drawer', '.ant-drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sellers-drawer')).toBeHidden();

  // A dearer rate card; the report keeps its lane until its settings are saved.
  await lane.getByRole('link', { name: 'Lane settings' }).click();
  const again = page.getByTestId('lane-card-us-ca');
  await again.getByRole('spinbutton', { name: 'Per parcel' }).fill('15');
  const resaved = page.waitForResponse(
    (r) => r.url().endsWith('/api/lanes/us/ca') && r.request().method() === 'PUT',
  );
  await again.getByRole('button', { name: 'Save lane' }).click();
  expect((await resaved).status()).toBe(200);

  await page.goto(`/reports/${reportId}`);
  drawer = await openBreakdown(page, productId);
  await expect(intl.first()).toHaveText(before!);
  await page.keyboard.press('Escape');

  await openFilters(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByTestId('reprice-note')).toBeVisible();
  const repriced = page.waitForResponse((r) => r.url().endsWith('/v1/settings'));
  await page.getByRole('button', { name: 'Apply Settings & Filters' }).click();
  expect((await repriced).status()).toBe(200);
  await expect(page.locator('.ant-message').getByText('Success', { exact: true })).toBeVisible();
  drawer = await openBreakdown(page, productId);
  await expect(intl.first()).not.toHaveText(before!);
});
