import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { finishedReport, subscriber, usToCaInventory } from './helpers';

const ids = Array.from({ length: 12 }, (_, i) => `B0LS${String(i).padStart(6, '0')}`);

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
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'the listings section, published', '[data-testid="listings-section"]');
});
