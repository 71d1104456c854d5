import { laneSettingsSchema } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { LANE_FIELDS } from './lane-fields';

describe('the Lanes form catalogue', () => {
  it('has one entry per setting of the domain schema, so a new setting cannot be left off the form', () => {
    expect(LANE_FIELDS.map((f) => f.name).sort()).toEqual(Object.keys(laneSettingsSchema.shape).sort());
  });

  it('offers exactly the values the schema accepts for each choice', () => {
    for (const field of LANE_FIELDS) {
      if (field.kind !== 'choice') continue;
      for (const value of field.options)
        expect(laneSettingsSchema.shape[field.name].safeParse(value).success).toBe(true);
      expect(laneSettingsSchema.shape[field.name].safeParse('other').success).toBe(false);
    }
  });
});
