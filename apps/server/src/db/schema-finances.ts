import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MoneyBreakdown } from '@crossmarket/domain';
import { user } from './schema-core';
import { orders } from './schema-orders';

const tz = { withTimezone: true } as const;
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const cents = (name: string) => bigint(name, { mode: 'number' });
const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * Every signed amount Amazon booked against a seller's order (issue 61), from Finances v0, Finances
 * 2024-06-19 or a V2 settlement file (`source`); `key` is the domain's: one amount read twice is one row.
 * Migration 0060.
 */
export const financeLines = pgTable(
  'finance_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: owner(),
    region: text('region').notNull(),
    source: text('source').notNull(),
    key: text('key').notNull(),
    amazonOrderId: text('amazon_order_id').notNull(),
    orderItemId: text('order_item_id'),
    sku: text('sku'),
    event: text('event').notNull(),
    eventRef: text('event_ref'),
    kind: text('kind').notNull(),
    amazonType: text('amazon_type').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    postedAt: timestamp('posted_at', tz),
    status: text('status').notNull(),
    maturityAt: timestamp('maturity_at', tz),
    settlementId: text('settlement_id'),
    groupId: text('group_id'),
    marketplace: text('marketplace'),
    readAt: timestamp('read_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('finance_lines_key_idx').on(t.userId, t.source, t.key),
    index('finance_lines_order_idx').on(t.userId, t.amazonOrderId),
  ],
);

/** A settlement file as Amazon gave it (gzipped), kept as long as the account; Amazon keeps 90 days. */
export const settlementReports = pgTable(
  'settlement_reports',
  {
    userId: owner(),
    region: text('region').notNull(),
    reportId: text('report_id').notNull(),
    settlementId: text('settlement_id'),
    startAt: timestamp('start_at', tz),
    endAt: timestamp('end_at', tz),
    depositAt: timestamp('deposit_at', tz),
    totalCents: cents('total_cents'),
    currency: text('currency'),
    orderLines: integer('order_lines').notNull(),
    otherRows: integer('other_rows').notNull(),
    document: bytea('document').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
    storedAt: timestamp('stored_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reportId] })],
);

/** How far each seller's finances were read per SP-API region. */
export const financeSyncs = pgTable(
  'finance_syncs',
  {
    userId: owner(),
    region: text('region').notNull(),
    transactionsUntil: timestamp('transactions_until', tz),
    reportsUntil: timestamp('reports_until', tz),
    lastRunAt: timestamp('last_run_at', tz),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.region] })],
);

/** The landed model's breakdown at the order item's price on the day of the sale; written once. */
export const orderMoneyEstimates = pgTable(
  'order_money_estimates',
  {
    userId: owner(),
    amazonOrderId: text('amazon_order_id').notNull(),
    orderItemId: text('order_item_id').notNull(),
    laneFrom: text('lane_from'),
    laneTo: text('lane_to').notNull(),
    onDay: date('on_day').notNull(),
    breakdown: jsonb('breakdown').$type<MoneyBreakdown>().notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.amazonOrderId, t.orderItemId] })],
);

/** An order's money summed from its chosen lines, refreshed when they change: the summary's rows. */
export const orderMoney = pgTable(
  'order_money',
  {
    userId: owner(),
    amazonOrderId: text('amazon_order_id').notNull(),
    month: date('month').notNull(),
    soldAt: timestamp('sold_at', tz).notNull(),
    laneFrom: text('lane_from'),
    laneTo: text('lane_to'),
    currency: text('currency'),
    salesCents: cents('sales_cents').notNull(),
    amazonFeesCents: cents('amazon_fees_cents').notNull(),
    taxKeptCents: cents('tax_kept_cents').notNull(),
    promotionsCents: cents('promotions_cents').notNull(),
    refundsCents: cents('refunds_cents').notNull(),
    netCents: cents('net_cents').notNull(),
    costCents: cents('cost_cents'),
    shippingDutyCents: cents('shipping_duty_cents'),
    profitCents: cents('profit_cents'),
    estimateProfitCents: cents('estimate_profit_cents'),
    flagged: integer('flagged').notNull().default(0),
    pending: boolean('pending').notNull(),
    releaseAt: timestamp('release_at', tz),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.amazonOrderId] }),
    index('order_money_month_idx').on(t.userId, t.month, t.laneFrom, t.laneTo),
  ],
);

const amount = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * What the seller really paid at the border for an order (issue 61): each amount a line of the money model,
 * in the currency entered; null is "not entered" (the estimate stands in). Migration 0061.
 */
export const orderCosts = pgTable(
  'order_costs',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: owner(),
    currency: text('currency').notNull(),
    forwarder: amount('forwarder'),
    clearance: amount('clearance'),
    duty: amount('duty'),
    importTax: amount('import_tax'),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('order_costs_user_idx').on(t.userId)],
);
