import { describe, expect, it } from 'vitest';
import { domainMessage } from '../i18n';
import {
  defaultLaneSettings,
  laneSettingsSchema,
  parseReportLane,
  sellerTaxProfileSchema,
  storedLaneSettingsSchema,
} from './lanes';

describe('lane settings', () => {
  it('defaults are right for a seller not registered in the selling country', () => {
    expect(defaultLaneSettings()).toEqual({
      route: 'reship',
      carrier: 'courier',
      rate_card: null,
      clearance_fee: null,
      registered_selling: false,
      registered_buying: false,
      purchase_tax_pct: null,
      duty_pct: null,
      conversion_fee_pct: 1.5,
      mode: 'landed',
      forwarder_ship_to: null,
      purchase_days: 1,
      inbound_days: 2,
      forwarder_days: 2,
    });
    expect(
      laneSettingsSchema.parse({ rate_card: { per_parcel: '12.5', per_kg: 4, currency: 'USD' } }).rate_card,
    ).toEqual({ per_parcel: 12.5, per_kg: 4, divisor: 5000, currency: 'USD' });
  });

  it('names the field of each bad value with a key that has English and Turkish text', () => {
    const bad = laneSettingsSchema.safeParse({
      route: 'teleport',
      carrier: 'pigeon',
      rate_card: { per_parcel: -1, per_kg: 'x', divisor: 10, currency: 'TRY' },
      clearance_fee: { amount: -5, currency: 'USD' },
      registered_selling: 'yes',
      purchase_tax_pct: 101,
      duty_pct: -1,
      conversion_fee_pct: 'lots',
      mode: 'fancy',
    });
    expect(bad.success).toBe(false);
    const issues = bad.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(Object.fromEntries(issues)).toEqual({
      route: 'validation.lane.route',
      carrier: 'validation.lane.carrier',
      'rate_card.per_parcel': 'validation.lane.perParcel',
      'rate_card.per_kg': 'validation.lane.perKg',
      'rate_card.divisor': 'validation.lane.divisor',
      'rate_card.currency': 'validation.lane.currency',
      'clearance_fee.amount': 'validation.lane.clearanceFee',
      registered_selling: 'validation.lane.registered',
      purchase_tax_pct: 'validation.lane.purchaseTax',
      duty_pct: 'validation.lane.duty',
      conversion_fee_pct: 'validation.lane.conversionFee',
      mode: 'validation.lane.mode',
    });
    const profile = sellerTaxProfileSchema.safeParse({ establishment: 'xx' });
    issues.push(['establishment', profile.error!.issues[0]!.message]);
    for (const [, key] of issues) {
      for (const lang of ['en', 'tr'] as const) expect(domainMessage(lang, key!)).not.toBe(key);
    }
  });
});

describe('lane settings are bounded to what a real lane can be', () => {
  const fieldsOf = (body: object) =>
    laneSettingsSchema.safeParse(body).error?.issues.map((i) => i.path.join('.')) ?? [];

  it('refuses a conversion fee over 20 %, a purchase tax over 30 % and amounts over 10,000, naming each', () => {
    expect(fieldsOf({ conversion_fee_pct: 99.999 })).toEqual(['conversion_fee_pct']);
    expect(fieldsOf({ conversion_fee_pct: 20 })).toEqual([]);
    expect(fieldsOf({ purchase_tax_pct: 31 })).toEqual(['purchase_tax_pct']);
    expect(fieldsOf({ rate_card: { per_parcel: 10_001, per_kg: 2, currency: 'USD' } })).toEqual([
      'rate_card.per_parcel',
    ]);
    expect(fieldsOf({ clearance_fee: { amount: 20_000, currency: 'USD' } })).toEqual([
      'clearance_fee.amount',
    ]);
  });

  it('reads settings saved before the bounds within them, so a saved lane or report still opens', () => {
    const stored = {
      conversion_fee_pct: 99.999,
      purchase_tax_pct: 50,
      rate_card: { per_parcel: 50_000, per_kg: 3, currency: 'USD' },
    };
    expect(storedLaneSettingsSchema.parse(stored)).toMatchObject({
      conversion_fee_pct: 20,
      purchase_tax_pct: 30,
      rate_card: { per_parcel: 10_000, per_kg: 3 },
    });
    const lane = parseReportLane({ settings: stored, on: '2026-01-02', seller: { establishment: 'tr' } });
    expect(lane.settings.conversion_fee_pct).toBe(20);
  });
});
