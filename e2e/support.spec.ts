import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { mailFor, onboard, signedInUser, sql } from './helpers';

// The program's defaults: no SUPPORT_EMAIL, no WordPress sites, no YouTube channel.
const SUPPORT_EMAIL = 'support@crossmarket.local';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An option of the open antd Select (its hidden accessibility list repeats the options). */
const pick = (page: Page, option: string) =>
  page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();

test('a seller reads the built-in guide and sends a ticket; support and the seller get a mail', async ({
  page,
}) => {
  // Three accessibility sweeps, each in both themes.
  test.setTimeout(360_000);
  const email = await signedInUser(page, 'support');
  await onboard(email);

  await page.goto('/support');
  await expect(page).toHaveTitle('Crossmarket - Support');
  await expect(page.getByRole('heading', { name: 'Support Center' })).toBeVisible();
  const guide = page.getByTestId('support-kb');
  await expect(guide.getByRole('heading', { name: 'Crossmarket Guide' })).toBeVisible();
  await expect(guide.getByRole('link')).toHaveText([
    'Getting started with Crossmarket',
    'Creating a report',
    'Filters',
    'Pricing rules',
    'Exports',
    'Inventories',
  ]);
  // Without a blog site or a channel those sections are not shown.
  await expect(page.getByTestId('support-blog')).toHaveCount(0);
  await expect(page.getByTestId('support-videos')).toHaveCount(0);
  await expectAccessible(page, 'the support page');

  await guide.getByRole('link', { name: 'Creating a report' }).click();
  await expect(page).toHaveURL(/\/support\/guide\/creating-a-report$/);
  await expect(page.getByRole('heading', { name: 'Creating a report', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What can stop a report' })).toBeVisible();
  await expect(page).toHaveTitle('Crossmarket - Creating a report');
  await expectAccessible(page, 'a guide article');
  await page.getByRole('link', { name: 'Support' }).first().click();
  await expect(page).toHaveURL(/\/support$/);

  await page.getByRole('button', { name: 'Yes, I need help' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Support Ticket')).toBeVisible();
  await expect(drawer.getByText(/permission to run the necessary tests/)).toBeVisible();
  await expectAccessible(page, 'the ticket drawer', '.ant-drawer');

  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(drawer.getByText('Select your topic.', { exact: true }).last()).toBeVisible();
  await expect(drawer.getByText('Explain your problem.', { exact: true }).last()).toBeVisible();

  const message = 'My report is stuck at 40%.\n<b>Not bold</b> & <script>alert(1)</script>';
  await drawer.getByRole('combobox', { name: 'Topic' }).click();
  await pick(page, 'Reports');
  await drawer.getByRole('textbox', { name: 'Message' }).fill(message);
  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(drawer.getByText('Your support ticket submitted successfully.')).toBeVisible();
  await expect(
    drawer.getByText('We will response to your question within 24 hours via your registered email address.'),
  ).toBeVisible();

  const toSupport = await mailFor(page.request, SUPPORT_EMAIL, new RegExp(`Reports from ${escape(email)}$`));
  expect(toSupport.text).toContain(message);
  const ack = await mailFor(page.request, email, /We received your support ticket/);
  expect(ack.text).toContain(message);
  const [row] = await sql(
    `select topic, message, status from support_tickets
     where user_id = (select id from "user" where email = $1)`,
    [email],
  );
  expect(row).toEqual({ topic: 'reports', message, status: 'open' });

  // Both in the development mailbox, the message shown as text.
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: toSupport.subject })).toBeVisible();
  await expect(page.getByRole('heading', { name: ack.subject })).toBeVisible();
  await expect(page.getByText('<b>Not bold</b> & <script>alert(1)</script>').first()).toBeVisible();
});

test('support stays open to a locked-out and to a suspended seller', async ({ page }) => {
  const email = await signedInUser(page, 'support-gated');
  await onboard(email);
  const where = `where user_id = (select id from "user" where email = $1)`;

  // Seven hours after the subscription ended: locked out, but support (and its guide) still open.
  await sql(`update user_data set subscription_end = now() - interval '7 hours' ${where}`, [email]);
  await page.goto('/reports');
  await expect(
    page.getByText('Your subscription has ended. Renew it to use your account again.'),
  ).toBeVisible();
  await page.goto('/support/guide/filters');
  await expect(page.getByRole('heading', { name: 'Filters', level: 2 })).toBeVisible();

  await sql(`update user_data set suspended = true ${where}`, [email]);
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/suspended$/);
  await page.getByRole('button', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { name: 'Support Center' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, I need help' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('combobox', { name: 'Topic' }).click();
  await pick(page, 'Account');
  await drawer.getByRole('textbox', { name: 'Message' }).fill('Why was my account suspended?');
  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(drawer.getByText('Your support ticket submitted successfully.')).toBeVisible();
  await mailFor(page.request, email, /We received your support ticket/);
});
