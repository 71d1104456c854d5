import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { subscriber } from './helpers';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `B0E2E${String(i).padStart(5, '0')}`);

test('a seller creates a report from pasted IDs and watches it finish', async ({ page }) => {
  await subscriber(page, 'L');
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: /Reports/ })).toBeVisible();
  await expect(page.getByTestId('sandbox-badge')).toHaveText('Sandbox data');
  await expect(page.getByText('There is no report, yet')).toBeVisible();
  await expect(page).toHaveTitle('Crossmarket - Reports');

  await page.getByRole('button', { name: 'Create New' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Create New Report' });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Selling Country').click();
  await page.getByTitle('United States (US)').last().click();
  await drawer.getByLabel('Product IDs (one per line)').fill(ids(3).join('\n'));
  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(drawer.getByText('Countries should be different.')).toBeVisible();

  await drawer.getByLabel('Selling Country').click();
  await page.getByTitle('Canada (CA)').last().click();
  const list = [...ids(30), ids(30)[0], 'not-an-id'].join('\n');
  await drawer.getByLabel('Product IDs (one per line)').fill(list);
  await expect(drawer.getByTestId('typed-counter')).toHaveText('30 / 5,000');
  await drawer.getByLabel('Title').fill('Toys for Canada');
  await drawer.getByRole('button', { name: 'Submit' }).click();
  // The drawer closes on success; the counts stay above the list until dismissed.
  await expect(drawer).toBeHidden();
  const notice = page.getByTestId('report-created');
  await expect(notice).toContainText('Product IDs successfully sent to the queue.');
  for (const [label, value] of [
    ['Sent', '32'],
    ['Valid', '30'],
    ['Repetitive', '1'],
    ['Invalid', '1'],
  ]) {
    const item = notice
      .locator('.ant-descriptions-item-container')
      .filter({ hasText: new RegExp(`^${label}`) });
    await expect(item).toHaveText(`${label}${value}`);
  }
  await expect(page).toHaveURL(/\/reports$/);

  const row = page.getByRole('row', { name: /Toys for Canada/ });
  await expect(row).toContainText('30 products');
  await expect(row.getByText('Done')).toBeVisible();
  await expect(row.getByRole('button', { name: 'View Report' })).toBeEnabled();
  // The Done tag's green on its pale ground is part of the sweep (theme tokens).
  await expectAccessible(page, 'reports with a finished report');
});
