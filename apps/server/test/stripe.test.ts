import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { loadConfig } from '../src/config';
import { payments, plans, stripeEvents, user, userData, userProfiles } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { receiptsTo } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { invoice, now, PERIOD_END, stripeRoutes, subscription } from './helpers/stripe-fixtures';
import { startStripeStandIn } from './helpers/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';
let database: TestDatabase;
let testApp: TestApp;
let app: App;
let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
let alice: string;
let bob: string;
let aliceId: string;
const logs: string[] = [];
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stand = await startStripeStandIn(stripeRoutes());
  database = await createTestDatabase();
  testApp = await buildTestApp(
    database,
    {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_crossmarket',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_crossmarket',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stand.url,
    },
    { logs },
  );
  app = testApp.app;
  alice = await activeUser(app, database.db, 'alice@example.com');
  bob = await activeUser(app, database.db, 'bob@example.com');
  const [row] = await database.db.select().from(user).where(eq(user.email, 'alice@example.com'));
  aliceId = row!.id;
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
  await stand.close();
});

const post = (cookie: string, url: string, payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload: payload as object });

const webhook = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
};

const account = async () =>
  (await database.db.select().from(userData).where(eq(userData.userId, aliceId)))[0]!;

describe('Stripe adapter against a stand-in for Stripe API', () => {
  it('finds the plans prices by lookup key and stores them on the plans', async () => {
    const res = (await post(alice, '/api/get-products')).json();
    expect(res.price_ids).toContainEqual({ code: 'L', price_id: 'price_live_l' });
    const [call] = stand.callsTo('GET', '/v1/prices');
    const keys = [...call!.params].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
    expect(keys.sort()).toEqual([
      'crossmarket_2xl',
      'crossmarket_3xl',
      'crossmarket_l',
      'crossmarket_m',
      'crossmarket_s',
      'crossmarket_xl',
    ]);
    expect(call!.authorization).toBe('Bearer sk_test_crossmarket');
    const [l] = await database.db.select().from(plans).where(eq(plans.code, 'L'));
    expect(l!.priceId).toBe('price_live_l');
  });

  it('checks a promotion code with Stripe', async () => {
    const ok = (await post(alice, '/api/check-coupon', { coupon_code: 'SPRING20' })).json();
    expect(ok.result).toBe(true);
    expect(ok.coupon).toMatchObject({ id: 'promo_spring', code: 'SPRING20', percent_off: 20 });
    const none = (await post(alice, '/api/check-coupon', { coupon_code: 'NOPE' })).json();
    expect(none).toEqual({ result: false, coupon: null });
  });

  it('creates an incomplete subscription with the coupon and answers the payment secret, once per key', async () => {
    const body = { price_id: 'price_live_l', active_coupon: 'SPRING20', idempotency_key: 'checkout-key-1' };
    const first = (await post(alice, '/api/create-subscription', body)).json();
    expect(first).toEqual({ result: true, client_secret: 'pi_first_secret_abc', msg: '' });
    const again = (await post(alice, '/api/create-subscription', body)).json();
    expect(again).toEqual(first);
    const creates = stand.callsTo('POST', '/v1/subscriptions');
    expect(creates).toHaveLength(1);
    const p = creates[0]!.params;
    expect(p.get('customer')).toBe('cus_alice');
    expect(p.get('items[0][price]')).toBe('price_live_l');
    expect(p.get('payment_behavior')).toBe('default_incomplete');
    expect(p.get('discounts[0][promotion_code]')).toBe('promo_spring');
    expect(p.get('expand[0]')).toBe('latest_invoice.confirmation_secret');
    expect(creates[0]!.idempotencyKey).toContain('checkout-key-1');
    const [open] = await database.db.select().from(payments).where(eq(payments.id, 'in_first'));
    expect(open).toMatchObject({ userId: aliceId, status: 'open', amountCents: 6320 });
  });

  it('refuses a webhook whose signature does not match, changing nothing', async () => {
    const event = {
      id: 'evt_forged',
      type: 'invoice.paid',
      data: { object: invoice('in_first', 'paid', 6320) },
    };
    const res = await webhook(event, 'whsec_wrong');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_signature');
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await account()).planCode).toBe('F');
  });

  it('records invoice.paid: payment paid, plan and period end on the account, the card on file', async () => {
    const event = {
      id: 'evt_paid_1',
      type: 'invoice.paid',
      data: { object: invoice('in_first', 'paid', 6320) },
    };
    expect((await webhook(event)).statusCode).toBe(200);
    const data = await account();
    expect(data).toMatchObject({ planCode: 'L', subscriptionId: 'sub_alice', welcomeDone: true });
    expect(data.subscriptionEnd!.getTime()).toBe(PERIOD_END * 1000);
    expect(data).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
    const list = (await app.inject({ url: '/api/payments', headers: { cookie: alice } })).json();
    expect(list[0]).toMatchObject({ id: 'in_first', status: 'paid', invoice_number: 'INV-in_first' });

    // Stripe delivers at least once: the same event again is acknowledged and changes nothing.
    const retrievals = stand.callsTo('GET', '/v1/subscriptions/sub_alice').length;
    expect((await webhook(event)).statusCode).toBe(200);
    expect(stand.callsTo('GET', '/v1/subscriptions/sub_alice')).toHaveLength(retrievals);
    expect(
      await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_paid_1')),
    ).toHaveLength(1);
  });

  it('never moves a paid invoice back to open when a late event arrives', async () => {
    const late = {
      id: 'evt_late',
      type: 'invoice.finalized',
      data: { object: invoice('in_first', 'open', 6320) },
    };
    expect((await webhook(late)).statusCode).toBe(200);
    const [row] = await database.db.select().from(payments).where(eq(payments.id, 'in_first'));
    expect(row!.status).toBe('paid');
  });

  it('previews an upgrade with Stripe invoice preview (credit, charge, total in cents)', async () => {
    const res = (await post(alice, '/api/preview-new-subscription', { price_id: 'price_live_xl' })).json();
    expect(res).toEqual({
      result: true,
      data: { current_plan_remaining: 3950, new_plan_remaining: 6960, you_pay_total_price: 3010 },
    });
    const [call] = stand.callsTo('POST', '/v1/invoices/create_preview');
    expect(call!.params.get('subscription')).toBe('sub_alice');
    expect(call!.params.get('subscription_details[items][0][id]')).toBe('si_alice');
    expect(call!.params.get('subscription_details[items][0][price]')).toBe('price_live_xl');
    expect(call!.params.get('subscription_details[proration_behavior]')).toBe('always_invoice');
  });

  it('refuses a smaller plan before calling Stripe', async () => {
    const before = stand.calls.length;
    const res = await post(alice, '/api/preview-new-subscription', { price_id: 'price_live_s' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('not_an_upgrade');
    expect(stand.calls.slice(before).filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('upgrades with proration charged now; a declined card answers its message', async () => {
    const declined = (
      await post(alice, '/api/upgrade-subscription', {
        price_id: 'price_live_3xl',
        idempotency_key: 'up-key-0',
      })
    ).json();
    expect(declined).toEqual({ result: false, msg: 'Your card has insufficient funds.' });
    expect((await account()).planCode).toBe('L');
    const ok = (
      await post(alice, '/api/upgrade-subscription', {
        price_id: 'price_live_xl',
        idempotency_key: 'up-key-1',
      })
    ).json();
    expect(ok).toEqual({ result: true, msg: '' });
    expect((await account()).planCode).toBe('XL');
    const update = stand.callsTo('POST', '/v1/subscriptions/sub_alice').at(-1)!;
    expect(update.params.get('proration_behavior')).toBe('always_invoice');
    expect(update.params.get('payment_behavior')).toBe('error_if_incomplete');
    expect(update.params.get('items[0][id]')).toBe('si_alice');
  });

  it('pauses and unpauses with cancel_at_period_end', async () => {
    expect((await post(alice, '/api/pause-subscription')).json()).toEqual({ result: true });
    expect(
      stand.callsTo('POST', '/v1/subscriptions/sub_alice').at(-1)!.params.get('cancel_at_period_end'),
    ).toBe('true');
    const [profile] = await database.db.select().from(userProfiles).where(eq(userProfiles.userId, aliceId));
    expect(profile!.autopay).toBe(false);
    expect((await post(alice, '/api/unpause-subscription')).json()).toEqual({ result: true });
    expect(
      stand.callsTo('POST', '/v1/subscriptions/sub_alice').at(-1)!.params.get('cancel_at_period_end'),
    ).toBe('false');
  });

  it('changes the card through a SetupIntent confirmed in Stripe Elements', async () => {
    const setup = (await post(alice, '/api/stripe/setup-intent')).json();
    expect(setup).toEqual({ result: true, client_secret: 'seti_new_secret_x' });
    expect(stand.callsTo('POST', '/v1/setup_intents')[0]!.params.get('customer')).toBe('cus_alice');

    // A typed card is refused in Stripe mode: card numbers never reach this server.
    const typed = await post(alice, '/api/change-payment-method', {
      number: '4242 4242 4242 4242',
      exp_month: 1,
      exp_year: 2031,
      cvc: '123',
    });
    expect(typed.statusCode).toBe(400);

    const other = await post(alice, '/api/change-payment-method', { setup_intent_id: 'seti_other' });
    expect(other.statusCode).toBe(404);

    const ok = (await post(alice, '/api/change-payment-method', { setup_intent_id: 'seti_alice' })).json();
    expect(ok).toEqual({ result: true, msg: '' });
    expect(await account()).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444' });
    const customerUpdate = stand.callsTo('POST', '/v1/customers/cus_alice')[0]!;
    expect(customerUpdate.params.get('invoice_settings[default_payment_method]')).toBe('pm_master');
  });

  it('limits SetupIntents per user, with Retry-After', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await post(bob, '/api/stripe/setup-intent')).statusCode);
    expect(codes.every((c) => c !== 429)).toBe(true);
    const refused = await post(bob, '/api/stripe/setup-intent');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('records a failed renewal as open and pays it on request; another user gets 404', async () => {
    const failed = {
      id: 'evt_failed',
      type: 'invoice.payment_failed',
      data: { object: invoice('in_renewal', 'open', 13900) },
    };
    expect((await webhook(failed)).statusCode).toBe(200);
    const open = (await app.inject({ url: '/api/payments?status=open', headers: { cookie: alice } })).json();
    expect(open.map((p: { id: string }) => p.id)).toContain('in_renewal');

    expect((await post(bob, '/api/pay-invoice', { invoice_id: 'in_renewal' })).statusCode).toBe(404);
    expect(stand.callsTo('POST', '/v1/invoices/in_renewal/pay')).toHaveLength(0);

    const declined = (await post(alice, '/api/pay-invoice', { invoice_id: 'in_renewal' })).json();
    expect(declined).toEqual({ result: false, msg: 'Your card was declined.' });
  });

  it('ends the plan when Stripe deletes the subscription', async () => {
    const ended = now() - 60;
    const event = {
      id: 'evt_deleted',
      type: 'customer.subscription.deleted',
      data: {
        object: subscription('price_live_xl', {
          status: 'canceled',
          ended_at: ended,
          default_payment_method: null,
        }),
      },
    };
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await account()).subscriptionEnd!.getTime()).toBe(ended * 1000);
  });

  it('applies subscription events in order: an older one than the stored state is ignored', async () => {
    const endedAt = (await account()).subscriptionEnd!.getTime();
    const late = {
      id: 'evt_updated_late',
      type: 'customer.subscription.updated',
      created: now() - 3600, // sent before the deletion, delivered after it
      data: { object: subscription('price_live_xl') },
    };
    expect((await webhook(late)).statusCode).toBe(200);
    expect((await account()).subscriptionEnd!.getTime()).toBe(endedAt);
    expect(logs.join('\n')).toMatch(/"stripeEvent":"evt_updated_late".*"outcome":"stale"/);

    const newer = { ...late, id: 'evt_updated_newer', created: now() + 5 };
    expect((await webhook(newer)).statusCode).toBe(200);
    expect((await account()).subscriptionEnd!.getTime()).toBe(PERIOD_END * 1000);
  });

  it('mails a receipt per paid invoice, once however often Stripe delivers its invoice.paid', async () => {
    // in_first was paid by evt_paid_1 above, delivered twice.
    const firstReceipts = await receiptsTo(database.db, 'alice@example.com');
    expect(firstReceipts).toHaveLength(1);
    expect(firstReceipts[0]!.text).toContain('Invoice: INV-in_first');
    const renewal = {
      id: 'evt_renewal_paid',
      type: 'invoice.paid',
      data: { object: invoice('in_renewal', 'paid', 13900) },
    };
    expect((await webhook(renewal)).statusCode).toBe(200);
    expect((await webhook(renewal)).statusCode).toBe(200);
    // Stripe may also send the same state under a new event id (a resend from the dashboard).
    expect((await webhook({ ...renewal, id: 'evt_renewal_paid_resent' })).statusCode).toBe(200);
    const receipts = await receiptsTo(database.db, 'alice@example.com');
    expect(receipts).toHaveLength(2);
    expect(receipts.filter((m) => m.text.includes('Invoice: INV-in_renewal'))).toHaveLength(1);
    expect(receipts.find((m) => m.text.includes('INV-in_renewal'))!.text).toContain('Amount paid: $139.00');
    expect(await receiptsTo(database.db, 'bob@example.com')).toHaveLength(0);
  });

  it('keeps the secret key and webhook secret out of the logs', () => {
    const text = logs.join('\n');
    expect(text).toContain('stripe webhook');
    expect(text).not.toContain('sk_test_crossmarket');
    expect(text).not.toContain(WEBHOOK_SECRET);
  });
});

describe('Stripe configuration', () => {
  it('names each missing Stripe variable', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is required when PAYMENTS_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'nope' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });
});
