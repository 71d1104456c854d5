import { JOB_NAMES } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema';
import { jsonHeaders } from './auth';

export const card = (number = '4242 4242 4242 4242') => ({
  number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '321',
});

/** Buys `plan` through the sandbox checkout and waits until the payment is recorded. */
export async function subscribe(app: App, cookie: string, plan = 'L', coupon: string | null = null) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/create-subscription',
    headers: jsonHeaders(cookie),
    payload: { price_id: `price_sandbox_${plan}`, active_coupon: coupon },
  });
  const secret = created.json().client_secret;
  await app.inject({
    method: 'POST',
    url: '/api/sandbox/confirm-payment',
    headers: jsonHeaders(cookie),
    payload: { client_secret: secret, card: card() },
  });
  for (let i = 0; i < 200; i++) {
    const paid = (await app.inject({ url: '/api/payments?status=paid', headers: { cookie } })).json();
    if (paid.length) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('subscription payment not recorded');
}

/**
 * The receipts mailed to `to`, once no payment or receipt job is waiting or running (so that a second
 * receipt, had one been queued, would be counted too).
 */
export async function receiptsTo(db: Db, to: string) {
  for (let i = 0; i < 200; i++) {
    const pending = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from pgboss.job
      where name in (${JOB_NAMES.paymentReceipt}, ${JOB_NAMES.paymentSucceeded}, ${JOB_NAMES.renewals})
        and state in ('created', 'retry', 'active')`);
    if (pending.rows[0]!.n === 0) {
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      return mails.filter((m) => /receipt|makbuz/.test(m.subject));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('receipt jobs still pending');
}
