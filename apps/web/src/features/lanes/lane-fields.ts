import {
  LANE_CARRIERS,
  LANE_CURRENCIES,
  LANE_MODES,
  LANE_ROUTES,
  type LaneSettings,
} from '@crossmarket/domain';

// The Lanes form is drawn from this catalogue, one entry per setting of the domain's
// `laneSettingsSchema` (lane-fields.test.ts fails when the schema gains a setting this list lacks),
// with the choices taken from the domain's own lists. Labels are `lanes.fields.<name>`, hints
// `lanes.hints.<name>`, choices `lanes.options.<name>.<value>`.

export type LaneFieldKind =
  /** One of a few values, as buttons. */
  | { kind: 'choice'; options: readonly string[] }
  /** Yes or no. */
  | { kind: 'flag' }
  /** A percent; `nullable`: empty means the country's default (shown as the placeholder). */
  | { kind: 'percent'; nullable: boolean }
  /** An amount in a currency the seller picks, or "not set" (null). */
  | { kind: 'money'; parts: readonly MoneyPart[] }
  /** Free text over a few lines (an address); empty means not set. */
  | { kind: 'text'; maxLength: number }
  /** A whole number of business days. */
  | { kind: 'days' };

export interface MoneyPart {
  name: string;
  kind: 'amount' | 'divisor' | 'currency';
}

export type LaneFieldName = keyof LaneSettings;
export type LaneField = { name: LaneFieldName } & LaneFieldKind;

export const LANE_FIELDS: readonly LaneField[] = [
  { name: 'route', kind: 'choice', options: LANE_ROUTES },
  { name: 'carrier', kind: 'choice', options: LANE_CARRIERS },
  {
    name: 'rate_card',
    kind: 'money',
    parts: [
      { name: 'per_parcel', kind: 'amount' },
      { name: 'per_kg', kind: 'amount' },
      { name: 'divisor', kind: 'divisor' },
      { name: 'currency', kind: 'currency' },
    ],
  },
  {
    name: 'clearance_fee',
    kind: 'money',
    parts: [
      { name: 'amount', kind: 'amount' },
      { name: 'currency', kind: 'currency' },
    ],
  },
  { name: 'registered_selling', kind: 'flag' },
  { name: 'registered_buying', kind: 'flag' },
  { name: 'purchase_tax_pct', kind: 'percent', nullable: true },
  { name: 'duty_pct', kind: 'percent', nullable: true },
  { name: 'conversion_fee_pct', kind: 'percent', nullable: false },
  { name: 'mode', kind: 'choice', options: LANE_MODES },
  // Orders (issue 60): where a purchase for this lane goes, and the days an order needs before it ships.
  { name: 'forwarder_ship_to', kind: 'text', maxLength: 500 },
  { name: 'purchase_days', kind: 'days' },
  { name: 'inbound_days', kind: 'days' },
  { name: 'forwarder_days', kind: 'days' },
];

/** The settings orders use (issue 60): drawn under their own heading, below the money model's. */
export const ORDER_LANE_FIELD_NAMES: ReadonlySet<LaneFieldName> = new Set([
  'forwarder_ship_to',
  'purchase_days',
  'inbound_days',
  'forwarder_days',
]);

/** The currencies a rate card or a fee may be billed in. */
export const LANE_CURRENCY_OPTIONS: readonly string[] = LANE_CURRENCIES;
