import { describe, expect, it } from 'vitest';
import { laneSettingsSchema } from '../schemas/lanes';
import { isStartingRateCard, STARTING_RATE_CARDS, startingRateCard } from './starting-rate-cards';

describe('starting rate cards (issue 59)', () => {
  it('are valid rate cards in the buying currency, each with its source and day', () => {
    for (const s of STARTING_RATE_CARDS) {
      expect(laneSettingsSchema.parse({ rate_card: s.card }).rate_card).toEqual(s.card);
      expect(s.card.currency).toBe(s.from === 'us' ? 'USD' : 'GBP');
      expect(s.source).toMatch(/Cross-border reference §8/);
      expect(s.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("are the reference's worked lanes only; any other lane has none", () => {
    expect(startingRateCard('us', 'ca')?.card.per_parcel).toBe(18);
    expect(startingRateCard('us', 'uk')?.card.per_parcel).toBe(14);
    expect(startingRateCard('uk', 'au')?.card.per_parcel).toBe(13.5);
    expect(startingRateCard('us', 'mx')).toBeUndefined();
  });

  it('tells the starting card, unchanged, from a card the seller set', () => {
    const card = startingRateCard('us', 'ca')!.card;
    expect(isStartingRateCard('us', 'ca', { ...card })).toBe(true);
    expect(isStartingRateCard('us', 'ca', { ...card, per_kg: 2 })).toBe(false);
    expect(isStartingRateCard('us', 'ca', null)).toBe(false);
    expect(isStartingRateCard('us', 'mx', card)).toBe(false);
  });
});
