import { describe, expect, it } from 'vitest';
import type { MoneyBreakdown } from '../landed/types';
import {
  amazonCents,
  compareOrder,
  linesFromFinancialEvents,
  linesFromTransaction,
  orderActual,
  parseSettlementV2,
  writeSettlementV2,
  type ActualLine,
  type V0FinancialEvents,
} from './index';

// Shapes from financesV0.json and finances_2024-06-19.json (amzn/selling-partner-api-models 34dc93f). The
// v0 model's own examples hold no ShipmentEvent, so the events are built field by field from its
// definitions; names and signs as reference §4.5.
const usd = (n: number) => ({ CurrencyCode: 'USD', CurrencyAmount: n });
const ORDER = '113-1234567-1234567';
const v0: V0FinancialEvents = {
  ShipmentEventList: [
    {
      AmazonOrderId: ORDER,
      MarketplaceName: 'Amazon.com',
      PostedDate: '2026-10-03T10:00:00Z',
      ShipmentItemList: [
        {
          SellerSKU: 'CM-1',
          OrderItemId: '11111111111111',
          QuantityShipped: 1,
          ItemChargeList: [
            { ChargeType: 'Principal', ChargeAmount: usd(25) },
            { ChargeType: 'Tax', ChargeAmount: usd(2.06) },
            { ChargeType: 'ShippingCharge', ChargeAmount: usd(3.99) },
            { ChargeType: 'ShippingTax', ChargeAmount: usd(0.33) },
          ],
          ItemTaxWithheldList: [
            {
              TaxCollectionModel: 'MarketplaceFacilitator',
              TaxesWithheld: [
                { ChargeType: 'MarketplaceFacilitatorTax-Principal', ChargeAmount: usd(-2.06) },
                { ChargeType: 'MarketplaceFacilitatorTax-Shipping', ChargeAmount: usd(-0.33) },
              ],
            },
          ],
          ItemFeeList: [
            { FeeType: 'Commission', FeeAmount: usd(-4.35) },
            { FeeType: 'DigitalServicesFee', FeeAmount: usd(-0.09) },
            { FeeType: 'FixedClosingFee', FeeAmount: usd(0) },
          ],
          PromotionList: [
            {
              PromotionType: 'PromotionMetaDataDefinitionValue',
              PromotionId: 'P1',
              PromotionAmount: usd(-1),
            },
          ],
        },
      ],
    },
  ],
  RefundEventList: [
    {
      AmazonOrderId: ORDER,
      MarketplaceName: 'Amazon.com',
      PostedDate: '2026-10-20T09:00:00Z',
      ShipmentItemAdjustmentList: [
        {
          SellerSKU: 'CM-1',
          OrderItemId: '11111111111111',
          OrderAdjustmentItemId: '22222222222222',
          ItemChargeAdjustmentList: [
            { ChargeType: 'Principal', ChargeAmount: usd(-25) },
            { ChargeType: 'Tax', ChargeAmount: usd(-2.06) },
          ],
          ItemTaxWithheldList: [
            {
              TaxCollectionModel: 'MarketplaceFacilitator',
              TaxesWithheld: [{ ChargeType: 'MarketplaceFacilitatorTax-Principal', ChargeAmount: usd(2.06) }],
            },
          ],
          ItemFeeAdjustmentList: [
            { FeeType: 'Commission', FeeAmount: usd(3.48) },
            { FeeType: 'RefundCommission', FeeAmount: usd(-0.87) },
          ],
        },
      ],
    },
  ],
};

const sum = (lines: ActualLine[]) => lines.reduce((s, l) => s + l.amount_cents, 0);

describe('Finances v0 events to an order’s lines', () => {
  const lines = linesFromFinancialEvents(v0, 'GROUP-1');

  it('maps a shipment to the cent, withheld tax apart from tax charged', () => {
    const sale = orderActual(lines.filter((l) => l.event === 'shipment'));
    expect(sale.by_kind).toMatchObject({
      principal: 2500,
      shipping: 399,
      tax_charged: 239,
      tax_withheld: -239,
      promotion: -100,
      referral_fee: -435,
      digital_services_fee: -9,
      closing_fee: 0,
    });
    expect(sale.net).toBe(2500 + 399 - 100 - 435 - 9);
    expect(sale.currency).toBe('USD');
    expect(lines.every((l) => l.group_id === 'GROUP-1' && l.status === 'RELEASED')).toBe(true);
  });

  it('takes a refund back with its fees: the commission refunded less the refund commission kept', () => {
    const all = orderActual(lines);
    expect(all.refunds).toBe(-2500 - 206 + 206);
    expect(all.refund_fees).toBe(348 - 87);
    expect(all.net).toBe(sum(lines));
    expect(all.net).toBe(2355 - 2500 + 261);
  });

  it('keys every amount once: the same events read twice are the same lines', () => {
    const keys = lines.map((l) => l.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      linesFromFinancialEvents(JSON.parse(JSON.stringify(v0)) as V0FinancialEvents, 'GROUP-1').map(
        (l) => l.key,
      ),
    ).toEqual(keys);
  });
});

describe('Finances 2024-06-19 transactions', () => {
  it('reads the model’s own example (a total, not itemised)', () => {
    // listTransactions' x-amzn-api-sandbox 200 response.
    const lines = linesFromTransaction({
      sellingPartnerMetadata: {
        sellingPartnerId: 'A3TH9S8BH6GOGM',
        accountType: 'PAYABLE',
        marketplaceId: 'ATIV93840DER',
      },
      relatedIdentifiers: [
        {
          relatedIdentifierName: 'FINANCIAL_EVENT_GROUP_ID',
          relatedIdentifierValue: '4MVaHcsAfaYAlwlaPWrXJxrfUiKfYZ2ooWtY7528FUA',
        },
        { relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: '8129762527551' },
      ],
      transactionType: 'Shipment',
      postedDate: '2020-07-14T03:35:13.214Z',
      totalAmount: { currencyAmount: 10, currencyCode: 'USD' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      amazon_order_id: '8129762527551',
      amount_cents: 1000,
      currency: 'USD',
      event: 'shipment',
      status: 'RELEASED',
      group_id: '4MVaHcsAfaYAlwlaPWrXJxrfUiKfYZ2ooWtY7528FUA',
    });
  });

  const deferred = {
    relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID' as const, relatedIdentifierValue: ORDER }],
    transactionType: 'Shipment',
    transactionId: 'TX-DEF-1',
    transactionStatus: 'DEFERRED',
    description: 'Order Payment',
    postedDate: '2026-10-03T10:00:00Z',
    totalAmount: { currencyCode: 'USD', currencyAmount: 24.55 },
    contexts: [
      { contextType: 'DeferredContext', deferralReason: 'DD7', maturityDate: '2026-10-31T00:00:00Z' },
    ],
    breakdowns: [
      {
        breakdownType: 'Sales',
        breakdownAmount: { currencyCode: 'USD', currencyAmount: 28.99 },
        breakdowns: [
          { breakdownType: 'Product Charges', breakdownAmount: { currencyCode: 'USD', currencyAmount: 25 } },
          { breakdownType: 'Shipping', breakdownAmount: { currencyCode: 'USD', currencyAmount: 3.99 } },
        ],
      },
      {
        breakdownType: 'Expenses',
        breakdownAmount: { currencyCode: 'USD', currencyAmount: -4.44 },
        breakdowns: [
          { breakdownType: 'Commission', breakdownAmount: { currencyCode: 'USD', currencyAmount: -4.35 } },
          {
            breakdownType: 'DigitalServicesFee',
            breakdownAmount: { currencyCode: 'USD', currencyAmount: -0.09 },
          },
        ],
      },
    ],
  };

  it('shows held money early with its release date (DD7)', () => {
    const lines = linesFromTransaction(deferred);
    const actual = orderActual(lines);
    expect(actual.pending).toBe(true);
    expect(actual.release_at).toBe('2026-10-31T00:00:00.000Z');
    expect(actual.by_kind).toMatchObject({
      principal: 2500,
      shipping: 399,
      referral_fee: -435,
      digital_services_fee: -9,
    });
    expect(actual.net).toBe(2455);
  });

  it('a release is the held transaction’s lines, released, never a second copy', () => {
    const held = linesFromTransaction(deferred);
    const released = linesFromTransaction({
      ...deferred,
      transactionId: 'TX-REL-1',
      transactionStatus: 'RELEASED',
      contexts: [],
      relatedIdentifiers: [
        ...deferred.relatedIdentifiers,
        { relatedIdentifierName: 'DEFERRED_TRANSACTION_ID', relatedIdentifierValue: 'TX-DEF-1' },
      ],
    });
    expect(released.map((l) => l.key)).toEqual(held.map((l) => l.key));
    expect(released.every((l) => l.status === 'RELEASED')).toBe(true);
  });
});

describe('a V2 settlement file', () => {
  const text = writeSettlementV2([
    {
      'settlement-id': '11223344556',
      'settlement-start-date': '2026-10-01 07:00:00 UTC',
      'settlement-end-date': '2026-10-15 07:00:00 UTC',
      'deposit-date': '2026-10-17 07:00:00 UTC',
      'total-amount': '116.00',
      currency: 'GBP',
    },
    ...(
      [
        ['Order', 'ItemPrice', 'Principal', '10.00'],
        ['Order', 'ItemPrice', 'Tax', '2.00'],
        ['Order', 'ItemWithheldTax', 'MarketplaceFacilitatorVAT-Principal', '-2.00'],
        ['Order', 'ItemFees', 'Commission', '-1.80'],
        ['Order', 'ItemFees', 'DigitalServicesFee', '-0.04'],
        ['Order', 'Promotion', 'Principal', '-0.50'],
        ['Refund', 'ItemPrice', 'Principal', '-10.00'],
        ['Refund', 'ItemFees', 'Commission', '1,44'],
        ['Refund', 'ItemFees', 'RefundCommission', '-0,36'],
      ] as const
    ).map(([type, amountType, description, amount]) => ({
      'settlement-id': '11223344556',
      'transaction-type': type,
      'order-id': '202-7654321-7654321',
      'adjustment-id': type === 'Refund' ? 'ADJ-1' : '',
      'shipment-id': type === 'Order' ? 'SHIP-1' : '',
      'marketplace-name': 'Amazon.co.uk',
      'amount-type': amountType,
      'amount-description': description,
      amount,
      'fulfillment-id': 'MFN',
      'posted-date': '2026-10-05',
      'posted-date-time': '2026-10-05 12:00:00 UTC',
      'order-item-code': '33333333333333',
      sku: 'CM-UK-1',
      'quantity-purchased':
        type === 'Order' && description === 'Principal' && amountType === 'ItemPrice' ? '1' : '',
      currency: 'GBP',
    })),
    {
      'settlement-id': '11223344556',
      'transaction-type': 'other-transaction',
      'amount-type': 'other-transaction',
      'amount-description': 'Subscription Fee',
      amount: '-25.00',
    },
  ]);
  const parsed = parseSettlementV2(text);

  it('reads the period, the deposit, and every order row by its column names', () => {
    expect(parsed.problems).toEqual([]);
    expect(parsed.summary).toEqual({
      settlement_id: '11223344556',
      start_at: '2026-10-01T07:00:00.000Z',
      end_at: '2026-10-15T07:00:00.000Z',
      deposit_at: '2026-10-17T07:00:00.000Z',
      total_cents: 11600,
      currency: 'GBP',
    });
    expect(parsed.lines).toHaveLength(9);
    expect(parsed.other_rows).toBe(1);
  });

  it('maps the order to the cent: VAT withheld, DSF, a promotion, a refund with comma decimals', () => {
    const a = orderActual(parsed.lines);
    expect(a.by_kind).toMatchObject({
      principal: 1000,
      tax_charged: 200,
      tax_withheld: -200,
      referral_fee: -180,
      digital_services_fee: -4,
      promotion: -50,
    });
    expect(a.refunds).toBe(-1000);
    expect(a.refund_fees).toBe(144 - 36);
    expect(a.net).toBe(1000 - 180 - 4 - 50 - 1000 + 108);
    expect(a.sources).toEqual(['settlement_v2']);
  });

  it('parses Amazon’s amounts in both decimal styles', () => {
    expect([
      amazonCents('1,234.56'),
      amazonCents('1.234,56'),
      amazonCents('95,00'),
      amazonCents(-0.285),
    ]).toEqual([123456, 123456, 9500, -29]);
  });
});

describe('estimate against actual', () => {
  const estimate: MoneyBreakdown = {
    price: 28.99,
    currency: 'USD',
    profit: 5,
    landed_cost: 19.55,
    margin: 17.2,
    ppr: 25.6,
    lines: [
      { key: 'sale_price', amount: 28.99, currency: 'USD', rule: null, assumed: false },
      { key: 'tax_kept_by_amazon', amount: 0, currency: 'USD', rule: 'collection-us', assumed: false },
      { key: 'referral_fee', amount: 4.35, currency: 'USD', rule: 'referral-table', assumed: false },
      { key: 'closing_fee', amount: 0, currency: 'USD', rule: null, assumed: false },
      { key: 'digital_services_fee', amount: 0, currency: 'USD', rule: 'dsf-us', assumed: false },
      { key: 'payout', amount: 24.64, currency: 'USD', rule: null, assumed: false },
      { key: 'buy_price', amount: 12, currency: 'USD', rule: 'lane.buy', assumed: false },
      {
        key: 'international_shipping',
        amount: 7.55,
        currency: 'USD',
        rule: 'lane.rate_card',
        assumed: false,
      },
      { key: 'profit', amount: 5.09, currency: 'USD', rule: null, assumed: false },
    ],
  };
  const sale = linesFromFinancialEvents({ ShipmentEventList: v0.ShipmentEventList });

  it('puts each line beside its estimate with the difference, and flags a fee that changed', () => {
    const changed = sale.map((l) => (l.amazon_type === 'Commission' ? { ...l, amount_cents: -600 } : l));
    const rows = compareOrder({
      estimate,
      actual: orderActual(changed),
      price_includes_tax: false,
      purchase_cents: 1200,
    });
    const row = (r: string) => rows.find((x) => x.row === r)!;
    expect(row('sale_price')).toMatchObject({ estimate: 2899, actual: 2899, difference: 0, flagged: false });
    expect(row('tax_kept_by_amazon')).toMatchObject({ actual: 0, flagged: false });
    // 6.00 against 4.35: 1.65 > 5 % of 28.99.
    expect(row('referral_fee')).toMatchObject({
      estimate: 435,
      actual: 600,
      difference: 165,
      flagged: true,
      rule: 'referral-table',
    });
    expect(row('digital_services_fee')).toMatchObject({ estimate: 0, actual: 9, flagged: false });
    expect(row('promotions')).toMatchObject({ actual: 100 });
    expect(row('payout').actual).toBe(2899 - 100 - 600 - 9);
    expect(row('profit').actual).toBe(2899 - 100 - 600 - 9 - 1200 - 755);
  });

  it('is not flagged within 5 %', () => {
    const rows = compareOrder({ estimate, actual: orderActual(sale), price_includes_tax: false });
    expect(rows.filter((r) => r.flagged).map((r) => r.row)).toEqual([]);
    expect(rows.find((r) => r.row === 'source_purchase')).toMatchObject({ estimate: 1200, actual: null });
  });

  it('prefers the settlement, then v0, then transactions, per event', () => {
    const tx = linesFromTransaction({
      relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: ORDER }],
      transactionId: 'T1',
      transactionType: 'Shipment',
      transactionStatus: 'RELEASED',
      postedDate: '2026-10-03T10:00:00Z',
      totalAmount: { currencyCode: 'USD', currencyAmount: 99 },
    });
    expect(orderActual([...tx, ...sale]).net).toBe(sum(sale));
    expect(orderActual(tx).net).toBe(9900);
  });
});
