import { expect, test } from './fixtures';

test('the app loads, switches theme and language, and both survive a reload', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Crossmarket - Not Found');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.getByText('Dark', { exact: true }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const background = await page
    .getByTestId('app-layout')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe('rgb(0, 0, 0)');

  await page.getByRole('combobox', { name: 'Change Language' }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Türkçe' }).click();
  await expect(page.getByRole('heading', { name: 'Sayfa bulunamadı' })).toBeVisible();
  await expect(page).toHaveTitle('Crossmarket - Sayfa Bulunamadı');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sayfa bulunamadı' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('lang', 'tr');
});

test('System follows the operating system while the page is open', async ({ page }) => {
  await page.goto('/elsewhere');
  await page.getByText('System', { exact: true }).click();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('unknown API paths answer JSON, page paths answer the app', async ({ request }) => {
  const api = await request.get('/api/nothing-here');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
  const ready = await request.get('/readyz');
  expect(await ready.json()).toMatchObject({ status: 'ready' });
});
