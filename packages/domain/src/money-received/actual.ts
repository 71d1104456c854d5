import {
  ACTUAL_KINDS,
  FEE_KINDS,
  isRefundEvent,
  type ActualEvent,
  type ActualKind,
  type ActualLine,
  type ActualSource,
} from './lines';

/**
 * The same money arrives three ways: a transaction (early, maybe held), a v0 event (once released), a
 * settlement row (final). For each order and event the most final source that has it is the actual:
 * settlement, then v0, then transactions. So a refund posted after the order's settlement still counts,
 * and nothing is counted twice (docs/decisions.md, "Money received: one source per order and event").
 */
const RANK: Record<ActualSource, number> = { settlement_v2: 3, fin_v0: 2, transactions: 1 };

export function chosenLines<L extends Pick<ActualLine, 'source' | 'event'>>(lines: readonly L[]): L[] {
  const best = new Map<ActualEvent, number>();
  for (const l of lines) best.set(l.event, Math.max(best.get(l.event) ?? 0, RANK[l.source]));
  return lines.filter((l) => RANK[l.source] === best.get(l.event));
}

/** An order's actual money, in cents of the currency Amazon booked it in. */
export interface OrderActual {
  currency: string | null;
  /** More than one currency among the lines: sums are not comparable. */
  mixed_currency: boolean;
  /** Sale lines (shipment events) by kind. */
  by_kind: Record<ActualKind, number>;
  /** What refunds, claims and chargebacks took back, fees aside (negative), and their fees. */
  refunds: number;
  refund_fees: number;
  /** The sum of every signed line: what Amazon pays (or will pay) for the order. */
  net: number;
  /** Some of it is still held; `release_at` is the latest release date Amazon gave. */
  pending: boolean;
  release_at: string | null;
  sources: ActualSource[];
}

export const zeroKinds = (): Record<ActualKind, number> =>
  Object.fromEntries(ACTUAL_KINDS.map((k) => [k, 0])) as Record<ActualKind, number>;

type Summed = Pick<
  ActualLine,
  'source' | 'event' | 'kind' | 'amount_cents' | 'currency' | 'status' | 'maturity_at'
>;

export function orderActual(all: readonly Summed[]): OrderActual {
  const lines = chosenLines(all);
  const by_kind = zeroKinds();
  let refunds = 0;
  let refundFees = 0;
  let net = 0;
  let pending = false;
  let release: string | null = null;
  const currencies = new Set<string>();
  const sources = new Set<ActualSource>();
  for (const l of lines) {
    currencies.add(l.currency);
    sources.add(l.source);
    net += l.amount_cents;
    if (isRefundEvent(l.event)) {
      if (FEE_KINDS.has(l.kind)) refundFees += l.amount_cents;
      else refunds += l.amount_cents;
    } else by_kind[l.kind] += l.amount_cents;
    if (l.status === 'DEFERRED') {
      pending = true;
      if (l.maturity_at && (!release || l.maturity_at > release)) release = l.maturity_at;
    }
  }
  return {
    currency: currencies.size ? [...currencies][0]! : null,
    mixed_currency: currencies.size > 1,
    by_kind,
    refunds,
    refund_fees: refundFees,
    net,
    pending,
    release_at: release,
    sources: [...sources].sort(),
  };
}
