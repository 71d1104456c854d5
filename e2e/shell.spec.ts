import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { onboard, signedInUser } from './helpers';

test('the shell switches theme and language from the user menu, and both survive a reload', async ({
  page,
}) => {
  const email = await signedInUser(page, 'shell');
  await onboard(email);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hello, Ayşe' })).toBeVisible();
  await expect(page).toHaveTitle('Crossmarket - Home');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Reopen only once the closing menu is gone, or the click can land on its fading copy.
  await expect(page.getByRole('menuitem', { name: 'Dark' })).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Türkçe' }).click();
  await expect(page.getByRole('heading', { name: 'Merhaba, Ayşe' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Raporlar' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hesabınız' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('lang', 'tr');
});

test('System follows the operating system while the page is open', async ({ page }) => {
  const email = await signedInUser(page, 'system');
  await onboard(email);
  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'System' }).click();
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('public pages stay light whatever the theme', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('crossmarket.theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('unknown API paths answer JSON; readyz answers ready', async ({ request }) => {
  const api = await request.get('/api/nothing-here');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
  expect(await (await request.get('/readyz')).json()).toMatchObject({ status: 'ready' });
});

test('at phone width the menu opens from the header and nothing covers the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await signedInUser(page, 'phone');
  await onboard(email);
  await page.goto('/reports');
  const open = page.getByRole('button', { name: 'Open menu' });
  await expect(open).toBeVisible();
  // Below `sm` the brand is its icon alone (named for screen readers): nothing left to wrap.
  const brand = page.getByRole('banner').getByRole('link', { name: 'Crossmarket' });
  await expect(brand).toBeVisible();
  await expect(brand).not.toContainText('Crossmarket');
  // The breadcrumb's first link is whole and nothing lies on top of it.
  const home = page.getByRole('navigation').getByRole('link', { name: 'Home' }).first();
  await expect(home).toBeVisible();
  const box = (await home.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('Home');
  expect(box.x).toBeGreaterThanOrEqual(0);
  // The page never scrolls sideways as a whole.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // From `sm` the name shows beside the icon, on one line.
  await page.setViewportSize({ width: 600, height: 844 });
  await expect(brand).toContainText('Crossmarket');
  const name = page.getByRole('banner').getByText('Crossmarket', { exact: true });
  const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await name.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  await page.setViewportSize({ width: 390, height: 844 });

  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'the menu at phone width');
  await page.locator('#app-navigation').getByRole('link', { name: 'Filter Sets' }).click();
  await expect(page).toHaveURL(/\/filter-sets$/);
  await expect(page.locator('#app-navigation').getByRole('link', { name: 'Filter Sets' })).toBeHidden();
});
