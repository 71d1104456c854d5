// Settings → Amazon account end to end: connect North America through the local sandbox consent page
// (what stands in for Seller Central outside production), see a report looked up under the seller's own
// account, then disconnect.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { onboard, signedInUser, sql } from './helpers';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `B0AC${String(i).padStart(6, '0')}`);

test('a seller connects North America, reports under their own account and disconnects', async ({ page }) => {
  // Two accessibility sweeps (each in both themes) and a report to wait for.
  test.setTimeout(360_000);
  const email = await signedInUser(page, 'amazon');
  await onboard(email);

  await page.goto('/settings/amazon');
  const na = page.getByTestId('amazon-region-na');
  await expect(na.getByText('Not connected')).toBeVisible();
  await expect(page.getByTestId('amazon-region-eu')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'settings amazon');

  // Connect: the server's consent link leads to the sandbox page, whose Allow comes back here.
  await na.getByRole('button', { name: 'Connect North America' }).click();
  await page.waitForURL(/\/dev\/amazon\/consent\?/);
  await expect(
    page.getByRole('heading', { name: 'Allow Crossmarket to access your Amazon selling account?' }),
  ).toBeVisible();
  // The tab clears `?connected=na` from the address once read: catch the redirect's request instead.
  const back = page.waitForRequest((r) => /\/settings\/amazon\?connected=na$/.test(r.url()));
  await page.getByRole('button', { name: 'Allow' }).click();
  await back;
  await expect(page.getByRole('status').filter({ hasText: 'North America is connected.' })).toBeVisible();
  await expect(na.getByText(/^Connected as seller ASAN…/)).toBeVisible();
  await expect(na.getByRole('button', { name: 'Disconnect North America' })).toBeVisible();
  await expectAccessible(page, 'settings amazon, connected');

  // A small US → CA report: both sides are North America, now the seller's own.
  await page.goto('/reports?new');
  const drawer = page.getByRole('dialog', { name: 'Create New Report' });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Selling Country').click();
  await page.getByTitle('Canada (CA)').last().click();
  await drawer.getByLabel('Product IDs (one per line)').fill(ids(3).join('\n'));
  await drawer.getByLabel('Title').fill('Own account');
  await expect(drawer.getByTestId('amazon-connect-prompt')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('report-created')).toBeVisible();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row', { name: /Own account/ });
  await expect(row.getByText('Done')).toBeVisible({ timeout: 120_000 });
  await row.getByRole('button', { name: 'View Report' }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]+$/);
  await expect(page.getByTestId('amazon-accounts')).toHaveText(
    'Amazon account — buying: yours, selling: yours',
  );

  // Disconnect, after the confirmation.
  await page.goto('/settings/amazon');
  await na.getByRole('button', { name: 'Disconnect North America' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Disconnect North America?' });
  await expect(dialog).toBeVisible();
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith('/api/amazon/connections/na'),
  );
  await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
  expect((await deleted).ok()).toBe(true);
  await expect(page.getByText('Disconnected.')).toBeVisible();
  await expect(na.getByText('Not connected')).toBeVisible();
  await expect(na.getByRole('button', { name: 'Connect North America' })).toBeVisible();
});

test("a Singapore seller connects Far East on Singapore's Seller Central", async ({ page }) => {
  const email = await signedInUser(page, 'amazon-sg');
  await onboard(email);
  await page.goto('/settings/amazon');
  const fe = page.getByTestId('amazon-region-fe');
  // The seller's account lives in Singapore, not in the region's first marketplace (Australia).
  await fe.getByRole('combobox', { name: 'Where your Far East seller account lives' }).click();
  await page.getByTitle('Singapore').last().click();
  await fe.getByRole('button', { name: 'Connect Far East' }).click();
  // The sandbox stands in for Seller Central and names the one the real link opens.
  await page.waitForURL(/\/dev\/amazon\/consent\?/);
  expect(new URL(page.url()).searchParams.get('seller_central')).toBe('https://sellercentral.amazon.sg');
  await expect(page.getByTestId('seller-central')).toHaveText('https://sellercentral.amazon.sg');
});

test('a seller not registered in Canada sees it before sending a US → CA report', async ({ page }) => {
  const email = await signedInUser(page, 'amazon-not-ca');
  await onboard(email);
  await page.goto('/settings/amazon');
  const na = page.getByTestId('amazon-region-na');
  await na.getByRole('button', { name: 'Connect North America' }).click();
  await page.waitForURL(/\/dev\/amazon\/consent\?/);
  const back = page.waitForRequest((r) => /\/settings\/amazon\?connected=na$/.test(r.url()));
  await page.getByRole('button', { name: 'Allow' }).click();
  await back;
  await expect(na.getByText(/^Connected as seller/)).toBeVisible();
  // What Amazon's marketplace participations say of this seller (the sandbox has no Sellers API to ask):
  // registered in the United States and Mexico, not in Canada.
  await sql(
    `update amazon_connections set selling_countries = '{us,mx}'
      where region = 'na' and user_id = (select id from "user" where email = $1)`,
    [email],
  );

  await page.reload();
  await expect(na.getByTestId('not-selling-ca')).toHaveText(
    'You cannot sell in Canada with this account: Amazon does not list it among your marketplaces.',
  );
  await expect(na.getByTestId('not-selling-mx')).toHaveCount(0);

  // The Create New Report drawer says so as soon as Canada is the selling country, before Submit.
  await page.goto('/reports?new');
  const drawer = page.getByRole('dialog', { name: 'Create New Report' });
  await drawer.getByLabel('Selling Country').click();
  await page.getByTitle('Canada (CA)').last().click();
  await expect(drawer.getByTestId('amazon-not-selling')).toContainText(
    'You cannot sell in Canada with this account',
  );
  await expect(drawer.getByRole('button', { name: 'Submit' })).toBeVisible();
});
