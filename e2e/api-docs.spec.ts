// The API reference (/api/docs): Swagger UI served by the server itself, under the site's strict CSP (the
// fixture fails the test on any violation), talking to no other host, and passing axe like the app's pages.
import AxeBuilder from '@axe-core/playwright';
import { WCAG_22_AA } from './axe';
import { expect, test } from './fixtures';

test('the API reference renders from this server alone and passes axe', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:'))
      elsewhere.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Crossmarket API/ })).toBeVisible();
  await expect(page.getByText('Send product IDs in', { exact: true })).toBeVisible();
  await expect(page.getByText('/v1/filters', { exact: true })).toBeVisible();

  // An operation opened: its example answer and its documented errors render, with no resolver error.
  await page.locator('.opblock', { hasText: 'Follow a report' }).locator('.opblock-summary-control').click();
  await expect(page.getByText('"parity_rates"').first()).toBeVisible();
  await expect(
    page.getByText('Not signed in, or the token is unknown, revoked or expired.').first(),
  ).toBeVisible();
  await expect(page.locator('.errors-wrapper')).toHaveCount(0);

  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help}` +
        v.nodes.map((n) => `\n  ${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? '')}`).join(''),
    );
  expect(serious).toEqual([]);

  // The dialog for credentials too.
  await page
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click();
  await expect(page.getByText('bearerAuth', { exact: false }).first()).toBeVisible();
  const dialog = await new AxeBuilder({ page }).include('.modal-ux').withTags(WCAG_22_AA).analyze();
  expect(
    dialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  expect(elsewhere).toEqual([]);
});
