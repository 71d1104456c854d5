import { defaultLaneSettings, laneModel, type LaneSettings, type ProductSide } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { intlLegUnset } from './intl-leg';

const card = { per_parcel: 6, per_kg: 4, divisor: 5000, currency: 'USD' };
const weighed: Pick<ProductSide, 'weight' | 'package_dimensions'> = {
  weight: { value: 2, unit: 'lb' },
  package_dimensions: null,
};
const unknown: Pick<ProductSide, 'weight' | 'package_dimensions'> = {
  weight: null,
  package_dimensions: null,
};

/** What the domain's model says of the line, for the same lane and parcel. */
function modelSays(lane: LaneSettings, side: typeof weighed) {
  const parcel = side.weight ? { weight_kg: side.weight.value * 0.45359237, dims_cm: null } : null;
  const line = laneModel(
    {
      from: 'us',
      to: 'ca',
      on: '2026-11-26',
      parity: 1.38,
      lane,
      seller: { establishment: 'tr', registered_home: false },
    },
    {
      buy_price: 20,
      shipping_fee: 0,
      import_fee: 0,
      parcel,
      schedule: { kind: 'flat', rate: 0.15 },
      fee_source: 'table',
      category: null,
    },
  )
    .breakdown(60)
    .lines.find((l) => l.key === 'international_shipping')!;
  return line.assumed;
}

describe('the profit cell says when the international leg is not set', () => {
  const lanes: [string, LaneSettings][] = [
    ['no rate card', defaultLaneSettings()],
    ['a rate card', { ...defaultLaneSettings(), rate_card: card }],
    ['a per-parcel card', { ...defaultLaneSettings(), rate_card: { ...card, per_kg: 0 } }],
    ['simple mode', { ...defaultLaneSettings(), mode: 'simple' }],
    ['the source ships', { ...defaultLaneSettings(), route: 'source_ships' }],
  ];
  for (const [name, lane] of lanes)
    for (const side of [weighed, unknown])
      it(`agrees with the model's assumed line: ${name}, ${side.weight ? 'weighed' : 'no parcel'}`, () => {
        expect(intlLegUnset(lane, side)).toBe(modelSays(lane, side));
      });

  it('never on a report from before lanes', () => {
    expect(intlLegUnset(null, unknown)).toBe(false);
  });
});
