import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { billingInvoices, payments } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let alice: string;
let bob: string;
const logs: string[] = [];
const CARD = {
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '987',
};

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, {}, { logs });
  app = testApp.app;
  alice = await activeUser(app, database.db, 'alice@example.com');
  bob = await activeUser(app, database.db, 'bob@example.com');
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const post = (cookie: string, url: string, payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload: payload as object });

async function waitForPaid(cookie: string) {
  for (let i = 0; i < 200; i++) {
    const paid = (await app.inject({ url: '/api/payments?status=paid', headers: { cookie } })).json();
    if (paid.length) return paid;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no paid payment');
}

describe('products and coupons', () => {
  it('lists the price ids of the visible plans', async () => {
    const res = (await post(alice, '/api/get-products')).json();
    expect(res.price_ids).toContainEqual({ code: 'L', price_id: 'price_sandbox_L' });
    expect(res.price_ids.map((p: { code: string }) => p.code)).not.toContain('F');
  });

  it('checks a coupon on the server, case-insensitively', async () => {
    const ok = (
      await post(alice, '/api/check-coupon', { coupon_code: 'welcome20', product_id: 'price_sandbox_L' })
    ).json();
    expect(ok).toEqual({
      result: true,
      coupon: {
        id: 'co_welcome20',
        code: 'WELCOME20',
        percent_off: 20,
        amount_off: null,
        duration_in_months: null,
        is_code_applicable: true,
      },
    });
    expect((await post(alice, '/api/check-coupon', { coupon_code: 'NOPE' })).json()).toEqual({
      result: false,
      coupon: null,
    });
    expect((await post(alice, '/api/check-coupon', {})).statusCode).toBe(400);
  });
});

describe('checkout with the sandbox', () => {
  let secret: string;

  it('creates an incomplete subscription with an open invoice, the coupon applied on the server', async () => {
    const res = await post(alice, '/api/create-subscription', {
      price_id: 'price_sandbox_L',
      active_coupon: 'WELCOME20',
      free_user: true,
      idempotency_key: 'checkout-1234',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ result: true, msg: '' });
    expect(body.client_secret).toMatch(/^pi_.+_secret_.+/);
    secret = body.client_secret;
    const open = (await app.inject({ url: '/api/payments', headers: { cookie: alice } })).json();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: 'open', amount: 6320 }); // 7900 × 0.8
  });

  it('answers a repeated submit with the first result and no second invoice', async () => {
    const again = (
      await post(alice, '/api/create-subscription', {
        price_id: 'price_sandbox_L',
        active_coupon: 'WELCOME20',
        idempotency_key: 'checkout-1234',
      })
    ).json();
    expect(again.client_secret).toBe(secret);
    expect(await database.db.select().from(billingInvoices)).toHaveLength(1);
  });

  it("refuses another user's payment", async () => {
    const res = await post(bob, '/api/sandbox/confirm-payment', { client_secret: secret, card: CARD });
    expect(res.statusCode).toBe(404);
  });

  it('declines the test cards that decline, with their messages, and accepts nothing malformed', async () => {
    const declined = (
      await post(alice, '/api/sandbox/confirm-payment', {
        client_secret: secret,
        card: { ...CARD, number: '4000 0000 0000 0002' },
      })
    ).json();
    expect(declined).toEqual({
      result: false,
      status: 'requires_payment_method',
      msg: 'Your card was declined.',
    });
    const poor = (
      await post(alice, '/api/sandbox/confirm-payment', {
        client_secret: secret,
        card: { ...CARD, number: '4000 0000 0000 9995' },
      })
    ).json();
    expect(poor.msg).toBe('Your card has insufficient funds.');
    const bad = (
      await post(alice, '/api/sandbox/confirm-payment', {
        client_secret: secret,
        card: { ...CARD, cvc: '12' },
      })
    ).json();
    expect(bad.result).toBe(false);
    expect(
      (await app.inject({ url: '/api/payments?status=paid', headers: { cookie: alice } })).json(),
    ).toEqual([]);
  });

  it('charges 4242, records the payment through the queue and activates plan L for a month', async () => {
    const res = (
      await post(alice, '/api/sandbox/confirm-payment', { client_secret: secret, card: CARD })
    ).json();
    expect(res).toEqual({ result: true, status: 'succeeded', msg: '' });
    const paid = await waitForPaid(alice);
    expect(paid[0]).toMatchObject({ status: 'paid', amount: 6320 });
    expect(paid[0].invoice_number).toMatch(/^CM-\d{6}$/);
    const me = (await app.inject({ url: '/api/me', headers: { cookie: alice } })).json();
    expect(me.user_data).toMatchObject({
      welcome_done: true,
      card_brand: 'visa',
      last4: '4242',
      plan: { code: 'L', daily_report_quota: 5000 },
    });
    const days = (new Date(me.user_data.subscription_end).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(me.access).toEqual({ paid_active: true, locked_out: false });
  });

  it('refuses a second subscription while one is active', async () => {
    const res = await post(alice, '/api/create-subscription', { price_id: 'price_sandbox_XL' });
    expect(res.statusCode).toBe(409);
  });

  it('never writes the card number or CVC to the database or the logs', async () => {
    const dump = await database.db.execute(sql`
      select string_agg(t::text, ' ') as all_rows from (
        select row_to_json(x)::text as t from billing_payment_methods x union all
        select row_to_json(x)::text from billing_payment_intents x union all
        select row_to_json(x)::text from billing_invoices x union all
        select row_to_json(x)::text from payments x union all
        select row_to_json(x)::text from user_data x union all
        select row_to_json(x)::text from idempotency_keys x union all
        select data::text from pgboss.job
      ) rows`);
    const text = String(dump.rows[0]?.all_rows);
    expect(text).toContain('4242'); // the last 4 is kept…
    expect(text).not.toMatch(/4242 ?4242 ?4242 ?4242/); // …the number is not
    expect(text).not.toContain('"cvc"');
    const logText = logs.join('\n');
    expect(logs.length).toBeGreaterThan(10);
    expect(logText).not.toMatch(/4242 ?4242 ?4242 ?4242/);
    expect(logText).not.toMatch(/\bcvc\b/i); // a word: random ids may hold the letters
    expect(logText).not.toContain('"987"'); // the CVC as a value (bare digits also occur in timings)
  });
});

describe('autopay', () => {
  it('turns off with pause and back on with unpause', async () => {
    expect((await post(alice, '/api/pause-subscription', {})).json()).toEqual({ result: true });
    expect((await app.inject({ url: '/api/me', headers: { cookie: alice } })).json().profile.autopay).toBe(
      false,
    );
    expect((await post(alice, '/api/unpause-subscription', {})).json()).toEqual({ result: true });
    expect((await app.inject({ url: '/api/me', headers: { cookie: alice } })).json().profile.autopay).toBe(
      true,
    );
  });

  it('answers 404 for a user without a subscription', async () => {
    expect((await post(bob, '/api/pause-subscription', {})).statusCode).toBe(404);
  });
});

describe('invoice PDFs', () => {
  it('serves a real PDF of the invoice to its owner only', async () => {
    const [row] = (await app.inject({ url: '/api/payments?status=paid', headers: { cookie: alice } })).json();
    expect(row.invoice_pdf).toBe(`/api/invoices/${row.invoice_id}/pdf`);
    const pdf = await app.inject({ url: row.invoice_pdf, headers: { cookie: alice } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
    expect((await app.inject({ url: row.invoice_pdf, headers: { cookie: bob } })).statusCode).toBe(404);
  });
});

describe('payments', () => {
  it("lists only the caller's payments, newest first", async () => {
    expect((await app.inject({ url: '/api/payments', headers: { cookie: bob } })).json()).toEqual([]);
    const [row] = await database.db.select().from(payments).where(eq(payments.status, 'paid'));
    expect(row).toBeDefined();
    expect(
      (await app.inject({ url: '/api/payments?status=bogus', headers: { cookie: alice } })).statusCode,
    ).toBe(400);
  });
});

describe('abuse and double submits', () => {
  it('claims an idempotency key atomically: two concurrent submits, one subscription and one invoice', async () => {
    const carol = await activeUser(app, database.db, 'carol@example.com');
    const submit = () =>
      post(carol, '/api/create-subscription', {
        price_id: 'price_sandbox_M',
        active_coupon: null,
        idempotency_key: 'double-click-5678',
      });
    const answers = await Promise.all([submit(), submit(), submit()]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const other of answers.filter((a) => a.statusCode !== 200)) {
      expect(other.statusCode).toBe(409);
      expect(other.json().error.code).toBe('request_in_progress');
    }
    expect(new Set(ok.map((a) => a.json().client_secret)).size).toBe(1);
    const subscriptions = await database.db.execute(sql`
      select s.id from billing_subscriptions s join "user" u on u.id = s.user_id
       where u.email = 'carol@example.com'`);
    expect(subscriptions.rows).toHaveLength(1);
    // Once done, the same key answers the stored result.
    expect((await submit()).json().client_secret).toBe(ok[0]!.json().client_secret);
  });

  it('rate-limits coupon checks per user, with Retry-After', async () => {
    const dave = await activeUser(app, database.db, 'dave@example.com');
    const check = () => post(dave, '/api/check-coupon', { coupon_code: 'GUESS1' });
    for (let i = 0; i < 20; i++) expect((await check()).statusCode).toBe(200);
    const refused = await check();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
