import { z } from 'zod';
import type { BillingCoupon, Proration } from '../billing';
import { timestampSchema } from './api-responses';

// The specification's billing answers (POST with JSON). Amounts are cents.

/** POST /api/get-products: the provider's price id of each plan. */
export const productPricesSchema = z.object({
  price_ids: z.array(z.object({ code: z.string(), price_id: z.string() })),
});

export const billingCouponSchema: z.ZodType<BillingCoupon> = z.object({
  id: z.string(),
  code: z.string(),
  percent_off: z.number().nullable(),
  amount_off: z.int().nullable(),
  duration_in_months: z.int().nullable(),
  is_code_applicable: z.boolean(),
});

/** POST /api/check-coupon: the coupon, or `result: false` and null when there is none by that code. */
export const couponCheckSchema = z.object({
  result: z.boolean(),
  coupon: billingCouponSchema.nullable(),
});
export type CouponCheck = z.output<typeof couponCheckSchema>;

/** POST /api/create-subscription: the secret the client confirms the first payment with. */
export const subscriptionCreatedSchema = z.object({
  result: z.boolean(),
  client_secret: z.string(),
  msg: z.string(),
});
export type SubscriptionCreated = z.output<typeof subscriptionCreatedSchema>;

/** POST /api/sandbox/confirm-payment: the sandbox's card confirmation. */
export const paymentConfirmationSchema = z.object({
  result: z.boolean(),
  status: z.enum(['succeeded', 'requires_payment_method']),
  msg: z.string(),
});
export type PaymentConfirmation = z.output<typeof paymentConfirmationSchema>;

/** The answer of upgrade, change-payment-method and pay-invoice: `msg` says why when `result` is false. */
export const billingOutcomeSchema = z.object({ result: z.boolean(), msg: z.string() });
export type BillingOutcome = z.output<typeof billingOutcomeSchema>;

export const prorationSchema: z.ZodType<Proration> = z.object({
  /** Credit for the unused time of the current plan. */
  current_plan_remaining: z.int(),
  /** Cost of the new plan for the same remaining time. */
  new_plan_remaining: z.int(),
  /** What the upgrade charges now. */
  you_pay_total_price: z.int(),
});

/** POST /api/preview-new-subscription */
export const prorationPreviewSchema = z.object({ result: z.boolean(), data: prorationSchema });
export type ProrationPreview = z.output<typeof prorationPreviewSchema>;

/** POST /api/stripe/setup-intent: the secret Stripe Elements confirms a new card with. */
export const setupIntentSchema = z.object({ result: z.boolean(), client_secret: z.string() });
export type SetupIntentAnswer = z.output<typeof setupIntentSchema>;

export const PAYMENT_STATUSES = ['paid', 'open', 'uncollectible', 'void'] as const;

/** One row of GET /api/payments, newest first. */
export const paymentRowSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.int(),
  invoice_id: z.string(),
  invoice_number: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
  created_at: timestampSchema,
});
export type PaymentRow = z.output<typeof paymentRowSchema>;
export const paymentListSchema = z.array(paymentRowSchema);
