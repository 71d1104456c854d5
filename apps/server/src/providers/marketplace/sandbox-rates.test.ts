import { FIXED_RATES, SHIPPED_RATES } from '@crossmarket/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxSnapshot } from './sandbox';
import { setSandboxRates } from './sandbox-rates';

const ids = Array.from({ length: 300 }, (_, i) => `B${String(i).padStart(9, '0')}`);
const today = Date.UTC(2026, 10, 21);

/** The median of a product's average offer price in Mexico over the same product's in the US. */
function mexicoOverUs(): number {
  const ratios = ids.flatMap((id) => {
    const us = sandboxSnapshot(id, 'us', { shipTo: 'us', role: 'to', today }).side.average_price;
    const mx = sandboxSnapshot(id, 'mx', { shipTo: 'mx', role: 'to', today }).side.average_price;
    return us && mx ? [mx / us] : [];
  });
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)]!;
}

afterEach(() => setSandboxRates(FIXED_RATES));

describe('the sandbox prices at the app rates (issue 59)', () => {
  it('prices Mexico in real pesos under the real rates, so the US$ bands mean what they do on Amazon', () => {
    setSandboxRates(SHIPPED_RATES);
    // About 17.4 pesos to the dollar, times Mexico's price level.
    expect(mexicoOverUs()).toBeGreaterThan(12);
    expect(mexicoOverUs()).toBeLessThan(26);
  });

  it("keeps the specification's table for tests that ask for it", () => {
    setSandboxRates(FIXED_RATES);
    expect(mexicoOverUs()).toBeGreaterThan(0.7);
    expect(mexicoOverUs()).toBeLessThan(1.6);
  });
});
