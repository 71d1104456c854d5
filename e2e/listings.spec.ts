import { expectAccessible } from './axe';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ListingsView } from '../packages/domain/src/schemas/listings';
import { finishedReport, sql, subscriber, usToCaInventory } from './helpers';

const ids = Array.from({ length: 12 }, (_, i) => `B0LS${String(i).padStart(6, '0')}`);
/**
 * In the sandbox, B0LS000009's US source does not ship to Canada (its buying side is `noship`), so an
 * update prices it unavailable. The journey plants it as available before publishing: the source "stopped
 * selling" between the publish and the update. (The sandbox never makes a buying side sold out.)
 */
const GONE = 'B0LS000009';

/** The sandbox store's row for a SKU on /dev/store: its price and quantity cells. */
async function storeRow(page: Page, sku: string) {
  const html = await (await page.request.get('/dev/store')).text();
  // The plain cells after the SKU (the last cell, "Place an order", is a form).
  const row = html.match(new RegExp(`<tr>(?:<td>[^<]*</td>){2}<td>${sku}</td>((?:<td>[^<]*</td>)+)`));
  const cells = [...(row?.[1] ?? '').matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]!);
  return { price: cells[1] ?? null, quantity: cells[2] ?? null };
}

test('a seller dry-runs, then publishes an inventory to the sandbox store and turns sync on', async ({
  page,
}) => {
  // A report, two axe sweeps in both themes, a publish through the worker.
  test.setTimeout(600_000);
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids, 'Listings for Canada');
  const id = await usToCaInventory(page.request, 'Listed in Canada');
  const added = await page.request.post(`/api/inventories/${id}/products`, {
    data: { report_id: reportId, product_ids: ids },
  });
  expect(added.status()).toBe(200);
  // What the source said at publish time, planted: one product 10 % dearer than an update will price it,
  // and GONE available with stock (see above). Both sides are read back from the program's database.
  const [moved] = await sql(
    `update inventory_products set min_price = round((min_price * 1.1)::numeric, 2),
            std_price = round((std_price * 1.1)::numeric, 2), max_price = round((max_price * 1.1)::numeric, 2)
      where inventory_id = $1 and code = (select code from inventory_products where inventory_id = $1
            and available and std_price is not null and stock > 0 and code <> $2
            order by code limit 1)
      returning code, std_price`,
    [id, GONE],
  );
  expect(moved, 'a priced product to move').toBeTruthy();
  await sql(
    `update inventory_products set available = true, min_price = 20, std_price = 25, max_price = 40, stock = 3
      where inventory_id = $1 and code = $2`,
    [id, GONE],
  );

  await page.goto(`/inventories/${id}`);
  const section = page.getByTestId('listings-section');
  await expect(section.getByText('Listings on Amazon')).toBeVisible();

  // The dry run lists nothing and says what Amazon would do.
  await section.getByRole('button', { name: 'Dry run' }).click();
  await expect(section.getByText(/^Dry run: Amazon would accept \d+ of \d+\.$/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(section.getByText('Live')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the listings section after a dry run', '[data-testid="listings-section"]');

  // Publish asks first, with Amazon's drop-shipping policy.
  await section.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/seller of record on every order/)).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the publish confirmation', '.ant-modal');
  await dialog.getByRole('button', { name: 'I understand, publish' }).click();
  await expect(section.getByText(/^Publish: Amazon accepted \d+ of \d+\.$/)).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText('Live').first()).toBeVisible();
  const sku = (await section.locator('tbody tr').first().locator('td').nth(1).textContent())!.trim();

  // The sandbox store has it.
  const store = await page.request.get('/dev/store');
  expect(await store.text()).toContain(sku);

  // Sync on.
  await section.getByRole('switch', { name: 'Keep price and stock in step' }).click();
  await expect(section.getByRole('switch', { name: 'Keep price and stock in step' })).toBeChecked();

  // An update with one source's price moved and one source gone: the store gets the new price and 0.
  const before = (await (await page.request.get(`/api/inventories/${id}/listings`)).json()) as ListingsView;
  const listed = (code: string) => before.listings.find((l) => l.product_id === code)!;
  expect(listed(moved.code).price).toBe(Number(moved.std_price));
  expect(listed(GONE).quantity).toBe(3);
  await page.getByRole('button', { name: 'Update now' }).click();
  let after: ListingsView | undefined;
  await expect
    .poll(
      async () => {
        after = (await (await page.request.get(`/api/inventories/${id}/listings`)).json()) as ListingsView;
        const gone = after.listings.find((l) => l.product_id === GONE)!;
        const price = after.listings.find((l) => l.product_id === moved.code)!.price;
        return gone.quantity === 0 && price !== listed(moved.code).price;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  const newPrice = after!.listings.find((l) => l.product_id === moved.code)!.price!;
  const currency = (await storeRow(page, listed(moved.code).sku)).price?.split(' ')[1];
  expect(await storeRow(page, listed(moved.code).sku)).toEqual({
    price: `${newPrice.toFixed(2)} ${currency}`,
    quantity: String(listed(moved.code).quantity),
  });
  expect((await storeRow(page, listed(GONE).sku)).quantity).toBe('0');
  await page.reload();
  await expect(
    section.locator('tr', { hasText: GONE }).getByRole('cell', { name: '0', exact: true }),
  ).toBeVisible();

  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the listings section, published', '[data-testid="listings-section"]');
});
