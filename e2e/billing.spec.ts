import { expect, test } from './fixtures';
import { sql, subscriber } from './helpers';

test('upgrade L → XL shows the prorated price, then XL', async ({ page }) => {
  await subscriber(page, 'L');
  await page.goto('/settings/billing');
  await expect(page.getByTestId('card-on-file')).toHaveText('VISA •••• 4242');
  await expect(page.getByText(/^LL/)).toHaveCount(0); // dates are formatted, not raw format tokens
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(dialog.getByText('Small')).toHaveCount(0); // only bigger plans
  await dialog.getByText(/^X-Large/).click();
  await expect(dialog.getByTestId('upgrade-preview')).toContainText('You pay now');
  await dialog.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page.getByText('Your plan has been upgraded.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'X-Large' })).toBeVisible();
});

test('autopay off asks first, then warns; on again clears the warning', async ({ page }) => {
  await subscriber(page, 'M');
  await page.goto('/settings/billing');
  const autopay = page.getByRole('switch', { name: 'Autopay' });
  await expect(autopay).toBeChecked();
  await autopay.click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(
    "If you disable autopay, your account will not renew it's subscription at the end of billing date. Are you sure?",
  );
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(autopay).not.toBeChecked();
  await expect(page.getByText(/Autopay is off: you can't use your account after/)).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByText('Autopay is off: your subscription will be cancelled at the end of the period.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Settings' })).toBeVisible();
  await page.goto('/settings/billing');
  await autopay.click();
  await expect(autopay).toBeChecked();
  await expect(page.getByText(/Autopay is off/)).toHaveCount(0);
});

test('a new card replaces the one on file; a declined one is refused with its message', async ({ page }) => {
  await subscriber(page, 'S');
  await page.goto('/settings/billing');
  await expect(page.getByTestId('card-on-file')).toHaveText('VISA •••• 4242');
  await page.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment method' });
  const year = String(new Date().getUTCFullYear() + 3);
  await dialog.getByLabel('Card number').fill('4000000000000002');
  await dialog.getByLabel('Expiry month').fill('11');
  await dialog.getByLabel('Expiry year').fill(year);
  await dialog.getByLabel('CVC').fill('321');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/Your card was declined\./)).toBeVisible();
  await dialog.getByLabel('Card number').fill('5555555555554444');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Your card has been saved.')).toBeVisible();
  await expect(page.getByTestId('card-on-file')).toHaveText('MASTERCARD •••• 4444');
});

test('an expired account is sent to billing and renews on a bigger plan through the checkout', async ({
  page,
}) => {
  const email = await subscriber(page, 'S');
  // The month ran out more than six hours ago and autopay had been turned off: the subscription ended.
  await sql(
    `update user_data set subscription_end = now() - interval '7 hours'
      where user_id = (select id from "user" where email = $1)`,
    [email],
  );
  await sql(
    `update billing_subscriptions set status = 'canceled', current_period_end = now() - interval '7 hours'
      where user_id = (select id from "user" where email = $1)`,
    [email],
  );
  await page.goto('/reports');
  await expect(
    page.getByText('Your subscription has ended. Renew it to use your account again.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(dialog.getByText('Small')).toHaveCount(0);
  // check() confirms the choice took: a click swallowed by the opening animation would otherwise
  // leave the test waiting for a card form that never comes.
  await dialog.getByRole('radio', { name: /^Large/ }).check();
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry month').fill('10');
  await dialog.getByLabel('Expiry year').fill(String(new Date().getUTCFullYear() + 2));
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('payment-waiting')).toBeVisible();
  // Only the new payment ends the wait (the account already had a paid invoice).
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByRole('cell', { name: 'Large', exact: true })).toBeVisible();
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: /Reports/ })).toBeVisible();
});
