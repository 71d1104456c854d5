import type {
  MoneyOrderRow,
  MoneyOrders,
  MoneyRow,
  MoneySummary,
  OrderMoneyAnswer,
} from '@crossmarket/domain';

export const MONEY_ORDER_ID = '0b7c2d4e-0000-4000-8000-000000000061';
export const AMAZON_ORDER_ID = '702-1234567-7654321';

/** A month of the US → CA lane in Canadian dollars: ten orders, two flagged, three still held. */
export function moneyRowFixture(over: Partial<MoneyRow> = {}): MoneyRow {
  return {
    month: '2026-10',
    lane: { from: 'us', to: 'ca' },
    currency: 'CAD',
    orders: 10,
    pending: 3,
    release_at: '2026-11-20T00:00:00.000Z',
    flagged: 2,
    sales: 600,
    amazon_fees: 96,
    tax_kept: 0,
    promotions: 6,
    refunds: 0,
    net: 498,
    cost_of_goods: 300,
    shipping_and_duties: 80,
    profit: 118,
    estimate_profit: 130,
    margin: 19.67,
    ...over,
  };
}

const totalOf = ({ month: _m, lane: _l, ...rest }: MoneyRow) => rest;

/** Two lanes in two currencies, never added together. */
export function moneySummaryFixture(over: Partial<MoneySummary> = {}): MoneySummary {
  const ca = moneyRowFixture();
  const mx = moneyRowFixture({
    month: '2026-11',
    lane: { from: 'us', to: 'mx' },
    currency: 'MXN',
    orders: 4,
    pending: 0,
    release_at: null,
    flagged: 0,
    sales: 4000,
    net: 3300,
    profit: 900,
    estimate_profit: 850,
    margin: 22.5,
  });
  return {
    from: '2026-06',
    to: '2026-11',
    rows: [ca, mx],
    totals: [totalOf(ca), totalOf(mx)],
    ...over,
  };
}

export function moneyOrderRowFixture(over: Partial<MoneyOrderRow> = {}): MoneyOrderRow {
  return {
    amazon_order_id: AMAZON_ORDER_ID,
    order_id: MONEY_ORDER_ID,
    sold_at: '2026-10-12T10:00:00.000Z',
    lane: { from: 'us', to: 'ca' },
    currency: 'CAD',
    sales: 59.99,
    amazon_fees: 15,
    tax_kept: 0,
    promotions: 0,
    refunds: 0,
    net: 44.99,
    cost_of_goods: 25,
    shipping_and_duties: 8,
    profit: 11.99,
    estimate_profit: 14,
    flagged: 1,
    pending: true,
    release_at: '2026-11-02T00:00:00.000Z',
    ...over,
  };
}

export function moneyOrdersFixture(over: Partial<MoneyOrders> = {}): MoneyOrders {
  return { orders: [moneyOrderRowFixture()], page: 1, page_size: 25, total: 1, ...over };
}

const line = (row: OrderMoneyAnswer['compare'][number]['row'], estimate: number, actual: number | null) => ({
  row,
  estimate,
  actual,
  difference: actual === null ? null : Math.round((actual - estimate) * 100) / 100,
  flagged: false,
  rule: null,
});

/** An order whose referral fee came out higher than the category table said: flagged with that rule. */
export function orderMoneyFixture(over: Partial<OrderMoneyAnswer> = {}): OrderMoneyAnswer {
  return {
    amazon_order_id: AMAZON_ORDER_ID,
    marketplace: 'ca',
    currency: 'CAD',
    pending: true,
    release_at: '2026-11-02T00:00:00.000Z',
    net: 44.99,
    has_estimate: true,
    flag_percent: 5,
    compare: [
      line('sale_price', 59.99, 59.99),
      { ...line('referral_fee', 9, 15), flagged: true, rule: 'commission.table' },
      line('payout', 50.99, 44.99),
      { ...line('international_shipping', 8, null), rule: 'lane.shipping' },
      line('profit', 17.99, 11.99),
    ],
    lines: [
      {
        source: 'transactions',
        event: 'shipment',
        kind: 'principal',
        amazon_type: 'ProductCharges',
        amount: 59.99,
        currency: 'CAD',
        order_item_id: '11111111111111',
        posted_at: '2026-10-14T10:00:00.000Z',
        status: 'DEFERRED',
        maturity_at: '2026-11-02T00:00:00.000Z',
        settlement_id: null,
        counted: true,
      },
      {
        source: 'transactions',
        event: 'shipment',
        kind: 'referral_fee',
        amazon_type: 'Commission',
        amount: -15,
        currency: 'CAD',
        order_item_id: '11111111111111',
        posted_at: '2026-10-14T10:00:00.000Z',
        status: 'DEFERRED',
        maturity_at: '2026-11-02T00:00:00.000Z',
        settlement_id: null,
        counted: true,
      },
    ],
    costs: null,
    ...over,
  };
}
