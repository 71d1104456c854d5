import { z } from 'zod';
import { ACTUAL_EVENTS, ACTUAL_KINDS, ACTUAL_SOURCES } from '../money-received/lines';
import { COMPARE_ROWS } from '../money-received/compare';
import { REGION_CODES } from '../regions';
import { timestampSchema } from './api-responses';

// Money received (issue 61): `GET /api/money` (the summary by month and lane), `GET /api/money/export`
// (CSV, one row per order line), `GET /api/orders/:id/money` (estimate, actual and differences).

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The longest range the summary covers: two years of months. */
export const MONEY_MAX_MONTHS = 24;
export const AMAZON_ORDER_ID = /^\d{3}-\d{7}-\d{7}$/;

const month = z.string({ error: 'validation.money.month' }).regex(MONTH, 'validation.money.month');
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

export const moneyQuerySchema = z
  .object({
    from: month,
    to: month,
    /** `us-ca`: from the US to Canada; absent: every lane. */
    lane: z
      .string({ error: 'validation.money.lane' })
      .regex(/^[a-z]{2}-[a-z]{2}$/, 'validation.money.lane')
      .refine(
        (l) => l.split('-').every((c) => (REGION_CODES as readonly string[]).includes(c)),
        'validation.money.lane',
      )
      .optional(),
  })
  .refine(
    (q) => monthIndex(q.from) <= monthIndex(q.to) && monthIndex(q.to) - monthIndex(q.from) < MONEY_MAX_MONTHS,
    {
      message: 'validation.money.range',
      path: ['to'],
    },
  );
export type MoneyQuery = z.output<typeof moneyQuerySchema>;

export const orderMoneyParamsSchema = z.object({
  id: z.string({ error: 'validation.money.order' }).regex(AMAZON_ORDER_ID, 'validation.money.order'),
});

const amount = z.number();
/** What Amazon's lines add up to, as the summary and its orders show them (deductions positive). */
const amazonFigures = {
  sales: amount,
  amazon_fees: amount,
  tax_kept: amount,
  promotions: amount,
  refunds: amount,
  net: amount,
};
const lane = z.object({ from: z.enum(REGION_CODES).nullable(), to: z.enum(REGION_CODES).nullable() });

/**
 * One month and lane in one currency (a lane sells in one marketplace, so one currency). Amounts in the
 * currency Amazon paid; deductions positive. `estimate_profit`/`profit` only over orders with an estimate.
 */
export const moneyRowSchema = z.object({
  month: z.string(),
  lane,
  currency: z.string().nullable(),
  orders: z.int().nonnegative(),
  /** Orders whose money Amazon still holds (the delivery-date reserve), and the latest release date. */
  pending: z.int().nonnegative(),
  release_at: timestampSchema.nullable(),
  /** Orders with a line beyond the threshold. */
  flagged: z.int().nonnegative(),
  ...amazonFigures,
  cost_of_goods: amount,
  shipping_and_duties: amount,
  profit: amount,
  estimate_profit: amount,
  /** Profit ÷ sales × 100 over the orders with an estimate; null without any. */
  margin: z.number().nullable(),
});
export type MoneyRow = z.output<typeof moneyRowSchema>;
/** What the server hands the route (timestamps as Date or ISO). */
export type MoneyRowData = z.input<typeof moneyRowSchema>;

export const moneySummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(moneyRowSchema),
  /** The rows added up per currency (lanes in different currencies are never added together). */
  totals: z.array(moneyRowSchema.omit({ month: true, lane: true })),
});
export type MoneySummary = z.output<typeof moneySummarySchema>;
export type MoneySummaryData = z.input<typeof moneySummarySchema>;

/**
 * GET /api/money/orders: the orders behind a figure of the summary — the same range and lane, optionally one
 * month, only those flagged or only those whose money Amazon still holds; newest sale first, paged.
 */
export const moneyOrdersQuerySchema = z
  .object({
    from: month,
    to: month,
    lane: moneyQuerySchema.shape.lane,
    month: month.optional(),
    only: z.enum(['flagged', 'pending'], { error: 'validation.money.only' }).optional(),
    page: z.coerce.number({ error: 'validation.paging.page' }).int().min(1).default(1),
    page_size: z.coerce.number({ error: 'validation.paging.perPage' }).int().min(1).max(100).default(25),
  })
  .refine(
    (q) => monthIndex(q.from) <= monthIndex(q.to) && monthIndex(q.to) - monthIndex(q.from) < MONEY_MAX_MONTHS,
    { message: 'validation.money.range', path: ['to'] },
  );
export type MoneyOrdersQuery = z.output<typeof moneyOrdersQuerySchema>;

/** One order of the list: its figures as the summary adds them up (null: not known yet). */
export const moneyOrderRowSchema = z.object({
  amazon_order_id: z.string(),
  /** The orders' own id (issue 60) when the order is one Crossmarket follows; null otherwise. */
  order_id: z.uuid().nullable(),
  sold_at: timestampSchema.nullable(),
  lane,
  currency: z.string().nullable(),
  ...amazonFigures,
  cost_of_goods: amount.nullable(),
  shipping_and_duties: amount.nullable(),
  profit: amount.nullable(),
  estimate_profit: amount.nullable(),
  flagged: z.int().nonnegative(),
  pending: z.boolean(),
  release_at: timestampSchema.nullable(),
});
export type MoneyOrderRow = z.output<typeof moneyOrderRowSchema>;

export const moneyOrdersSchema = z.object({
  orders: z.array(moneyOrderRowSchema),
  page: z.int().positive(),
  page_size: z.int().positive(),
  total: z.int().nonnegative(),
});
export type MoneyOrders = z.output<typeof moneyOrdersSchema>;
export type MoneyOrdersData = z.input<typeof moneyOrdersSchema>;

const MAX_COST = 1_000_000;
const cost = (field: string) =>
  z
    .number({ error: `validation.money.${field}` })
    .min(0, `validation.money.${field}`)
    .max(MAX_COST, `validation.money.${field}`)
    .multipleOf(0.01, `validation.money.${field}`)
    .nullable();

/**
 * PUT /api/orders/:id/costs: what the seller really paid at the border for the order, each amount as its
 * own line of the money model (the forwarder's bill, its clearance fee, duty, import tax), in one currency:
 * the selling currency or one the order's estimate was paid in (converted at the estimate's own rate, as
 * the purchase is). Null or absent: not entered, the estimate stands in.
 */
export const orderCostsInputSchema = z.object({
  currency: z.string({ error: 'validation.money.currency' }).regex(/^[A-Z]{3}$/, 'validation.money.currency'),
  forwarder: cost('forwarder'),
  duty: cost('duty'),
  import_tax: cost('importTax').optional(),
  clearance: cost('clearance').optional(),
});
export type OrderCostsInput = z.output<typeof orderCostsInputSchema>;

/** The costs the seller entered, as kept. */
export const orderCostsSchema = z.object({
  currency: z.string(),
  forwarder: amount.nullable(),
  duty: amount.nullable(),
  import_tax: amount.nullable(),
  clearance: amount.nullable(),
  updated_at: timestampSchema,
});
export type OrderCosts = z.output<typeof orderCostsSchema>;

export const moneyCompareLineSchema = z.object({
  row: z.enum(COMPARE_ROWS),
  estimate: amount.nullable(),
  actual: amount.nullable(),
  difference: amount.nullable(),
  flagged: z.boolean(),
  rule: z.string().nullable(),
});

export const moneyActualLineSchema = z.object({
  source: z.enum(ACTUAL_SOURCES),
  event: z.enum(ACTUAL_EVENTS),
  kind: z.enum(ACTUAL_KINDS),
  amazon_type: z.string(),
  amount,
  currency: z.string(),
  order_item_id: z.string().nullable(),
  posted_at: timestampSchema.nullable(),
  status: z.enum(['DEFERRED', 'RELEASED']),
  maturity_at: timestampSchema.nullable(),
  settlement_id: z.string().nullable(),
  /** Counted in the actual: the most final source of its event (settlement, v0, transactions). */
  counted: z.boolean(),
});

export const orderMoneySchema = z.object({
  amazon_order_id: z.string(),
  marketplace: z.enum(REGION_CODES).nullable(),
  currency: z.string().nullable(),
  pending: z.boolean(),
  release_at: timestampSchema.nullable(),
  net: amount,
  has_estimate: z.boolean(),
  /** The threshold a difference is flagged beyond, in percent of the sale price. */
  flag_percent: z.number(),
  compare: z.array(moneyCompareLineSchema),
  lines: z.array(moneyActualLineSchema),
  /** The forwarder and duty costs the seller entered for the order; null: none yet. */
  costs: orderCostsSchema.nullable(),
});
export type OrderMoneyAnswer = z.output<typeof orderMoneySchema>;
export type OrderMoneyData = z.input<typeof orderMoneySchema>;

/** The CSV export's columns: Amazon's names (settlement V2) where the value comes from Amazon. */
export const MONEY_EXPORT_COLUMNS = [
  'order-id',
  'order-item-code',
  'sku',
  'marketplace-name',
  'transaction-type',
  'amount-type',
  'amount-description',
  'amount',
  'currency',
  'posted-date-time',
  'transactionStatus',
  'maturityDate',
  'settlement-id',
  'source',
  'month',
  'lane',
] as const;
