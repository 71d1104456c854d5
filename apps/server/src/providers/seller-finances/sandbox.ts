import {
  marketplaceNameOf,
  writeSettlementV2,
  type AmazonRegionCode,
  type Transaction,
  type V0FinancialEvents,
  type V0ShipmentEvent,
} from '@crossmarket/domain';
import { SpapiError } from '../marketplace/spapi/client';
import { refundFees, sandboxMoney, type SandboxMoney, type SandboxSale } from './sandbox-money';
import { SETTLEMENT_REPORT_TYPE, type AmazonReport, type SellerFinances } from './types';

const DAY = 86_400_000;
/** Sandbox settlement periods: 14 days from this day (reference §4.4: typically 14 days). */
const PERIOD_EPOCH = Date.UTC(2026, 0, 1);
const PERIOD_MS = 14 * DAY;
/** Amazon keeps reports 90 days (reports_2021-06-30.json `createdSince`). */
const REPORTS_KEPT_MS = 90 * DAY;
const PAGE = 100;

/** The sandbox marketplace's orders of a seller in a region (orders-core's `sandbox_orders`, or a test's). */
export type SandboxSales = (sellerId: string, region: AmazonRegionCode) => Promise<SandboxSale[]>;

const money = (cents: number, currency: string) => ({ CurrencyCode: currency, CurrencyAmount: cents / 100 });
const tx = (cents: number, currency: string) => ({ currencyCode: currency, currencyAmount: cents / 100 });
const iso = (ms: number) => new Date(ms).toISOString();
const periodOf = (ms: number) => Math.floor((ms - PERIOD_EPOCH) / PERIOD_MS);

function shipmentEvent(s: SandboxSale, m: SandboxMoney): V0ShipmentEvent {
  const c = (n: number) => money(n, s.currency);
  return {
    AmazonOrderId: s.orderId,
    MarketplaceName: marketplaceNameOf(s.country),
    PostedDate: iso(m.postedAt),
    ShipmentItemList: [
      {
        SellerSKU: s.sku,
        OrderItemId: s.orderItemId,
        QuantityShipped: s.quantity,
        ItemChargeList: [
          { ChargeType: 'Principal', ChargeAmount: c(m.principal) },
          ...(m.tax ? [{ ChargeType: 'Tax', ChargeAmount: c(m.tax) }] : []),
        ],
        ...(m.withheld
          ? {
              ItemTaxWithheldList: [
                {
                  TaxCollectionModel: 'MarketplaceFacilitator',
                  TaxesWithheld: [
                    {
                      ChargeType:
                        s.country === 'uk'
                          ? 'MarketplaceFacilitatorVAT-Principal'
                          : 'MarketplaceFacilitatorTax-Principal',
                      ChargeAmount: c(m.withheld),
                    },
                  ],
                },
              ],
            }
          : {}),
        ItemFeeList: [
          { FeeType: 'Commission', FeeAmount: c(m.referral) },
          ...(m.dsf ? [{ FeeType: 'DigitalServicesFee', FeeAmount: c(m.dsf) }] : []),
        ],
        ...(m.promotion
          ? {
              PromotionList: [
                {
                  PromotionType: 'PromotionMetaDataDefinitionValue',
                  PromotionId: 'SANDBOX-10',
                  PromotionAmount: c(m.promotion),
                },
              ],
            }
          : {}),
      },
    ],
  };
}

function refundEvent(s: SandboxSale, m: SandboxMoney): V0ShipmentEvent {
  const c = (n: number) => money(n, s.currency);
  const fees = refundFees(m);
  return {
    AmazonOrderId: s.orderId,
    MarketplaceName: marketplaceNameOf(s.country),
    PostedDate: iso(m.refundAt),
    ShipmentItemAdjustmentList: [
      {
        SellerSKU: s.sku,
        OrderItemId: s.orderItemId,
        OrderAdjustmentItemId: `${s.orderItemId}R`,
        ItemChargeAdjustmentList: [
          { ChargeType: 'Principal', ChargeAmount: c(-(m.principal + m.promotion)) },
          ...(m.tax ? [{ ChargeType: 'Tax', ChargeAmount: c(-m.tax) }] : []),
        ],
        ...(m.withheld
          ? {
              ItemTaxWithheldList: [
                {
                  TaxCollectionModel: 'MarketplaceFacilitator',
                  TaxesWithheld: [
                    { ChargeType: 'MarketplaceFacilitatorTax-Principal', ChargeAmount: c(-m.withheld) },
                  ],
                },
              ],
            }
          : {}),
        ItemFeeAdjustmentList: [
          { FeeType: 'Commission', FeeAmount: c(fees.commission) },
          { FeeType: 'RefundCommission', FeeAmount: c(fees.refundCommission) },
        ],
      },
    ],
  };
}

/** The sale's transaction (2024-06-19): held until its release date, then released. */
function saleTransaction(s: SandboxSale, m: SandboxMoney, now: number): Transaction {
  const c = (n: number) => tx(n, s.currency);
  const held = now < m.releaseAt;
  const net = m.principal + m.tax + m.withheld + m.promotion + m.referral + m.dsf;
  const deferredId = `SBX-D-${s.orderId}`;
  return {
    sellingPartnerMetadata: { accountType: 'PAYABLE', marketplaceId: s.marketplaceId },
    relatedIdentifiers: [
      { relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: s.orderId },
      ...(held
        ? []
        : [{ relatedIdentifierName: 'DEFERRED_TRANSACTION_ID', relatedIdentifierValue: deferredId }]),
    ],
    transactionType: 'Shipment',
    transactionId: held ? deferredId : `SBX-R-${s.orderId}`,
    transactionStatus: held ? 'DEFERRED' : 'RELEASED',
    description: 'Order Payment',
    postedDate: iso(m.postedAt),
    totalAmount: c(net),
    marketplaceDetails: { marketplaceId: s.marketplaceId },
    contexts: held
      ? [{ contextType: 'DeferredContext', deferralReason: 'DD7', maturityDate: iso(m.releaseAt) }]
      : [],
    items: [
      {
        description: s.sku,
        totalAmount: c(net),
        contexts: [{ contextType: 'ProductContext', sku: s.sku, quantityShipped: s.quantity }],
        breakdowns: [
          {
            breakdownType: 'Sales',
            breakdownAmount: c(m.principal + m.tax + m.withheld + m.promotion),
            breakdowns: [
              { breakdownType: 'Principal', breakdownAmount: c(m.principal) },
              ...(m.tax ? [{ breakdownType: 'Tax', breakdownAmount: c(m.tax) }] : []),
              ...(m.withheld
                ? [{ breakdownType: 'MarketplaceFacilitatorTax-Principal', breakdownAmount: c(m.withheld) }]
                : []),
              ...(m.promotion ? [{ breakdownType: 'Promotion', breakdownAmount: c(m.promotion) }] : []),
            ],
          },
          {
            breakdownType: 'Expenses',
            breakdownAmount: c(m.referral + m.dsf),
            breakdowns: [
              { breakdownType: 'Commission', breakdownAmount: c(m.referral) },
              ...(m.dsf ? [{ breakdownType: 'DigitalServicesFee', breakdownAmount: c(m.dsf) }] : []),
            ],
          },
        ],
      },
    ],
  };
}

const page = <T>(all: T[], token: string | undefined) => {
  const start = token ? Number(token) : 0;
  if (!Number.isInteger(start) || start < 0) throw new SpapiError(400, 'InvalidInput: bad nextToken');
  const next = start + PAGE < all.length ? String(start + PAGE) : undefined;
  return { items: all.slice(start, start + PAGE), next };
};

/**
 * The sandbox's finances, from its orders (`sales`), as SP-API would answer at `now`: the transactions
 * (deferred until DD+7, then released), v0 events once released, and a V2 settlement report for every
 * closed 14-day period that released money, listed for 90 days.
 */
export function createSandboxFinances(sales: SandboxSales, now: () => number = Date.now): SellerFinances {
  const released = (s: SandboxSale, at: number) => sandboxMoney(s).releaseAt <= at;
  const settlementRows = async (sellerId: string, region: AmazonRegionCode, period: number) => {
    const start = PERIOD_EPOCH + period * PERIOD_MS;
    const end = start + PERIOD_MS;
    const rows: Parameters<typeof writeSettlementV2>[0] = [];
    let total = 0;
    let currency = '';
    for (const s of await sales(sellerId, region)) {
      const m = sandboxMoney(s);
      const lines: [string, string, string, number][] = [];
      if (m.releaseAt >= start && m.releaseAt < end) {
        lines.push(['Order', 'ItemPrice', 'Principal', m.principal]);
        if (m.tax) lines.push(['Order', 'ItemPrice', 'Tax', m.tax]);
        if (m.withheld)
          lines.push([
            'Order',
            'ItemWithheldTax',
            s.country === 'uk'
              ? 'MarketplaceFacilitatorVAT-Principal'
              : 'MarketplaceFacilitatorTax-Principal',
            m.withheld,
          ]);
        if (m.promotion) lines.push(['Order', 'Promotion', 'Principal', m.promotion]);
        lines.push(['Order', 'ItemFees', 'Commission', m.referral]);
        if (m.dsf) lines.push(['Order', 'ItemFees', 'DigitalServicesFee', m.dsf]);
      }
      if (m.refunded && m.refundAt >= start && m.refundAt < end) {
        const f = refundFees(m);
        lines.push(['Refund', 'ItemPrice', 'Principal', -(m.principal + m.promotion)]);
        if (m.tax) lines.push(['Refund', 'ItemPrice', 'Tax', -m.tax]);
        if (m.withheld)
          lines.push(['Refund', 'ItemWithheldTax', 'MarketplaceFacilitatorTax-Principal', -m.withheld]);
        lines.push(
          ['Refund', 'ItemFees', 'Commission', f.commission],
          ['Refund', 'ItemFees', 'RefundCommission', f.refundCommission],
        );
      }
      for (const [type, amountType, description, cents] of lines) {
        total += cents;
        currency = s.currency;
        const posted = type === 'Refund' ? m.refundAt : m.postedAt;
        rows.push({
          'settlement-id': `${period}`,
          'transaction-type': type,
          'order-id': s.orderId,
          'adjustment-id': type === 'Refund' ? `${s.orderItemId}R` : '',
          'shipment-id': type === 'Order' ? `SBX-SHIP-${s.orderId}` : '',
          'marketplace-name': marketplaceNameOf(s.country),
          'amount-type': amountType,
          'amount-description': description,
          amount: (cents / 100).toFixed(2),
          'fulfillment-id': 'MFN',
          'posted-date': iso(posted).slice(0, 10),
          'posted-date-time': iso(posted)
            .replace('T', ' ')
            .replace(/\.\d+Z$/, ' UTC'),
          'order-item-code': s.orderItemId,
          sku: s.sku,
          'quantity-purchased': type === 'Order' && description === 'Principal' ? String(s.quantity) : '',
          currency: s.currency,
        });
      }
    }
    const when = (ms: number) =>
      iso(ms)
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC');
    return {
      count: rows.length,
      text: writeSettlementV2([
        {
          'settlement-id': `${period}`,
          'settlement-start-date': when(start),
          'settlement-end-date': when(end),
          'deposit-date': when(end + DAY),
          'total-amount': (total / 100).toFixed(2),
          currency,
        },
        ...rows,
      ]),
    };
  };

  return {
    name: 'sandbox',
    async listTransactions(region, account, q) {
      if (!q.postedAfter && !q.relatedIdentifierName)
        throw new SpapiError(400, 'InvalidInput: Start date cannot be null');
      const at = now();
      const after = q.postedAfter ? Date.parse(q.postedAfter) : -Infinity;
      const before = q.postedBefore ? Date.parse(q.postedBefore) : at;
      const all = (await sales(account.own.sellingPartnerId, region))
        .filter((s) => !q.relatedIdentifierValue || s.orderId === q.relatedIdentifierValue)
        .flatMap((s) => {
          const m = sandboxMoney(s);
          if (m.postedAt < after || m.postedAt >= before || m.postedAt > at) return [];
          const found = [saleTransaction(s, m, at)];
          if (m.refunded && m.refundAt <= at && m.refundAt >= after && m.refundAt < before) {
            const f = refundFees(m);
            const c = (n: number) => tx(n, s.currency);
            const back =
              -(m.principal + m.promotion + m.tax + m.withheld) + f.commission + f.refundCommission;
            found.push({
              relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: s.orderId }],
              transactionType: 'Refund',
              transactionId: `SBX-F-${s.orderId}`,
              transactionStatus: 'RELEASED',
              description: 'Refund Order',
              postedDate: iso(m.refundAt),
              totalAmount: c(back),
              marketplaceDetails: { marketplaceId: s.marketplaceId },
            });
          }
          return found;
        })
        .filter((t) => !q.transactionStatus || t.transactionStatus === q.transactionStatus);
      const { items, next } = page(all, q.nextToken);
      return { transactions: items, nextToken: next };
    },
    async listFinancialEventsByOrderId(region, account, orderId) {
      const at = now();
      const sale = (await sales(account.own.sellingPartnerId, region)).find((s) => s.orderId === orderId);
      // v0 shows deferred money only once released (reference §4.3).
      if (!sale || !released(sale, at)) return { events: {} };
      const m = sandboxMoney(sale);
      const events: V0FinancialEvents = { ShipmentEventList: [shipmentEvent(sale, m)] };
      if (m.refunded && m.refundAt <= at) events.RefundEventList = [refundEvent(sale, m)];
      return { events };
    },
    async listSettlementReports(region, account, q) {
      const at = now();
      const since = Math.max(q.createdSince ? Date.parse(q.createdSince) : 0, at - REPORTS_KEPT_MS);
      const seller = account.own.sellingPartnerId;
      const periods = new Set<number>();
      for (const s of await sales(seller, region)) {
        const m = sandboxMoney(s);
        periods.add(periodOf(m.releaseAt));
        if (m.refunded) periods.add(periodOf(m.refundAt));
      }
      const reports: AmazonReport[] = [...periods]
        .sort((a, b) => b - a)
        .map((p) => ({ p, created: PERIOD_EPOCH + (p + 1) * PERIOD_MS + DAY }))
        .filter(({ created }) => created <= at && created >= since)
        .map(({ p, created }) => ({
          reportId: `SBX-${seller}-${region}-${p}`,
          reportType: SETTLEMENT_REPORT_TYPE,
          processingStatus: 'DONE',
          createdTime: iso(created),
          dataStartTime: iso(PERIOD_EPOCH + p * PERIOD_MS),
          dataEndTime: iso(PERIOD_EPOCH + (p + 1) * PERIOD_MS),
          reportDocumentId: `SBX-DOC-${seller}-${region}-${p}`,
        }));
      const { items, next } = page(reports, q.nextToken);
      return { reports: items, nextToken: next };
    },
    async reportDocument(region, account, reportDocumentId) {
      const seller = account.own.sellingPartnerId;
      const prefix = `SBX-DOC-${seller}-${region}-`;
      const period = Number(reportDocumentId.slice(prefix.length));
      if (!reportDocumentId.startsWith(prefix) || !Number.isInteger(period))
        throw new SpapiError(404, 'NotFound: no such report document');
      // The sandbox keeps no file: it writes the same one every time.
      return { text: (await settlementRows(seller, region, period)).text };
    },
  };
}
