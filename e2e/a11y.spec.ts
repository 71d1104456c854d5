// axe-core (WCAG 2.2 AA) over the pages and drawers the feature specs do not already sweep: the public
// pages (always light), the welcome wizard (always light), home, reports and its drawer, every settings tab, the 404 page and the
// suspended page (always light), each in light and dark where the page follows the theme.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { onboard, signedInUser, sql } from './helpers';

test('the public pages', async ({ page }) => {
  // Always light: the public pages do not follow the theme.
  for (const path of ['/signup', '/login', '/passwordless-login', '/terms', '/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, path, undefined, ['light']);
  }
});

test('the welcome wizard, home, reports and its drawer, the settings tabs and the 404 page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signedInUser(page, 'a11y');
  await page.goto('/welcome');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, 'the welcome step', undefined, ['light']);

  await onboard(email);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  await expectAccessible(page, 'home');

  await page.goto('/reports');
  await expect(page.getByRole('button', { name: 'Create New' }).first()).toBeVisible();
  await expectAccessible(page, 'reports');
  await page.getByRole('button', { name: 'Create New' }).first().click();
  await expect(page.locator('.ant-drawer')).toBeVisible();
  await expectAccessible(page, 'the Create New Report drawer', '.ant-drawer');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

  for (const tab of ['profile', 'billing', 'security', 'application']) {
    await page.goto(`/settings/${tab}`);
    await expect(page.getByRole('tab', { selected: true }).first()).toBeVisible();
    // Tabs that load data settle before the sweep.
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `settings ${tab}`);
  }

  await page.goto('/no-such-page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expectAccessible(page, 'the 404 page');

  await sql(
    `update user_data set suspended = true where user_id = (select id from "user" where email = $1)`,
    [email],
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/suspended$/);
  await expectAccessible(page, 'the suspended page', undefined, ['light']);
});
