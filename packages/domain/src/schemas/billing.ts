import { z } from 'zod';
import { requiredString } from './common';

export type CardBrand = 'visa' | 'mastercard';

/** VISA starts with 4; MasterCard with 51–55 or 2221–2720. Other brands are not accepted. */
export function cardBrand(number: string): CardBrand | null {
  const digits = number.replace(/\s/g, '');
  if (/^4/.test(digits)) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return null;
}

/** The card form: 4×4 digits, month 1–12, year this year to nine years ahead, CVC of 3 digits. */
export function cardSchema(now: Date = new Date()) {
  const year = now.getUTCFullYear();
  return z
    .object({
      number: requiredString('validation.card.number')
        .pipe(z.string().regex(/^\d{4} \d{4} \d{4} \d{4}$/, 'validation.card.number'))
        .refine((n) => cardBrand(n) !== null, 'validation.card.brand'),
      exp_month: z.coerce
        .number({ error: 'validation.card.month' })
        .int('validation.card.month')
        .min(1, 'validation.card.month')
        .max(12, 'validation.card.month'),
      exp_year: z.coerce
        .number({ error: 'validation.card.year' })
        .int('validation.card.year')
        .min(year, 'validation.card.year')
        .max(year + 9, 'validation.card.year'),
      cvc: requiredString('validation.card.cvc').pipe(z.string().regex(/^\d{3}$/, 'validation.card.cvc')),
    })
    .refine((c) => c.exp_year > year || c.exp_month >= now.getUTCMonth() + 1, {
      message: 'validation.card.expired',
      path: ['exp_month'],
    });
}

export const upgradeSchema = z.object({ price_id: requiredString('validation.upgrade.planRequired') });

/** A client-made key so that a repeated submit (double click, retry) gets the first answer back. */
const idempotencyKey = z.string().min(8).max(100).optional();

export const createSubscriptionBody = z.object({
  price_id: requiredString('validation.upgrade.planRequired'),
  active_coupon: z.string().trim().max(64).nullable().optional(),
  free_user: z.boolean().optional(),
  idempotency_key: idempotencyKey,
});

export const confirmPaymentBody = z.object({
  client_secret: z.string().min(10).max(200),
  card: z.object({
    number: z.string().max(40),
    exp_month: z.union([z.number(), z.string()]),
    exp_year: z.union([z.number(), z.string()]),
    cvc: z.string().max(8),
  }),
});
export type ConfirmPaymentBody = z.output<typeof confirmPaymentBody>;

export const upgradeBody = upgradeSchema.extend({ idempotency_key: idempotencyKey });
export const changePaymentMethodBody = z.object({
  number: z.string().max(40),
  exp_month: z.union([z.number(), z.string()]),
  exp_year: z.union([z.number(), z.string()]),
  cvc: z.string().max(8),
});
/** With Stripe the card is entered in Stripe Elements; the server only learns the succeeded SetupIntent. */
export const stripeChangePaymentMethodBody = z.object({
  setup_intent_id: z.string().regex(/^seti_[A-Za-z0-9_]{4,200}$/, 'validation.card.number'),
});
export const payInvoiceBody = z.object({
  invoice_id: requiredString('validation.invoice.required').pipe(z.string().max(100)),
});

export const subscriptionActionBody = z.object({ subscription_id: z.string().max(100).optional() });
export const couponSchema = z.object({
  coupon_code: requiredString('validation.coupon.required').pipe(z.string().max(64)),
  product_id: z.string().max(200).optional(),
});
