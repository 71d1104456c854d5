import { JOB_NAMES, planByCode } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import {
  billingPaymentIntents,
  billingPaymentMethods,
  billingSubscriptions,
  mailOutbox,
  payments,
  user,
  userProfiles,
} from '../src/db/schema';
import { billedToLines } from '../src/features/billing/billed-to';
import { pgBossQueue, type JobQueue } from '../src/jobs/queue';
import { recordPaymentSucceeded } from '../src/providers/payments/sandbox/engine';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders, waitForMail } from './helpers/auth';
import { card, receiptsTo, subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Issue 46, item 6: a receipt after paying, and invoices billed to the name and address the wizard asked.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  queue = pgBossQueue(testApp.worker!.boss);
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const userIdOf = async (email: string) =>
  (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

/** The text a PDF shows, line by line, as a reader extracts it (pdf.js, through the fonts' Unicode maps). */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let shown = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) shown += item.str + (item.hasEOL ? '\n' : '');
  }
  await doc.destroy();
  return shown;
}

describe('after paying', () => {
  it('mails a receipt once, with the plan, the amount, the invoice and the renewal with its zone', async () => {
    const email = 'receipt@example.com';
    const cookie = await activeUser(app, database.db, email);
    await subscribe(app, cookie, 'L');
    const mail = await waitForMail(database.db, email, /receipt/);
    expect(mail.subject).toBe(`Your Crossmarket receipt: ${planByCode('L')!.name} plan`);
    const [row] = (await app.inject({ url: '/api/payments?status=paid', headers: { cookie } })).json();
    expect(mail.text).toContain(`Amount paid: $${(row.amount / 100).toFixed(2)} (USD)`);
    expect(mail.text).toContain(`Invoice: ${row.invoice_number}`);
    expect(mail.text).toMatch(/Next renewal: .+ 20\d\d.+GMT\+3/);

    // The job running again (pg-boss may) marks nothing paid, so no second receipt is queued.
    const [intent] = await database.db
      .select({ id: billingPaymentIntents.id })
      .from(billingPaymentIntents)
      .where(eq(billingPaymentIntents.userId, await userIdOf(email)));
    expect(await recordPaymentSucceeded(database.db, intent!.id)).toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    const receipts = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(receipts.filter((m) => /receipt/.test(m.subject))).toHaveLength(1);
  });

  it('writes the receipt in the communication language', async () => {
    const email = 'makbuz@example.com';
    const cookie = await activeUser(app, database.db, email);
    await database.db
      .update(userProfiles)
      .set({ commLang: 'tr' })
      .where(eq(userProfiles.userId, await userIdOf(email)));
    await subscribe(app, cookie, 'L');
    const mail = await waitForMail(database.db, email, /makbuz/);
    expect(mail.subject).toBe(`Crossmarket makbuzunuz: ${planByCode('L')!.name} planı`);
    expect(mail.text).toContain('Ödenen tutar: $');
  });
});

describe('every payment', () => {
  const email = 'renewing@example.com';
  let cookie: string;
  const post = (url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload });
  const subscription = async () =>
    (
      await database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, await userIdOf(email)))
    )[0]!;
  /** The subscription's period ended an hour ago, a month long as created, so the renewals job renews it. */
  const endPeriod = async () =>
    database.db.execute(sql`
      update billing_subscriptions set
        anchor = now() - interval '1 hour' - interval '1 month',
        current_period_start = now() - interval '1 hour' - interval '1 month',
        current_period_end = now() - interval '1 hour'
      where id = ${(await subscription()).id}`);
  const paidInvoices = async () =>
    (
      await database.db
        .select({ invoiceNumber: payments.invoiceNumber, status: payments.status })
        .from(payments)
        .where(eq(payments.userId, await userIdOf(email)))
    ).filter((p) => p.status === 'paid');

  beforeAll(async () => {
    cookie = await activeUser(app, database.db, email);
    await subscribe(app, cookie, 'L');
    expect(await receiptsTo(database.db, email)).toHaveLength(1);
  });

  it('mails a receipt for a plan upgrade, naming the new plan and its invoice', async () => {
    const res = await post('/api/upgrade-subscription', { price_id: 'price_sandbox_XL' });
    expect(res.json()).toEqual({ result: true, msg: '' });
    const receipts = await receiptsTo(database.db, email);
    expect(receipts).toHaveLength(2);
    const numbers = (await paidInvoices()).map((p) => p.invoiceNumber);
    const upgradeMail = receipts.find((m) => m.subject.includes(planByCode('XL')!.name));
    expect(upgradeMail).toBeDefined();
    expect(numbers.filter((n) => upgradeMail!.text.includes(`Invoice: ${n}`))).toHaveLength(1);
  });

  it('mails a receipt for a renewal the renewals job charges', async () => {
    await endPeriod();
    await queue.send(JOB_NAMES.renewals, {});
    expect(await receiptsTo(database.db, email)).toHaveLength(3);
    expect(await paidInvoices()).toHaveLength(3);
  });

  it('mails none for a declined renewal, and one when the seller pays it', async () => {
    await database.db
      .update(billingPaymentMethods)
      .set({ outcome: 'card_declined' })
      .where(eq(billingPaymentMethods.id, (await subscription()).defaultPaymentMethodId!));
    await endPeriod();
    await queue.send(JOB_NAMES.renewals, {});
    expect(await receiptsTo(database.db, email)).toHaveLength(3);
    const [open] = (await app.inject({ url: '/api/payments?status=open', headers: { cookie } })).json();
    await post('/api/change-payment-method', card());
    expect((await post('/api/pay-invoice', { invoice_id: open.invoice_id })).json()).toEqual({
      result: true,
      msg: '',
    });
    expect(await receiptsTo(database.db, email)).toHaveLength(4);
  });

  it('mails one receipt per payment however often its receipt is queued', async () => {
    const [row] = (await app.inject({ url: '/api/payments?status=paid', headers: { cookie } })).json();
    const before = (await receiptsTo(database.db, email)).length;
    // pg-boss runs a job at least once, and a payment's paths may each queue it: none of that mails twice.
    await queue.send(JOB_NAMES.paymentReceipt, { invoice_id: row.invoice_id });
    await receiptsTo(database.db, email);
    await queue.send(JOB_NAMES.paymentReceipt, { invoice_id: row.invoice_id });
    expect(await receiptsTo(database.db, email)).toHaveLength(before);
  });
});

describe('the invoice PDF', () => {
  it('is billed to the name and address the wizard required, then the e-mail', async () => {
    const email = 'billed@example.com';
    const cookie = await activeUser(app, database.db, email);
    await database.db
      .update(userProfiles)
      .set({
        firstName: 'Ayşe',
        lastName: 'Yılmaz',
        address: 'Bağdat Caddesi 112',
        city: 'İstanbul',
        state: 'Kadıköy',
        postalCode: '34710',
        country: 'TR',
      })
      .where(eq(userProfiles.userId, await userIdOf(email)));
    await subscribe(app, cookie, 'L');
    const [row] = (await app.inject({ url: '/api/payments?status=paid', headers: { cookie } })).json();
    const pdf = await app.inject({ url: row.invoice_pdf, headers: { cookie } });
    expect(pdf.statusCode).toBe(200);
    // Turkish letters read back exactly (issue 59: Helvetica printed ğ, ı, İ and ş broken).
    const text = await pdfText(pdf.rawPayload);
    for (const line of [
      'Billed to: Ayşe Yılmaz',
      'Bağdat Caddesi 112',
      '34710 İstanbul, Kadıköy',
      'TR',
      email,
    ])
      expect(text).toContain(line);
  });

  it('is billed to the e-mail alone when the profile has no name or address', () => {
    expect(billedToLines(undefined, 'a@example.com')).toEqual(['a@example.com']);
    const empty = {
      firstName: null,
      secondName: ' ',
      lastName: null,
      address: null,
      city: null,
      state: null,
      postalCode: null,
      country: null,
    };
    expect(billedToLines(empty, 'a@example.com')).toEqual(['a@example.com']);
  });
});
