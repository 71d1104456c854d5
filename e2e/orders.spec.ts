// Issue 60: a live sandbox listing gets an order (the sandbox store's "place an order"), the seller sets
// the lane's forwarder, buys the order at the source (the cart link, what it cost), ships it (carrier,
// the forwarder's tracking), confirms it to Amazon and sees Amazon's read-back, then delivered. axe sweeps
// the Orders page and the drawer at each step in light and dark.
import type { Page } from '@playwright/test';
import type { OrderList } from '../packages/domain/src/schemas/orders';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { liveListing, subscriber } from './helpers';

const ids = Array.from({ length: 6 }, (_, i) => `B0OR${String(i).padStart(6, '0')}`);
const FORWARDER = 'Ayşe Yılmaz, Suite 4471\n123 Forward St, Hawthorne CA 90250, US';

/**
 * The sandbox store's "Place an order" for the SKU, pressed on /dev/store. The page asks for a same-origin
 * referrer policy (the app's is no-referrer, under which Chromium posts a form with `Origin: null`, which
 * the server's origin check refuses).
 */
async function placeOrder(page: Page, sku: string) {
  await page.goto('/dev/store');
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/dev/store/orders') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: `Place an order of ${sku}` }).click();
  expect((await placed).status()).toBe(303);
  await expect(page.locator('table').last().locator('tr', { hasText: sku }).first()).toBeVisible();
}

test('a sandbox listing gets an order: the seller buys it, ships it, confirms it and sees it delivered', async ({
  page,
}) => {
  // A report, a dry run and a publish through the worker, the order's intake and Amazon's read-back
  // (below: up to eight minutes each), four sweeps in both themes.
  test.setTimeout(1_320_000);
  await subscriber(page, 'L');
  const { sku, asin } = await liveListing(page, ids, 'Orders for Canada', 'Sold in Canada');

  // The lane's forwarder: where the purchase goes, never the buyer.
  await page.goto('/settings/lanes#lane-us-ca');
  const card = page.getByTestId('lane-card-us-ca');
  await card.getByRole('textbox', { name: 'Forwarder or 3PL ship-to address' }).fill(FORWARDER);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/lanes/us/ca') && r.request().method() === 'PUT',
  );
  await card.getByRole('button', { name: 'Save lane' }).click();
  expect((await saved).status()).toBe(200);

  await placeOrder(page, sku);

  // The order arrives through searchOrders (about one call in three minutes per region): a seller's region
  // is read every five minutes, up to two and a half minutes before now (Amazon's list lags), so an order
  // placed just after a read arrives some eight minutes later.
  let orderId = '';
  let amazonOrderId = '';
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/orders')).json()) as OrderList;
        const order = list.orders.find((o) => o.state === 'new' || o.state === 'to_buy');
        orderId = order?.id ?? '';
        amazonOrderId = order?.amazon_order_id ?? '';
        return orderId;
      },
      { timeout: 600_000, intervals: [10_000] },
    )
    .not.toBe('');

  await page.goto('/orders');
  const table = page.getByTestId('orders-table');
  const link = table.getByRole('link', { name: `Open order ${amazonOrderId}` });
  await expect(link).toBeVisible();
  await expect(page.getByTestId('nav-orders-count')).toBeVisible();
  await expect(page.getByTestId('orders-freshness-na')).toContainText(/North America: read/);
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the Orders page');

  // To buy: the cart link with the quantity, the forwarder, the profit.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  const drawer = page.getByTestId('order-drawer');
  const toBuy = drawer.getByTestId('to-buy');
  await expect(toBuy).toBeVisible();
  const cart = await toBuy.getByTestId('cart-link').getAttribute('href');
  expect(cart).toContain('amazon.com/gp/aws/cart/add.html');
  expect(cart).toContain(`ASIN.1=${asin}`);
  expect(cart).toContain('Quantity.1=1');
  await expect(toBuy.getByTestId('forwarder-ship-to')).toContainText('Suite 4471');
  await expect(toBuy.getByTestId('source-price')).not.toHaveText('—');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the order drawer, to buy', '.ant-drawer');

  // Record the purchase: the source's order number and what it really cost.
  const purchase = drawer.getByTestId('purchase-form');
  await purchase.getByLabel('Source order number').fill('113-1111111-2222222');
  await purchase.getByLabel('What it really cost').fill('31.40');
  await purchase.getByRole('button', { name: 'Record purchase' }).click();
  await expect(drawer.getByTestId('purchase-record')).toContainText('113-1111111-2222222');
  await expect(drawer.getByTestId('order-view')).toHaveAttribute('data-state', 'bought');

  // At the forwarder, then shipped with the forwarder's final-leg tracking.
  await drawer.getByTestId('move-at_forwarder').click();
  await expect(drawer.getByTestId('order-view')).toHaveAttribute('data-state', 'at_forwarder');
  const ship = drawer.getByTestId('shipment-form');
  await expect(ship.getByText(/never the source's tracking to the forwarder/)).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the order drawer, to ship', '.ant-drawer');
  await ship.getByLabel('Carrier').click();
  await page.getByTitle('Canada Post', { exact: true }).last().click();
  await ship.getByLabel('Tracking number').fill('7023456789012345');
  await ship.getByRole('button', { name: 'Confirm to Amazon' }).click();
  const summary = page.getByTestId('shipment-confirm-summary');
  await expect(summary).toContainText('Canada Post');
  await expect(summary).toContainText('7023456789012345');
  await page
    .getByRole('dialog', { name: 'Send this shipment to Amazon?' })
    .getByRole('button', { name: 'Confirm to Amazon' })
    .click();

  // Amazon's read-back holds the tracking: confirmed. The server reads the order back five minutes after
  // the confirmation (Amazon's list lags), so this waits up to eight.
  await expect(drawer.getByTestId('confirmation-state')).toContainText('Sent, waiting for the read-back', {
    timeout: 120_000,
  });
  await expect(drawer.getByTestId('order-view')).toHaveAttribute('data-state', 'confirmed', {
    timeout: 480_000,
  });
  await expect(drawer.getByTestId('confirmation-state')).toContainText(
    'Confirmed: Amazon shows the tracking',
  );
  await expect(drawer.getByTestId('read-back')).toContainText('Canada Post, tracking 7023456789012345');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the order drawer, confirmed', '.ant-drawer');

  // Delivered (the seller's word; Amazon's delivery scan would move it too).
  await drawer.getByTestId('move-delivered').click();
  await expect(drawer.getByTestId('order-view')).toHaveAttribute('data-state', 'delivered');
  await expect(drawer.getByTestId('order-delivered')).toBeVisible();
  await expect(drawer.getByTestId('order-history')).toContainText('Confirmed to Amazon → Delivered');

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(table.locator('tr', { hasText: amazonOrderId }).getByText('Delivered')).toBeVisible();
});
