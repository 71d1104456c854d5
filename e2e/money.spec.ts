// Issue 61: a seller connected to (the sandbox's) Amazon sells on a live listing, the order placed five days
// back in the sandbox store so its money has been posted; the finances are read, and the Money page shows
// the totals and the chart; a month opens its orders, an order its estimate against what Amazon paid, and
// the seller enters what the border cost. axe sweeps the page and the drawers in light and dark, en and tr.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { MoneySummary } from '../packages/domain/src/schemas/money';
import type { OrderList } from '../packages/domain/src/schemas/orders';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { liveListing, subscriber } from './helpers';

const ids = Array.from({ length: 4 }, (_, i) => `B0MY${String(i).padStart(6, '0')}`);

/** Settings → Amazon account: North America through the sandbox's consent page. */
async function connectNorthAmerica(page: Page) {
  await page.goto('/settings/amazon');
  await page.getByRole('button', { name: 'Connect North America' }).click();
  await page.waitForURL(/\/dev\/amazon\/consent\?/);
  const back = page.waitForRequest((r) => /\/settings\/amazon\?connected=na$/.test(r.url()));
  await page.getByRole('button', { name: 'Allow' }).click();
  await back;
  await expect(page.getByTestId('amazon-region-na').getByText(/^Connected as seller/)).toBeVisible();
}

/** "Place an order" of the SKU on /dev/store, placed five days back: the order's Amazon id. */
async function placePastOrder(page: Page, sku: string): Promise<string> {
  await page.goto('/dev/store');
  const place = page.getByRole('button', { name: `Place an order of ${sku}` });
  const form = page.locator('form', { has: place });
  await form.getByLabel('Placed').selectOption('5');
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/dev/store/orders') && r.request().method() === 'POST',
  );
  await place.click();
  expect((await placed).status()).toBe(303);
  const row = page.locator('table').last().locator('tr', { hasText: sku }).first();
  await expect(row).toBeVisible();
  return (await row.locator('td').first().textContent())!.trim();
}

test('the Money page: totals, the chart, an order’s estimate against what Amazon paid, and its border costs', async ({
  page,
}) => {
  // A report, a dry run and a publish through the worker, the order's intake (the next minute's), the
  // finance read, and six sweeps in both themes.
  test.setTimeout(600_000);
  await subscriber(page, 'L');
  await connectNorthAmerica(page);
  const { sku } = await liveListing(page, ids, 'Money for Canada', 'Money in Canada');
  const amazonOrderId = await placePastOrder(page, sku);

  // The order arrives at the next intake, with the money model's estimate kept.
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/orders')).json()) as OrderList;
        return list.orders.some((o) => o.amazon_order_id === amazonOrderId);
      },
      { timeout: 180_000, intervals: [5_000] },
    )
    .toBe(true);
  // What Amazon paid: read now rather than at the six-hourly schedule.
  await page.goto('/dev/store');
  await page.getByRole('button', { name: 'Read finances now' }).click();
  const month = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 7);
  await expect
    .poll(
      async () => {
        const summary = (await (
          await page.request.get(`/api/money?from=${month}&to=${month}&lane=us-ca`)
        ).json()) as MoneySummary;
        return summary.rows.reduce((n, r) => n + r.orders, 0);
      },
      { timeout: 180_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);

  await page.goto('/money?lane=us-ca');
  await expect(page.getByRole('heading', { name: 'Money', level: 2 })).toBeVisible();
  const cad = page.getByTestId('money-total-CAD');
  await expect(cad).toBeVisible();
  await expect(cad.getByTestId('money-total-profit')).toContainText('CA$');
  // The order's money is held until after delivery: pending, with its release date.
  await expect(cad.getByTestId('money-pending')).toContainText(/pending until/);
  await expect(page.getByTestId('money-chart').locator('canvas')).toBeVisible();
  // The CSV: one row per order line, Amazon's column names.
  const download = page.waitForEvent('download');
  await page.getByTestId('money-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^money-\d{4}-\d{2}-\d{4}-\d{2}-us-ca\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^order-id,order-item-code,sku,/);
  expect(csv).toContain(amazonOrderId);
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the Money page');

  // The month's orders, then the order's estimate against its actual.
  await page
    .getByTestId('money-table')
    .getByRole('button', { name: /^Orders of / })
    .first()
    .click();
  const list = page.getByTestId('money-orders-drawer');
  await list.getByRole('button', { name: `Money of order ${amazonOrderId}` }).click();
  const drawer = page.getByTestId('order-money-drawer');
  const compare = drawer.getByTestId('money-compare');
  await expect(compare.getByRole('row', { name: /^Sale price/ })).toContainText('CA$');
  // The estimate kept when the order came in stands beside it.
  await expect(drawer.getByText(/Crossmarket has no estimate/)).toHaveCount(0);
  await expect(compare.getByRole('row', { name: /^Referral fee/ })).toContainText(/CA\$.*CA\$/);
  await expect(drawer.getByTestId('money-lines')).toContainText('Deferred until');
  await expect(drawer.getByTestId('order-money-pending')).toContainText('Pending until');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the order’s money', '.ant-drawer');

  // What the border cost: the actual international shipping and duty take the estimate's place.
  const costs = drawer.getByTestId('order-costs-form');
  await costs.getByLabel("Forwarder's bill").fill('9.50');
  await costs.getByLabel('Duty', { exact: true }).fill('2.25');
  const saved = page.waitForResponse((r) => r.url().endsWith('/costs') && r.request().method() === 'PUT');
  await costs.getByRole('button', { name: 'Save costs' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Costs saved.')).toBeVisible();
  await expect(compare.getByRole('row', { name: /^International shipping/ })).toContainText('CA$9.50');
  await expect(compare.getByRole('row', { name: /^Duty/ })).toContainText('CA$2.25');
  await expect(drawer.getByTestId('order-costs-form')).toContainText('Entered on');

  // In Turkish: the page and the order's drawer.
  await page.evaluate(() => window.localStorage.setItem('crossmarket.language', 'tr'));
  await page.goto('/money?lane=us-ca');
  await expect(page.getByRole('heading', { name: 'Para', level: 2 })).toBeVisible();
  await expect(page.getByTestId('money-chart').locator('canvas')).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the Money page in Turkish');
  await page.getByTestId('money-table').getByRole('button').first().click();
  await page
    .getByTestId('money-orders-drawer')
    .getByRole('button', { name: new RegExp(amazonOrderId) })
    .click();
  await expect(page.getByTestId('order-money-drawer').getByTestId('money-compare')).toContainText(
    'Satış fiyatı',
  );
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the order’s money in Turkish', '.ant-drawer');
});
