import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { plans, user } from './schema-core';

const tz = { withTimezone: true } as const;
const createdAt = () => timestamp('created_at', tz).notNull().defaultNow();

// Billing. `payments` is what the app shows (one row per invoice); `billing_*` is the sandbox engine's
// own bookkeeping, following Stripe's objects (customers, payment methods, subscriptions, invoices,
// payment intents, coupons). Card numbers and CVCs are never stored: brand and last 4 only.

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    invoiceId: text('invoice_id').notNull().unique(),
    invoiceNumber: text('invoice_number'),
    invoicePdf: text('invoice_pdf'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_created_idx').on(t.userId, t.createdAt)],
);

export const billingCoupons = pgTable('billing_coupons', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  percentOff: integer('percent_off'),
  amountOff: integer('amount_off'),
  durationInMonths: integer('duration_in_months'),
  active: boolean('active').notNull().default(true),
});

export const billingCustomers = pgTable('billing_customers', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const billingPaymentMethods = pgTable('billing_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id')
    .notNull()
    .references(() => billingCustomers.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** The sandbox's stand-in for a card token: which test-card behaviour charges on this method get. */
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => billingCustomers.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    status: text('status').notNull(),
    /** The first payment: every period end is a whole number of months after it. */
    anchor: timestamp('anchor', tz),
    periodIndex: integer('period_index').notNull().default(0),
    currentPeriodStart: timestamp('current_period_start', tz),
    currentPeriodEnd: timestamp('current_period_end', tz),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    couponId: text('coupon_id').references(() => billingCoupons.id),
    defaultPaymentMethodId: text('default_payment_method_id').references(() => billingPaymentMethods.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_subscriptions_user_idx').on(t.userId),
    index('billing_subscriptions_period_end_idx').on(t.currentPeriodEnd),
  ],
);

export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    planCode: text('plan_code').notNull(),
    status: text('status').notNull(),
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    description: text('description').notNull(),
    periodStart: timestamp('period_start', tz),
    periodEnd: timestamp('period_end', tz),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', tz),
  },
  (t) => [index('billing_invoices_user_idx').on(t.userId)],
);

export const billingPaymentIntents = pgTable('billing_payment_intents', {
  id: text('id').primaryKey(),
  invoiceId: text('invoice_id')
    .notNull()
    .references(() => billingInvoices.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  status: text('status').notNull(),
  lastError: text('last_error'),
  createdAt: createdAt(),
});

/** Answers of create/upgrade calls by idempotency key, so a double click never charges twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** Null while the first request with this key is still at work (the key is claimed before it starts). */
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * The creation time of the newest Stripe event applied to each subscription: events arrive out of order, and
 * an older one than this must not undo a newer state (an `updated` after the `deleted`).
 */
export const stripeSubscriptionVersions = pgTable('stripe_subscription_versions', {
  subscriptionId: text('subscription_id').primaryKey(),
  eventAt: timestamp('event_at', tz).notNull(),
});

/** Stripe webhook events already handled: Stripe delivers at least once, and retries. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', tz).notNull().defaultNow(),
});
