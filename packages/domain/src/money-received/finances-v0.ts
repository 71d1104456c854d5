import {
  amazonCents,
  chargeKind,
  feeKind,
  type ActualEvent,
  type ActualKind,
  type ActualLine,
} from './lines';

// The parts of Finances API v0 (financesV0.json) an order's money is read from: `ShipmentEvent` in the
// shipment, refund, guarantee-claim and chargeback lists, and `ServiceFeeEvent`. Amazon shows v0 events
// only once released (reference §4.3), so every line here is RELEASED.

export interface V0Currency {
  CurrencyCode?: string;
  CurrencyAmount?: number;
}
export interface V0ChargeComponent {
  ChargeType?: string;
  ChargeAmount?: V0Currency;
}
export interface V0FeeComponent {
  FeeType?: string;
  FeeAmount?: V0Currency;
}
export interface V0Promotion {
  PromotionType?: string;
  PromotionId?: string;
  PromotionAmount?: V0Currency;
}
export interface V0TaxWithheldComponent {
  TaxCollectionModel?: string;
  TaxesWithheld?: V0ChargeComponent[];
}
export interface V0ShipmentItem {
  SellerSKU?: string;
  OrderItemId?: string;
  OrderAdjustmentItemId?: string;
  QuantityShipped?: number;
  ItemChargeList?: V0ChargeComponent[];
  ItemChargeAdjustmentList?: V0ChargeComponent[];
  ItemFeeList?: V0FeeComponent[];
  ItemFeeAdjustmentList?: V0FeeComponent[];
  ItemTaxWithheldList?: V0TaxWithheldComponent[];
  PromotionList?: V0Promotion[];
  PromotionAdjustmentList?: V0Promotion[];
}
export interface V0ShipmentEvent {
  AmazonOrderId?: string;
  SellerOrderId?: string;
  MarketplaceName?: string;
  PostedDate?: string;
  ShipmentFeeList?: V0FeeComponent[];
  ShipmentFeeAdjustmentList?: V0FeeComponent[];
  OrderFeeList?: V0FeeComponent[];
  OrderFeeAdjustmentList?: V0FeeComponent[];
  ShipmentItemList?: V0ShipmentItem[];
  ShipmentItemAdjustmentList?: V0ShipmentItem[];
}
export interface V0ServiceFeeEvent {
  AmazonOrderId?: string;
  FeeReason?: string;
  FeeList?: V0FeeComponent[];
  SellerSKU?: string;
}
/** `FinancialEvents`: only the lists read here. */
export interface V0FinancialEvents {
  ShipmentEventList?: V0ShipmentEvent[];
  RefundEventList?: V0ShipmentEvent[];
  GuaranteeClaimEventList?: V0ShipmentEvent[];
  ChargebackEventList?: V0ShipmentEvent[];
  ServiceFeeEventList?: V0ServiceFeeEvent[];
}
/** `FinancialEventGroup` (a settlement period and its payout). */
export interface V0FinancialEventGroup {
  FinancialEventGroupId?: string;
  ProcessingStatus?: string;
  FundTransferStatus?: string;
  OriginalTotal?: V0Currency;
  ConvertedTotal?: V0Currency;
  FundTransferDate?: string;
  FinancialEventGroupStart?: string;
  FinancialEventGroupEnd?: string;
}

const EVENT_LISTS: readonly [keyof V0FinancialEvents, ActualEvent][] = [
  ['ShipmentEventList', 'shipment'],
  ['RefundEventList', 'refund'],
  ['GuaranteeClaimEventList', 'guarantee_claim'],
  ['ChargebackEventList', 'chargeback'],
];

const iso = (date: string | undefined) => {
  const t = date ? Date.parse(date) : NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : '';
};

interface Amount {
  list: string;
  type: string;
  kind: ActualKind;
  money: V0Currency | undefined;
}

function itemAmounts(item: V0ShipmentItem): Amount[] {
  const out: Amount[] = [];
  const charges = (list: string, c: V0ChargeComponent[] | undefined) => {
    for (const x of c ?? [])
      out.push({
        list,
        type: x.ChargeType ?? '',
        kind: chargeKind(x.ChargeType ?? ''),
        money: x.ChargeAmount,
      });
  };
  const fees = (list: string, f: V0FeeComponent[] | undefined) => {
    for (const x of f ?? [])
      out.push({ list, type: x.FeeType ?? '', kind: feeKind(x.FeeType ?? ''), money: x.FeeAmount });
  };
  const promotions = (list: string, p: V0Promotion[] | undefined) => {
    for (const x of p ?? [])
      out.push({ list, type: x.PromotionType ?? 'Promotion', kind: 'promotion', money: x.PromotionAmount });
  };
  charges('ItemChargeList', item.ItemChargeList);
  charges('ItemChargeAdjustmentList', item.ItemChargeAdjustmentList);
  for (const w of item.ItemTaxWithheldList ?? []) {
    // Only tax Amazon kept as facilitator is kept by Amazon; `Standard` tax is the seller's (reference §4.1).
    for (const x of w.TaxesWithheld ?? []) {
      const kind: ActualKind =
        w.TaxCollectionModel === 'MarketplaceFacilitator' ? 'tax_withheld' : chargeKind(x.ChargeType ?? '');
      out.push({
        list: `ItemTaxWithheldList:${w.TaxCollectionModel ?? ''}`,
        type: x.ChargeType ?? '',
        kind,
        money: x.ChargeAmount,
      });
    }
  }
  promotions('PromotionList', item.PromotionList);
  promotions('PromotionAdjustmentList', item.PromotionAdjustmentList);
  fees('ItemFeeList', item.ItemFeeList);
  fees('ItemFeeAdjustmentList', item.ItemFeeAdjustmentList);
  return out;
}

function feeAmounts(list: string, f: V0FeeComponent[] | undefined): Amount[] {
  return (f ?? []).map((x) => ({
    list,
    type: x.FeeType ?? '',
    kind: feeKind(x.FeeType ?? ''),
    money: x.FeeAmount,
  }));
}

/** Lines keyed so that one amount read twice (a page asked again, a later re-collection) is one key. */
function push(
  out: ActualLine[],
  base: Omit<ActualLine, 'key' | 'kind' | 'amazon_type' | 'amount_cents' | 'currency'>,
  keyHead: string,
  amounts: Amount[],
) {
  const seen = new Map<string, number>();
  for (const a of amounts) {
    if (!a.money || a.money.CurrencyAmount === undefined) continue;
    const slot = `${a.list}|${a.type}`;
    const n = seen.get(slot) ?? 0;
    seen.set(slot, n + 1);
    out.push({
      ...base,
      key: `${keyHead}|${slot}|${n}`,
      kind: a.kind,
      amazon_type: a.type,
      amount_cents: amazonCents(a.money.CurrencyAmount),
      currency: a.money.CurrencyCode ?? '',
    });
  }
}

/** Every order line in a `FinancialEvents` answer. `groupId` when read by financial event group. */
export function linesFromFinancialEvents(
  events: V0FinancialEvents,
  groupId: string | null = null,
): ActualLine[] {
  const out: ActualLine[] = [];
  for (const [list, event] of EVENT_LISTS) {
    for (const e of (events[list] as V0ShipmentEvent[] | undefined) ?? []) {
      if (!e.AmazonOrderId) continue;
      const posted = iso(e.PostedDate);
      const head = `fin_v0|${e.AmazonOrderId}|${list}|${posted}`;
      const common = {
        source: 'fin_v0' as const,
        amazon_order_id: e.AmazonOrderId,
        event,
        event_ref: null,
        posted_at: posted,
        status: 'RELEASED' as const,
        maturity_at: null,
        settlement_id: null,
        group_id: groupId,
        marketplace: e.MarketplaceName ?? null,
      };
      const items = event === 'shipment' ? e.ShipmentItemList : e.ShipmentItemAdjustmentList;
      for (const item of items ?? []) {
        const id = item.OrderAdjustmentItemId ?? item.OrderItemId ?? '';
        push(
          out,
          { ...common, order_item_id: item.OrderItemId ?? null, sku: item.SellerSKU ?? null },
          `${head}|${id}`,
          itemAmounts(item),
        );
      }
      push(out, { ...common, order_item_id: null, sku: null }, `${head}|order`, [
        ...feeAmounts('ShipmentFeeList', e.ShipmentFeeList),
        ...feeAmounts('ShipmentFeeAdjustmentList', e.ShipmentFeeAdjustmentList),
        ...feeAmounts('OrderFeeList', e.OrderFeeList),
        ...feeAmounts('OrderFeeAdjustmentList', e.OrderFeeAdjustmentList),
      ]);
    }
  }
  for (const e of events.ServiceFeeEventList ?? []) {
    if (!e.AmazonOrderId) continue;
    // A service fee carries no posting time in the model: its reason and SKU identify it.
    push(
      out,
      {
        source: 'fin_v0',
        amazon_order_id: e.AmazonOrderId,
        order_item_id: null,
        sku: e.SellerSKU ?? null,
        event: 'adjustment',
        event_ref: null,
        posted_at: '',
        status: 'RELEASED',
        maturity_at: null,
        settlement_id: null,
        group_id: groupId,
        marketplace: null,
      },
      `fin_v0|${e.AmazonOrderId}|ServiceFeeEventList|${e.FeeReason ?? ''}|${e.SellerSKU ?? ''}`,
      feeAmounts('FeeList', e.FeeList),
    );
  }
  return out;
}
