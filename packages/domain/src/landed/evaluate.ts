import { feeAt } from '../pricing/commission';
import { roundHalfUp, toCents } from './cents';
import { dutyFor, type Applied, type ResolvedLane } from './resolve';
import type { ProductCosts } from './types';

/** Where a price falls among the model's pieces; the lines' rules follow from it. */
export interface Regime {
  /** 'collected' (Amazon keeps it), 'output' (a registered seller owes it) or 'none'. */
  saleTax: 'collected' | 'output' | 'none';
  duty: boolean;
  importTax: boolean;
  /** Index of Mexico's global-rate band, or -1. */
  band: number;
}

/** The model at one price, in currency units (landed: whole cents; simple: today's unrounded arithmetic). */
export interface MoneyState {
  sale: number;
  value: number;
  taxKept: number;
  referral: number;
  closing: number;
  dsf: number;
  feeTax: number;
  payout: number;
  conversion: number;
  net: number;
  buy: number;
  buyTax: number;
  sourceShipping: number;
  intl: number;
  duty: number;
  importTax: number;
  clearance: number;
  landed: number;
  profit: number;
  regime: Regime;
}

export const emptyState = (): MoneyState => ({
  sale: 0,
  value: 0,
  taxKept: 0,
  referral: 0,
  closing: 0,
  dsf: 0,
  feeTax: 0,
  payout: 0,
  conversion: 0,
  net: 0,
  buy: 0,
  buyTax: 0,
  sourceShipping: 0,
  intl: 0,
  duty: 0,
  importTax: 0,
  clearance: 0,
  landed: 0,
  profit: 0,
  regime: { saleTax: 'none', duty: false, importTax: false, band: -1 },
});

/** The parts of a product's cost that do not depend on the sale price, in selling-currency cents. */
export interface FixedCosts {
  buy: number;
  buyTax: number;
  sourceShipping: number;
  intl: number;
  /** The offer's import-fee deposit when the source ships, selling cents; -1 when the destination's rules decide. */
  checkoutTax: number;
  /** The lane's clearance fee in selling cents. */
  clearance: number;
  /** The customs value when the source ships (the purchase), selling cents. */
  purchaseValue: number;
  /** The freight a CIF customs value adds to the goods (the international leg), selling cents; else 0. */
  freight: number;
  duty: Applied;
  intlAssumed: boolean;
  /** What was paid, in its own currency's cents (`paidOf` turns them into the lines' `paid`). */
  native: { goods: number; tax: number; ship: number; importFee: number; card: number };
}

/** Chargeable kilograms: the greater of actual and dimensional weight. */
function chargeableKg(p: ProductCosts['parcel'], divisor: number): number | null {
  if (!p) return null;
  const dim = p.dims_cm ? (p.dims_cm.length * p.dims_cm.width * p.dims_cm.height) / divisor : null;
  if (p.weight_kg === null && dim === null) return null;
  return Math.max(p.weight_kg ?? 0, dim ?? 0);
}

/** Buying-currency cents in selling cents. */
const toSellingCents = (buyingCents: number, parity: number) => roundHalfUp(buyingCents * parity);

export function fixedCosts(r: ResolvedLane, p: ProductCosts): FixedCosts {
  const parity = r.ctx.parity;
  const source = r.lane.route === 'source_ships';
  const buyCents = toCents(p.buy_price);
  const t = r.purchaseTax;
  // A price with the tax inside (UK) splits into goods and tax; a US price has the tax on top. An export
  // by the source marketplace carries no domestic purchase tax.
  let taxCents = source
    ? 0
    : roundHalfUp(t.includes ? (buyCents * t.rate) / (100 + t.rate) : (buyCents * t.rate) / 100);
  const goodsCents = t.includes
    ? buyCents - (source ? roundHalfUp((buyCents * t.rate) / (100 + t.rate)) : taxCents)
    : buyCents;
  if (t.reclaimed) taxCents = 0;
  const shipCents = toCents(p.shipping_fee);
  let intl = 0;
  let cardCents = 0;
  let intlAssumed = false;
  const card = r.lane.rate_card;
  if (!source) {
    if (!card) intlAssumed = true;
    else {
      const kg = chargeableKg(p.parcel, card.divisor);
      // Without a weight only the per-parcel amount is charged: an assumption only if the card has a per-kg part.
      if (kg === null && card.per_kg > 0) intlAssumed = true;
      cardCents = toCents(card.per_parcel + card.per_kg * (kg ?? 0));
      intl = roundHalfUp(cardCents * r.fx(card.currency));
    }
  }
  const fee = r.lane.clearance_fee;
  const importFeeCents = toCents(p.import_fee);
  return {
    buy: toSellingCents(goodsCents, parity),
    buyTax: toSellingCents(taxCents, parity),
    sourceShipping: toSellingCents(shipCents, parity),
    intl,
    checkoutTax: source && importFeeCents > 0 ? toSellingCents(importFeeCents, parity) : -1,
    clearance: fee && !source ? roundHalfUp(toCents(fee.amount) * r.fx(fee.currency)) : 0,
    purchaseValue: toSellingCents(goodsCents + shipCents, parity),
    freight: r.customs?.basis === 'cif' && !source ? intl : 0,
    duty: dutyFor(r, p.category),
    intlAssumed,
    native: { goods: goodsCents, tax: taxCents, ship: shipCents, importFee: importFeeCents, card: cardCents },
  };
}

export type PaidKey =
  'buy_price' | 'buy_tax' | 'source_shipping' | 'international_shipping' | 'import_tax' | 'clearance_fee';

/** The lines paid in a currency other than the selling one, as paid (built only for a breakdown). */
export function paidOf(
  r: ResolvedLane,
  f: FixedCosts,
): Partial<Record<PaidKey, { cents: number; currency: string }>> {
  const paid: Partial<Record<PaidKey, { cents: number; currency: string }>> = {};
  const source = r.lane.route === 'source_ships';
  const n = f.native;
  if (r.buyCurrency !== r.currency) {
    const b = r.buyCurrency;
    paid.buy_price = { cents: n.goods, currency: b };
    paid.buy_tax = { cents: n.tax, currency: b };
    paid.source_shipping = { cents: n.ship, currency: b };
    if (source && n.importFee > 0) paid.import_tax = { cents: n.importFee, currency: b };
  }
  const card = r.lane.rate_card;
  if (card && !source && card.currency !== r.currency)
    paid.international_shipping = { cents: n.card, currency: card.currency };
  const fee = r.lane.clearance_fee;
  if (fee && !source && fee.currency !== r.currency)
    paid.clearance_fee = { cents: toCents(fee.amount), currency: fee.currency };
  return paid;
}

const noRounding = (x: number) => x;

/** The referral fee alone (the estimate schedule's closing fee is its own line), minimum applied. */
export function referralAt(price: number, p: ProductCosts, minimum: number): number {
  const s = p.schedule;
  if (s.kind === 'estimate') return Math.max(price * s.rate, s.minimum);
  return Math.max(feeAt(price, s), minimum);
}

/** The model at one price in cents (or unrounded when exact), before it is written out as a state. */
interface Cents {
  value: number;
  taxKept: number;
  referral: number;
  closing: number;
  dsf: number;
  feeTax: number;
  payout: number;
  conversion: number;
  duty: number;
  importTax: number;
  clearance: number;
  landed: number;
  net: number;
  saleTax: Regime['saleTax'];
  dutyDue: boolean;
  taxDue: boolean;
  band: number;
}

// One scratch for every evaluation: the price search reads two of its figures tens of times per product
// and needs no state object written (pricing is synchronous, so nothing else uses it meanwhile).
const CENTS: Cents = {
  value: 0,
  taxKept: 0,
  referral: 0,
  closing: 0,
  dsf: 0,
  feeTax: 0,
  payout: 0,
  conversion: 0,
  duty: 0,
  importTax: 0,
  clearance: 0,
  landed: 0,
  net: 0,
  saleTax: 'none',
  dutyDue: false,
  taxDue: false,
  band: -1,
};

/**
 * Landed mode at `priceCents` (reference §10): net revenue = price − tax kept − referral − closing − DSF −
 * tax on fees, less the conversion fee; landed cost = goods + purchase tax + both legs + border charges
 * above the thresholds (and not already collected) + clearance. Whole cents unless `exact`; the answer is
 * the shared scratch, valid until the next call.
 */
export function landedCents(
  r: ResolvedLane,
  p: ProductCosts,
  f: FixedCosts,
  priceCents: number,
  exact = false,
): Readonly<Cents> {
  // `exact`: no rounding, so within one piece the model is exactly linear (solve.ts fits its lines).
  const R = exact ? noRounding : roundHalfUp;
  const price = priceCents / 100;
  const t = r.priceTax;
  const value = t.includes ? R((priceCents * 100) / (100 + t.rate)) : priceCents;
  const c = r.collection;
  const collected = c !== null && value / 100 <= c.upTo + 1e-9;
  const saleTax = collected ? 'collected' : t.includes && r.lane.registered_selling ? 'output' : 'none';
  const taxKept = saleTax === 'none' ? 0 : priceCents - value;
  const referral = R(referralAt(price, p, r.minimumReferral) * 100);
  const closing = p.schedule.kind === 'estimate' ? toCents(p.schedule.closing) : 0;
  const dsf = r.dsf ? R(((referral + closing) * r.dsf.rate) / 100) : 0;
  const feeTax = r.feeTax ? R(((referral + closing + dsf) * r.feeTax.rate) / 100) : 0;
  const payout = priceCents - taxKept - referral - closing - dsf - feeTax;
  // Unclamped when exact: the line then overstates profit where the payout is negative (never a match).
  const conversion = payout > 0 || exact ? R((payout * r.conversion.rate) / 100) : 0;

  let duty = 0;
  let importTax = 0;
  let band = -1;
  let dutyDue = false;
  let taxDue = false;
  const b = r.border;
  if (f.checkoutTax >= 0) importTax = f.checkoutTax;
  else if (b) {
    const source = r.lane.route === 'source_ships';
    const customs = source ? f.purchaseValue : value + f.freight;
    const v = (customs / 100) * r.borderFx;
    const bands = b.global_bands;
    if (bands && v <= bands[bands.length - 1]!.up_to + 1e-9) {
      band = bands.findIndex((x) => v <= x.up_to + 1e-9);
      importTax = R((customs * bands[band]!.rate) / 100);
      taxDue = importTax > 0;
    } else {
      dutyDue = v > b.duty_free_up_to + 1e-9;
      if (dutyDue) duty = R((customs * f.duty.rate) / 100);
      // Below the collection threshold the tax was taken at the sale (or, when the source ships, at its checkout).
      const collectedHere = c !== null && customs / 100 <= c.upTo + 1e-9;
      taxDue = v > b.tax_free_up_to + 1e-9 || (source && collectedHere);
      if (taxDue)
        importTax = R(
          ((customs + (b.tax_on_duty ? duty : 0)) * (source && collectedHere ? c.rate : b.import_tax_rate)) /
            100,
        );
    }
    // A registered seller recovers the import tax (and owes the tax in the price instead).
    if (r.lane.registered_selling && !source) importTax = 0;
  }
  const clearance = (dutyDue || taxDue) && f.clearance > 0 ? f.clearance : 0;
  const landed = f.buy + f.buyTax + f.sourceShipping + f.intl + duty + importTax + clearance;
  const out = CENTS;
  out.value = value;
  out.taxKept = taxKept;
  out.referral = referral;
  out.closing = closing;
  out.dsf = dsf;
  out.feeTax = feeTax;
  out.payout = payout;
  out.conversion = conversion;
  out.duty = duty;
  out.importTax = importTax;
  out.clearance = clearance;
  out.landed = landed;
  out.net = payout - conversion;
  out.saleTax = saleTax;
  out.dutyDue = dutyDue;
  out.taxDue = taxDue;
  out.band = band;
  return out;
}

/** `landedCents` written into `s` in currency units (landed: whole cents; exact: unrounded). */
export function evaluateLanded(
  r: ResolvedLane,
  p: ProductCosts,
  f: FixedCosts,
  priceCents: number,
  s: MoneyState,
  exact = false,
) {
  const c = landedCents(r, p, f, priceCents, exact);
  s.sale = priceCents / 100;
  s.value = c.value / 100;
  s.taxKept = c.taxKept / 100;
  s.referral = c.referral / 100;
  s.closing = c.closing / 100;
  s.dsf = c.dsf / 100;
  s.feeTax = c.feeTax / 100;
  s.payout = c.payout / 100;
  s.conversion = c.conversion / 100;
  s.net = c.net / 100;
  s.buy = f.buy / 100;
  s.buyTax = f.buyTax / 100;
  s.sourceShipping = f.sourceShipping / 100;
  s.intl = f.intl / 100;
  s.duty = c.duty / 100;
  s.importTax = c.importTax / 100;
  s.clearance = c.clearance / 100;
  s.landed = c.landed / 100;
  s.profit = (c.net - c.landed) / 100;
  s.regime.saleTax = c.saleTax;
  s.regime.duty = c.dutyDue;
  s.regime.importTax = c.taxDue;
  s.regime.band = c.band;
}
