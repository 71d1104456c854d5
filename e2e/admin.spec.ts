// The operator console: an operator finds a seller, suspends them with a reason (the seller lands on the
// suspended page), lifts it, and the audit log shows both; a seller never sees the console.
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { E2E_ADMIN_EMAIL, linkIn, mailFor, makeOperator, onboard, PASSWORD, signedInUser } from './helpers';

async function act(page: Page, button: string, reason: string) {
  // The last action's "Done." stays a few seconds: this action's own message is the one to wait for.
  await expect(page.getByText('Done.')).toHaveCount(0);
  await page.getByTestId('admin-user-actions').getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await expect(page.getByText('Done.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an operator suspends a seller with a reason and lifts it; the audit log keeps both', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const seller = await signedInUser(page, 'console-seller');
  await onboard(seller);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
  // A seller has no Operator section and no console.
  await expect(page.locator('#app-navigation').getByText('Operator', { exact: true })).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(page.getByText(/not found/i).first()).toBeVisible();

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const console_ = await context.newPage();
  const operator = await signedInUser(console_, 'console-operator');
  await onboard(operator);
  await makeOperator(operator);
  await console_.goto('/');
  await console_.getByRole('link', { name: 'Users' }).click();
  await expect(console_).toHaveURL(/\/admin\/users$/);
  await console_.getByTestId('admin-users-search').getByRole('searchbox').fill(seller);
  await console_.getByTestId('admin-users-search').getByRole('searchbox').press('Enter');
  await console_.getByRole('link', { name: seller }).click();
  await expect(console_.getByRole('heading', { name: seller })).toBeVisible();

  await act(console_, 'Suspend', 'Chargeback under review');
  await expect(console_.getByText('Suspended').first()).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/suspended$/);

  await act(console_, 'Lift suspension', 'Chargeback withdrawn');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();

  await console_.getByRole('link', { name: 'Audit log' }).click();
  const log = console_.getByTestId('admin-audit-table');
  await expect(log.getByText('Chargeback under review')).toBeVisible();
  await expect(log.getByText('Chargeback withdrawn')).toBeVisible();
  await context.close();
});

test('an operator answers a ticket that the seller reads and answers on the support page', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const seller = await signedInUser(page, 'ticket-seller');
  await onboard(seller);
  const created = await page.request.post('/api/create-ticket', {
    data: { topic: 'reports', message: `Report stuck for ${seller}` },
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const console_ = await context.newPage();
  const operator = await signedInUser(console_, 'ticket-operator');
  await onboard(operator);
  await makeOperator(operator);
  await console_.goto('/');
  await console_.getByRole('link', { name: 'Tickets' }).click();
  await console_.getByTestId('admin-tickets-search').getByRole('searchbox').fill(seller);
  await console_.getByTestId('admin-tickets-search').getByRole('searchbox').press('Enter');
  await console_.getByRole('link', { name: `Report stuck for ${seller}` }).click();
  await console_.getByLabel('Your reply').fill('We restarted your report.');
  await console_.getByRole('button', { name: 'Send reply' }).click();
  await expect(console_.getByText('Reply sent.')).toBeVisible();
  await expect(console_.getByText('Answered', { exact: true })).toBeVisible();

  await page.goto('/support');
  const mine = page.getByTestId('my-tickets');
  await expect(mine.getByText('Answered', { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: /Reports/ }).click();
  await expect(mine.getByText('We restarted your report.')).toBeVisible();
  await expect(mine.getByText('Crossmarket support')).toBeVisible();
  await mine.getByLabel('Your answer').fill('Thanks, it works now.');
  await mine.getByRole('button', { name: 'Send' }).click();
  await expect(mine.getByText('Thanks, it works now.')).toBeVisible();
  await expect(mine.getByText('Open', { exact: true })).toBeVisible();

  await console_.reload();
  await expect(console_.getByText('Thanks, it works now.')).toBeVisible();
  await context.close();
});

test('an operator sees the work queues and the system, both accessible in light and dark', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const operator = await signedInUser(page, 'console-work');
  await onboard(operator);
  await makeOperator(operator);
  await page.goto('/');
  await page.getByRole('link', { name: 'Work' }).click();
  await expect(page).toHaveURL(/\/admin\/work$/);
  await expect(page.getByRole('heading', { name: 'Work' })).toBeVisible();
  await expect(page.getByTestId('admin-work-queues').getByText('process-report')).toBeVisible();
  await expect(
    page
      .getByText('No report is running.')
      .or(page.getByText(/ of \d+ products/))
      .first(),
  ).toBeVisible();
  // The daily refresh of watched products, run now rather than at 06:00 (issue 59): its last run shows.
  const schedules = page.getByTestId('admin-work-schedules');
  const refresh = schedules.getByRole('row').filter({ hasText: 'watch-refresh' });
  await expect(refresh).toContainText('0 6 * * *');
  await refresh.getByRole('button', { name: 'Run now: watch-refresh' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('A seller asked for today’s figures');
  await dialog.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Done.')).toBeVisible();
  await expect(refresh).not.toContainText('Not run yet');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the work page');

  await page.getByRole('link', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole('heading', { name: 'System' })).toBeVisible();
  // `npm start` runs the server and the worker in one process: both beat.
  await expect(page.getByText('Server', { exact: true })).toBeVisible();
  await expect(page.getByText('Worker', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the system page');
});

test('an address in ADMIN_EMAILS that opens its activation link lands on the console (issue 59)', async ({
  page,
}) => {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email: E2E_ADMIN_EMAIL, password: PASSWORD, name: 'Operator', callbackURL: '/welcome' },
  });
  expect(res.ok()).toBe(true);
  const mail = await mailFor(page.request, E2E_ADMIN_EMAIL, /Activate/);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/admin(\/users)?$/);
  await expect(page.getByText("Welcome to Crossmarket! Let's Go")).toHaveCount(0);
});
