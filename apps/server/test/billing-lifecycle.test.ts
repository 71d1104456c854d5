import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { billingInvoices, billingPaymentMethods, billingSubscriptions, user } from '../src/db/schema';
import { renewDueSubscriptions } from '../src/providers/payments/sandbox/renewals';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { card, subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let alice: string;
let bob: string;

const post = (cookie: string, url: string, payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload: payload as object });
const me = async (cookie: string) => (await app.inject({ url: '/api/me', headers: { cookie } })).json();
const subscriptionOf = async (email: string) => {
  const [u] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const [s] = await database.db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, u!.id));
  return s!;
};
/** Moves a subscription's period back so that it ends `hoursAgo` hours ago (a month long, as created). */
async function endPeriod(email: string, hoursAgo: number) {
  const s = await subscriptionOf(email);
  await database.db.execute(sql`
    update billing_subscriptions set
      anchor = now() - make_interval(hours => ${hoursAgo}) - interval '1 month',
      current_period_start = now() - make_interval(hours => ${hoursAgo}) - interval '1 month',
      current_period_end = now() - make_interval(hours => ${hoursAgo})
    where id = ${s.id}`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  alice = await activeUser(app, database.db, 'alice@example.com');
  bob = await activeUser(app, database.db, 'bob@example.com');
  await subscribe(app, alice, 'L', 'WELCOME20');
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

describe('upgrade with proration', () => {
  it('previews the prorated price of a bigger plan', async () => {
    const res = (await post(alice, '/api/preview-new-subscription', { price_id: 'price_sandbox_XL' })).json();
    expect(res.result).toBe(true);
    const { current_plan_remaining, new_plan_remaining, you_pay_total_price } = res.data;
    // Just subscribed: nearly the whole month remains of L ($79) and XL ($139).
    expect(current_plan_remaining).toBeGreaterThan(7890);
    expect(new_plan_remaining).toBeGreaterThan(13880);
    expect(you_pay_total_price).toBe(new_plan_remaining - current_plan_remaining);
  });

  it('refuses a plan that is not bigger, and a user without a subscription', async () => {
    expect(
      (await post(alice, '/api/preview-new-subscription', { price_id: 'price_sandbox_S' })).statusCode,
    ).toBe(400);
    expect(
      (await post(bob, '/api/preview-new-subscription', { price_id: 'price_sandbox_XL' })).json().error.code,
    ).toBe('no_subscription');
    expect((await post(alice, '/api/preview-new-subscription', {})).json().error.fields[0].message).toBe(
      'Select a plan to upgrade',
    );
  });

  it('upgrades L → XL once per key, charging the difference and keeping the invoice date', async () => {
    const before = await me(alice);
    const first = (
      await post(alice, '/api/upgrade-subscription', {
        price_id: 'price_sandbox_XL',
        idempotency_key: 'upgrade-xl-1',
      })
    ).json();
    const again = (
      await post(alice, '/api/upgrade-subscription', {
        price_id: 'price_sandbox_XL',
        idempotency_key: 'upgrade-xl-1',
      })
    ).json();
    expect(first).toEqual({ result: true, msg: '' });
    expect(again).toEqual(first);
    const after = await me(alice);
    expect(after.user_data.plan.code).toBe('XL');
    expect(after.user_data.subscription_end).toBe(before.user_data.subscription_end);
    const upgrades = await database.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.kind, 'upgrade'));
    expect(upgrades).toHaveLength(1);
    expect(upgrades[0]).toMatchObject({ status: 'paid', planCode: 'XL' });
    expect(upgrades[0]!.amountDue).toBeGreaterThan(5980); // ≈ 13900 − 7900 for a fresh month
  });
});

describe('payment method', () => {
  it('refuses a declined card and saves a good one as brand and last 4', async () => {
    const bad = (await post(alice, '/api/change-payment-method', card('4000 0000 0000 0002'))).json();
    expect(bad).toEqual({ result: false, msg: 'Your card was declined.' });
    const good = (await post(alice, '/api/change-payment-method', card('5555 5555 5555 4444'))).json();
    expect(good).toEqual({ result: true, msg: '' });
    expect((await me(alice)).user_data).toMatchObject({ card_brand: 'mastercard', last4: '4444' });
  });
});

describe('renewal', () => {
  it('charges the full new price (less a forever coupon) at the period end, anchored to the first payment', async () => {
    await endPeriod('alice@example.com', 1);
    const before = await subscriptionOf('alice@example.com');
    expect(await renewDueSubscriptions(database.db)).toMatchObject({ renewed: 1, ended: 0, pastDue: 0 });
    const after = await subscriptionOf('alice@example.com');
    expect(after.periodIndex).toBe(before.periodIndex + 1);
    expect(after.currentPeriodStart!.getTime()).toBe(before.currentPeriodEnd!.getTime());
    const [renewal] = await database.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.kind, 'renewal'));
    expect(renewal).toMatchObject({ status: 'paid', amountDue: 11120 }); // XL 13900 × 0.8 (WELCOME20 forever)
    expect(new Date((await me(alice)).user_data.subscription_end).getTime()).toBe(
      after.currentPeriodEnd!.getTime(),
    );
  });

  it('leaves the invoice open when the card declines; paying it with a new card renews', async () => {
    const sub = await subscriptionOf('alice@example.com');
    await database.db
      .update(billingPaymentMethods)
      .set({ outcome: 'card_declined' })
      .where(eq(billingPaymentMethods.id, sub.defaultPaymentMethodId!));
    await endPeriod('alice@example.com', 2);
    const endBefore = (await me(alice)).user_data.subscription_end;
    expect(await renewDueSubscriptions(database.db)).toEqual({
      renewed: 0,
      ended: 0,
      pastDue: 1,
      paidInvoices: [],
    });
    const open = (await app.inject({ url: '/api/payments?status=open', headers: { cookie: alice } })).json();
    expect(open).toHaveLength(1);
    expect((await me(alice)).user_data.subscription_end).toBe(endBefore);

    expect((await post(bob, '/api/pay-invoice', { invoice_id: open[0].invoice_id })).statusCode).toBe(404);
    expect((await post(alice, '/api/pay-invoice', { invoice_id: open[0].invoice_id })).json()).toEqual({
      result: false,
      msg: 'Your card was declined.',
    });
    await post(alice, '/api/change-payment-method', card());
    expect((await post(alice, '/api/pay-invoice', { invoice_id: open[0].invoice_id })).json()).toEqual({
      result: true,
      msg: '',
    });
    expect((await subscriptionOf('alice@example.com')).status).toBe('active');
    expect(new Date((await me(alice)).user_data.subscription_end).getTime()).toBeGreaterThan(Date.now());
  });

  it('ends a subscription whose autopay is off instead of charging it', async () => {
    await post(alice, '/api/pause-subscription');
    await endPeriod('alice@example.com', 1);
    const invoices = (await database.db.select().from(billingInvoices)).length;
    expect(await renewDueSubscriptions(database.db)).toEqual({
      renewed: 0,
      ended: 1,
      pastDue: 0,
      paidInvoices: [],
    });
    expect((await database.db.select().from(billingInvoices)).length).toBe(invoices);
    expect((await subscriptionOf('alice@example.com')).status).toBe('canceled');
  });
});
