import { z } from 'zod';
import { REGIONS } from '../regions';
import { requiredNumber } from './common';

// A lane: buying country → selling country and how the goods travel (docs/lanes.md). The defaults are
// right for a seller not registered for tax in the selling country (issue 45).

export const LANE_ROUTES = ['reship', 'source_ships'] as const;
export type LaneRoute = (typeof LANE_ROUTES)[number];
export const LANE_CARRIERS = ['courier', 'post'] as const;
export type LaneCarrier = (typeof LANE_CARRIERS)[number];
export const LANE_MODES = ['landed', 'simple'] as const;
export type LaneMode = (typeof LANE_MODES)[number];
/** The currencies a rate card or clearance fee may be in: the marketplaces' currencies. */
export const LANE_CURRENCIES = REGIONS.map((r) => r.currency.code) as [string, ...string[]];
/** Countries of establishment the fee rules know (others: 'other'). */
export const ESTABLISHMENTS = [
  'tr',
  'us',
  'uk',
  'ca',
  'mx',
  'au',
  'ae',
  'sg',
  'fr',
  'it',
  'es',
  'other',
] as const;
export type Establishment = (typeof ESTABLISHMENTS)[number];

export const DEFAULT_DIM_DIVISOR = 5000;
export const DEFAULT_CONVERSION_FEE_PCT = 1.5;

/**
 * What a real lane can be (issue 56): Amazon's currency converter charges 0.75–1.5 % and other payout
 * routes about 0.3–3.5 %, so 20 % is far past any; the highest VAT/GST is 27 %; duty stays a percentage
 * up to 100 %; a parcel, a kilogram or a clearance costs at most 10,000 in any marketplace's currency.
 * Beyond these the price search has nothing real to find, and a near-flat profit line would make it scan
 * hundreds of thousands of cents (landed/solve.ts bounds the search too).
 */
export const LANE_BOUNDS = {
  amount: 10_000,
  conversion_fee_pct: 20,
  purchase_tax_pct: 30,
  duty_pct: 100,
} as const;

const amount = (key: string) => requiredNumber(key).pipe(z.number().min(0, key).max(LANE_BOUNDS.amount, key));
const percent = (key: string, max: number) => requiredNumber(key).pipe(z.number().min(0, key).max(max, key));
const days = (key: string) => requiredNumber(key).pipe(z.number().int(key).min(0, key).max(30, key));
const currency = z.enum(LANE_CURRENCIES, { error: 'validation.lane.currency' });

export const rateCardSchema = z.object({
  per_parcel: amount('validation.lane.perParcel'),
  per_kg: amount('validation.lane.perKg'),
  divisor: requiredNumber('validation.lane.divisor')
    .pipe(z.number().min(1000, 'validation.lane.divisor').max(10_000, 'validation.lane.divisor'))
    .default(DEFAULT_DIM_DIVISOR),
  currency,
});
export type RateCard = z.output<typeof rateCardSchema>;

export const clearanceFeeSchema = z.object({ amount: amount('validation.lane.clearanceFee'), currency });
export type ClearanceFee = z.output<typeof clearanceFeeSchema>;

const flag = z.boolean({ error: 'validation.lane.registered' });

export const laneSettingsSchema = z.object({
  /** `reship`: the seller (or a forwarder) receives the goods and ships them as seller of record. */
  route: z.enum(LANE_ROUTES, { error: 'validation.lane.route' }).default('reship'),
  carrier: z.enum(LANE_CARRIERS, { error: 'validation.lane.carrier' }).default('courier'),
  /** The international leg; null = not set (the line is 0 and marked assumed). */
  rate_card: rateCardSchema.nullable().default(null),
  /** Charged per parcel that pays duty or import tax. */
  clearance_fee: clearanceFeeSchema.nullable().default(null),
  registered_selling: flag.default(false),
  registered_buying: flag.default(false),
  /** Tax on the purchase; null = the buying country's default (US 0, UK 20 inside the price). */
  purchase_tax_pct: percent('validation.lane.purchaseTax', LANE_BOUNDS.purchase_tax_pct)
    .nullable()
    .default(null),
  /** Duty above the threshold; null = the selling country's default for the category. */
  duty_pct: percent('validation.lane.duty', LANE_BOUNDS.duty_pct).nullable().default(null),
  conversion_fee_pct: percent('validation.lane.conversionFee', LANE_BOUNDS.conversion_fee_pct).default(
    DEFAULT_CONVERSION_FEE_PCT,
  ),
  /** `simple`: the specification's formula (no tax treatment, thresholds or international leg). */
  mode: z.enum(LANE_MODES, { error: 'validation.lane.mode' }).default('landed'),
  /**
   * Orders (issue 60): where a source purchase for this lane is sent — the seller's forwarder or 3PL (their
   * suite address), never the buyer (Amazon's drop-shipping policy). Not PII: it is the seller's own address.
   */
  forwarder_ship_to: z
    .string({ error: 'validation.orders.forwarderShipTo' })
    .trim()
    .max(500, 'validation.orders.forwarderShipTo')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null),
  /**
   * What an order on this lane needs before it can ship, in business days: placing the purchase, the source's
   * delivery to the forwarder, the forwarder's processing. The inventory's handling time should cover their
   * sum (reference §2.3); the order drawer warns where it does not.
   */
  purchase_days: days('validation.orders.days').default(1),
  inbound_days: days('validation.orders.days').default(2),
  forwarder_days: days('validation.orders.days').default(2),
});
export type LaneSettingsInput = z.input<typeof laneSettingsSchema>;
export type LaneSettings = z.output<typeof laneSettingsSchema>;

const clamp = (v: unknown, max: number) => (typeof v === 'number' && v > max ? max : v);
const clampAmounts = (o: unknown, keys: string[]) =>
  o && typeof o === 'object'
    ? {
        ...o,
        ...Object.fromEntries(
          keys.map((k) => [k, clamp((o as Record<string, unknown>)[k], LANE_BOUNDS.amount)]),
        ),
      }
    : o;

/**
 * Settings saved before LANE_BOUNDS existed, brought within them when read (a stored lane never fails
 * to parse; a new one past a bound is refused by `laneSettingsSchema`, naming the field).
 */
export function withinLaneBounds(stored: unknown): unknown {
  if (!stored || typeof stored !== 'object') return stored;
  const s = stored as Record<string, unknown>;
  return {
    ...s,
    conversion_fee_pct: clamp(s.conversion_fee_pct, LANE_BOUNDS.conversion_fee_pct),
    purchase_tax_pct: clamp(s.purchase_tax_pct, LANE_BOUNDS.purchase_tax_pct),
    duty_pct: clamp(s.duty_pct, LANE_BOUNDS.duty_pct),
    rate_card: clampAmounts(s.rate_card, ['per_parcel', 'per_kg']),
    clearance_fee: clampAmounts(s.clearance_fee, ['amount']),
  };
}

/** A lane's settings as stored: within LANE_BOUNDS whenever they were saved. */
export const storedLaneSettingsSchema = z.preprocess(withinLaneBounds, laneSettingsSchema);

/** The defaults in force for a lane nobody has set. */
export const defaultLaneSettings = (): LaneSettings => laneSettingsSchema.parse({});

/** The seller's side of the fee rules (profile): where the business is established, registered at home. */
export const sellerTaxProfileSchema = z.object({
  establishment: z.enum(ESTABLISHMENTS, { error: 'validation.lane.establishment' }),
  registered_home: flag.default(false),
});
export type SellerTaxProfile = z.output<typeof sellerTaxProfileSchema>;

/**
 * The lane a report is priced with (issue 45): the settings, the day whose rules apply and the seller's
 * tax profile, taken when the report is created and again when its settings are saved, so its figures do
 * not move when the seller edits the lane or a rule changes.
 */
export const reportLaneSchema = z.object({
  settings: laneSettingsSchema,
  on: z.iso.date(),
  seller: sellerTaxProfileSchema,
});
export type ReportLane = z.output<typeof reportLaneSchema>;

/** A report's stored lane, its settings brought within LANE_BOUNDS (a report made before them still opens). */
export const parseReportLane = (stored: unknown): ReportLane =>
  reportLaneSchema.parse(
    stored && typeof stored === 'object'
      ? { ...stored, settings: withinLaneBounds((stored as { settings?: unknown }).settings) }
      : stored,
  );

/** The business days an order on the lane needs before it can ship (purchase + inbound + forwarder). */
export const laneOrderDays = (s: Pick<LaneSettings, 'purchase_days' | 'inbound_days' | 'forwarder_days'>) =>
  s.purchase_days + s.inbound_days + s.forwarder_days;
