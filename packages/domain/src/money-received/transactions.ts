import {
  amazonCents,
  chargeKind,
  feeKind,
  type ActualEvent,
  type ActualKind,
  type ActualLine,
} from './lines';

// Finances 2024-06-19 `listTransactions` (finances_2024-06-19.json): the only place money held under the
// delivery-date reserve shows before it is released, with its release date (`DeferredContext`).

export interface TxCurrency {
  currencyCode?: string;
  currencyAmount?: number;
}
export interface TxBreakdown {
  breakdownType?: string;
  breakdownAmount?: TxCurrency;
  breakdowns?: TxBreakdown[];
}
export interface TxContext {
  contextType?: string;
  sku?: string;
  asin?: string;
  quantityShipped?: number;
  deferralReason?: string;
  maturityDate?: string;
}
export interface TxItem {
  description?: string;
  relatedIdentifiers?: { itemRelatedIdentifierName?: string; itemRelatedIdentifierValue?: string }[];
  totalAmount?: TxCurrency;
  breakdowns?: TxBreakdown[];
  contexts?: TxContext[];
}
export interface Transaction {
  sellingPartnerMetadata?: { sellingPartnerId?: string; accountType?: string; marketplaceId?: string };
  relatedIdentifiers?: { relatedIdentifierName?: string; relatedIdentifierValue?: string }[];
  transactionType?: string;
  transactionId?: string;
  transactionStatus?: string;
  description?: string;
  postedDate?: string;
  totalAmount?: TxCurrency;
  marketplaceDetails?: { marketplaceId?: string; marketplaceName?: string };
  items?: TxItem[];
  contexts?: TxContext[];
  breakdowns?: TxBreakdown[];
}

const related = (t: Transaction, name: string) =>
  t.relatedIdentifiers?.find((r) => r.relatedIdentifierName === name)?.relatedIdentifierValue ?? null;

function eventOf(type: string | undefined, description: string | undefined): ActualEvent {
  const t = `${type ?? ''} ${description ?? ''}`.toLowerCase();
  if (t.includes('refund')) return 'refund';
  if (t.includes('guarantee')) return 'guarantee_claim';
  if (t.includes('chargeback')) return 'chargeback';
  if (t.includes('shipment') || t.includes('order payment')) return 'shipment';
  return 'adjustment';
}

const squash = (s: string) => s.replace(/[\s_-]/g, '').toLowerCase();
/** Groups whose leaves are Amazon's fees (the model's example names `Expenses`, `FBA fees`). */
const FEE_GROUP = /fee|expense|commission/i;

/**
 * The kind of a leaf breakdown. The model gives only example names (`Sales`, `Product Charges`,
 * `Expenses`, `FBA fees`, `Refunds`); the leaves carry v0's charge and fee names where Amazon itemises.
 */
function leafKind(type: string, underFees: boolean): ActualKind {
  const s = squash(type);
  if (s === 'productcharges' || s === 'principal' || s === 'sales') return 'principal';
  if (/^marketplacefacilitator/.test(s)) return 'tax_withheld';
  if (underFees || FEE_GROUP.test(type)) return feeKind(type.replace(/\s/g, ''));
  if (s === 'shipping' || s === 'shippingcharge' || s === 'shippingcharges') return 'shipping';
  if (s.includes('promotion') || s === 'discount') return 'promotion';
  return chargeKind(type.replace(/\s/g, ''));
}

interface Leaf {
  path: string;
  type: string;
  kind: ActualKind;
  money: TxCurrency;
}

function leaves(list: TxBreakdown[] | undefined, path: string, underFees: boolean, out: Leaf[]) {
  for (const b of list ?? []) {
    const type = b.breakdownType ?? '';
    const here = `${path}/${type}`;
    const fees = underFees || FEE_GROUP.test(type);
    if (b.breakdowns?.length) leaves(b.breakdowns, here, fees, out);
    else if (b.breakdownAmount)
      out.push({ path: here, type, kind: leafKind(type, fees), money: b.breakdownAmount });
  }
}

const deferred = (contexts: TxContext[] | undefined) =>
  contexts?.find((c) => c.maturityDate || c.contextType === 'DeferredContext');

const iso = (date: string | undefined) => {
  const t = date ? Date.parse(date) : NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
};

/**
 * An order's lines from one transaction; none when it names no order. A release of a deferred
 * transaction (`DEFERRED_TRANSACTION_ID`) is keyed as the transaction it releases, so the held lines
 * become released lines instead of being counted twice.
 */
export function linesFromTransaction(t: Transaction): ActualLine[] {
  const orderId = related(t, 'ORDER_ID');
  if (!orderId) return [];
  const root = related(t, 'DEFERRED_TRANSACTION_ID') ?? t.transactionId ?? `${orderId}|${t.postedDate ?? ''}`;
  const status = t.transactionStatus === 'DEFERRED' ? 'DEFERRED' : 'RELEASED';
  const base = {
    source: 'transactions' as const,
    amazon_order_id: orderId,
    order_item_id: null,
    event: eventOf(t.transactionType, t.description),
    event_ref: t.transactionId ?? null,
    posted_at: iso(t.postedDate) ?? '',
    status: status as ActualLine['status'],
    settlement_id: related(t, 'SETTLEMENT_ID'),
    group_id: related(t, 'FINANCIAL_EVENT_GROUP_ID'),
    marketplace: t.marketplaceDetails?.marketplaceId ?? t.sellingPartnerMetadata?.marketplaceId ?? null,
  };
  const out: ActualLine[] = [];
  const add = (leafList: Leaf[], head: string, sku: string | null, maturity: string | null) => {
    const seen = new Map<string, number>();
    for (const l of leafList) {
      const n = seen.get(l.path) ?? 0;
      seen.set(l.path, n + 1);
      out.push({
        ...base,
        key: `transactions|${root}|${head}|${l.path}|${n}`,
        sku,
        kind: l.kind,
        amazon_type: l.type,
        amount_cents: amazonCents(l.money.currencyAmount),
        currency: l.money.currencyCode ?? '',
        maturity_at: maturity,
      });
    }
  };
  const txMaturity = iso(deferred(t.contexts)?.maturityDate);
  const itemised = (t.items ?? []).some((i) => i.breakdowns?.length);
  if (itemised) {
    (t.items ?? []).forEach((item, i) => {
      const found: Leaf[] = [];
      leaves(item.breakdowns, '', false, found);
      const sku = item.contexts?.find((c) => c.sku)?.sku ?? null;
      const maturity = iso(deferred(item.contexts)?.maturityDate) ?? txMaturity;
      add(found, `item${i}`, sku, maturity);
    });
  } else if (t.breakdowns?.length) {
    const found: Leaf[] = [];
    leaves(t.breakdowns, '', false, found);
    add(found, 'tx', null, txMaturity);
  } else if (t.totalAmount) {
    // Not itemised (the model's own example): the total alone, as an unnamed charge.
    add(
      [
        {
          path: '/totalAmount',
          type: t.description ?? 'totalAmount',
          kind: 'other_charge',
          money: t.totalAmount,
        },
      ],
      'tx',
      null,
      txMaturity,
    );
  }
  return out;
}
