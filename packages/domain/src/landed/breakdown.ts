import { round2 } from '../regions';
import { paidOf as paidLines, type FixedCosts, type MoneyState, type PaidKey } from './evaluate';
import type { ResolvedLane } from './resolve';
import type { MoneyBreakdown, MoneyKey, MoneyLine, ProductCosts } from './types';

/** The lines of `s` with their rules, in MONEY_KEYS order. */
export function breakdownOf(
  r: ResolvedLane,
  p: ProductCosts,
  f: FixedCosts | null,
  s: MoneyState,
): MoneyBreakdown {
  const currency = r.currency;
  const simple = f === null;
  const lines: MoneyLine[] = [];
  const line = (
    key: MoneyKey,
    amount: number,
    rule: string | null,
    assumed = false,
    paid?: MoneyLine['paid'],
  ) => lines.push({ key, amount: round2(amount), currency, rule, assumed, ...(paid ? { paid } : {}) });
  const paid = f ? paidLines(r, f) : {};
  const paidOf = (key: PaidKey, simpleAmount: number) => {
    if (simple)
      return r.buyCurrency === currency
        ? undefined
        : { amount: round2(simpleAmount), currency: r.buyCurrency };
    const x = paid[key];
    return x ? { amount: x.cents / 100, currency: x.currency } : undefined;
  };
  const g = s.regime;
  const border = r.border;
  line('sale_price', s.sale, null);
  const saleTaxRule = g.saleTax === 'collected' ? r.collection! : g.saleTax === 'output' ? r.priceTax : null;
  line(
    'tax_kept_by_amazon',
    s.taxKept,
    simple ? 'lane.mode' : (saleTaxRule?.rule ?? null),
    saleTaxRule?.assumed ?? false,
  );
  line('referral_fee', s.referral, p.fee_source === 'estimate' ? 'amazon.fee_estimate' : 'commission.table');
  // Amazon names the closing fee even when its referral fee was the minimum (the share is then the table's).
  line('closing_fee', s.closing, p.schedule.kind === 'estimate' ? 'amazon.fee_estimate' : null);
  line(
    'digital_services_fee',
    s.dsf,
    simple ? 'lane.mode' : (r.dsf?.rule ?? null),
    !simple && !!r.dsf?.assumed,
  );
  line(
    'tax_on_fees',
    s.feeTax,
    simple ? 'lane.mode' : (r.feeTax?.rule ?? null),
    !simple && !!r.feeTax?.assumed,
  );
  line('payout', s.payout, null);
  line('conversion_fee', s.conversion, simple ? 'lane.mode' : r.conversion.rule);
  line('buy_price', s.buy, null, false, paidOf('buy_price', p.buy_price));
  line(
    'buy_tax',
    s.buyTax,
    simple ? 'lane.mode' : r.purchaseTax.reclaimed ? 'lane.registered_buying' : r.purchaseTax.rule,
    false,
    simple ? undefined : paidOf('buy_tax', 0),
  );
  line(
    'source_shipping',
    s.sourceShipping,
    'offer.shipping_fee',
    false,
    paidOf('source_shipping', p.shipping_fee),
  );
  line(
    'international_shipping',
    s.intl,
    simple ? 'lane.mode' : 'lane.rate_card',
    !!f?.intlAssumed,
    simple ? undefined : paidOf('international_shipping', 0),
  );
  line('duty', s.duty, g.duty ? f!.duty.rule : null, g.duty && f!.duty.assumed);
  const importRule = simple
    ? 'offer.import_fee'
    : f!.checkoutTax >= 0
      ? 'offer.import_fee'
      : g.importTax && border
        ? r.lane.registered_selling && r.lane.route === 'reship'
          ? 'lane.registered_selling'
          : border.id
        : null;
  line(
    'import_tax',
    s.importTax,
    importRule,
    g.importTax && !!border?.assumed,
    paidOf('import_tax', p.import_fee),
  );
  line(
    'clearance_fee',
    s.clearance,
    s.clearance > 0 ? 'lane.clearance_fee' : null,
    false,
    s.clearance > 0 && !simple ? paidOf('clearance_fee', 0) : undefined,
  );
  line('landed_cost', s.landed, null);
  line('profit', s.profit, null);
  return {
    price: round2(s.sale),
    currency,
    lines,
    profit: round2(s.profit),
    landed_cost: round2(s.landed),
    margin: s.sale > 0 ? round2((s.profit / s.sale) * 100) : 0,
    ppr: s.landed > 0 ? round2((s.profit / s.landed) * 100) : null,
  };
}

/**
 * The figures a seller paying in the buying currency sees: the net payout converted once (Amazon converts
 * the disbursement), costs paid in the buying currency as paid, the rest converted line by line; each to
 * the cent. The reference's worked lanes (§8) are worked this way.
 */
export function inBuyingCurrency(b: MoneyBreakdown, parity: number, buyCurrency: string) {
  const get = (k: MoneyKey) => b.lines.find((l) => l.key === k)!;
  const cents = (x: number) => Math.floor(x * 100 + 0.5 + 1e-6);
  const net = cents((get('payout').amount - get('conversion_fee').amount) / parity);
  let landed = 0;
  for (const k of [
    'buy_price',
    'buy_tax',
    'source_shipping',
    'international_shipping',
    'duty',
    'import_tax',
    'clearance_fee',
  ] as const) {
    const l = get(k);
    landed += l.paid?.currency === buyCurrency ? cents(l.paid.amount) : cents(l.amount / parity);
  }
  return {
    currency: buyCurrency,
    proceeds: net / 100,
    landed_cost: landed / 100,
    profit: (net - landed) / 100,
  };
}

/**
 * `b` for `n` units: an order item of several units is the one-unit model's lines times the quantity (a
 * closing fee or a parcel is per unit in the model), the ratios unchanged.
 */
export function timesQuantity(b: MoneyBreakdown, n: number): MoneyBreakdown {
  if (n === 1) return b;
  const times = (x: number) => round2(x * n);
  return {
    ...b,
    price: times(b.price),
    profit: times(b.profit),
    landed_cost: times(b.landed_cost),
    lines: b.lines.map((l) => ({
      ...l,
      amount: times(l.amount),
      ...(l.paid ? { paid: { ...l.paid, amount: times(l.paid.amount) } } : {}),
    })),
  };
}
