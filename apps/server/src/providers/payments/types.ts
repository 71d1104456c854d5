import type { BillingCoupon, ConfirmPaymentBody, PaymentConfirmation } from '@crossmarket/domain';

export interface Proration {
  current_plan_remaining: number;
  new_plan_remaining: number;
  you_pay_total_price: number;
}

export type Outcome = { result: boolean; msg: string };

/** A new card: typed into our form (sandbox) or confirmed in Stripe Elements (a succeeded SetupIntent). */
export type NewCard =
  | { number: string; exp_month: number | string; exp_year: number | string; cvc: string }
  | { setup_intent_id: string };

/**
 * What the billing calls need from a payment provider. Amounts are in cents and computed by the provider
 * (never by the client); identity is the session's user id, passed in by the route.
 */
export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  listPrices(): Promise<{ code: string; price_id: string }[]>;
  findCoupon(code: string): Promise<BillingCoupon | null>;
  /** An incomplete subscription whose first payment the client confirms with the returned secret. */
  createSubscription(
    user: { id: string; email: string },
    input: { priceId: string; couponCode?: string | null; idempotencyKey?: string },
  ): Promise<{ clientSecret: string }>;
  setAutopay(userId: string, on: boolean): Promise<{ result: boolean }>;
  previewUpgrade(userId: string, priceId: string): Promise<Proration>;
  upgrade(userId: string, priceId: string, idempotencyKey?: string): Promise<Outcome>;
  /** Stripe only: a SetupIntent's client secret for entering a new card in Stripe Elements. */
  createSetupIntent?(user: { id: string; email: string }): Promise<{ clientSecret: string }>;
  /**
   * The sandbox only: confirms a card typed into our own form for a subscription's first payment (Stripe.js
   * does this step with Stripe, and the card never reaches us).
   */
  confirmCardPayment?(userId: string, input: ConfirmPaymentBody): Promise<PaymentConfirmation>;
  changePaymentMethod(userId: string, card: NewCard): Promise<Outcome>;
  /**
   * An operator's goodwill: the live subscription's next renewal moves `days` later, nothing charged.
   * The new end is written to user_data too; 409 `no_subscription` when nothing is running.
   */
  extendSubscription(userId: string, days: number): Promise<{ subscriptionEnd: Date }>;
  payInvoice(userId: string, invoiceId: string): Promise<Outcome>;
}
