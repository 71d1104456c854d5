import { describe, expect, it } from 'vitest';
import { SHIPPED_ECB_TABLE, SHIPPED_RATES } from '../exchange-rates';
import { checkTypedParity, TYPED_PARITY_WARN_SHARE } from './typed-parity';

const shipped = { source: 'ecb-shipped' as const, as_of: SHIPPED_ECB_TABLE.asOf, rates: SHIPPED_RATES };

describe('a typed parity against today’s rate', () => {
  it('warns about the old placeholder Auto value: US → MX at 1.12 when today is 17.39', () => {
    const check = checkTypedParity(1.12, 'us', 'mx', shipped)!;
    expect(check).toMatchObject({ today: 17.39, warn: true, as_of: '2026-04-13', source: 'ecb-shipped' });
    expect(check.off).toBeCloseTo((17.39 - 1.12) / 17.39, 6);
  });

  it('leaves a cushion of up to 10 % alone, either way, and warns past it', () => {
    // US → CA today: 1.6177 / 1.1684 CAD per USD, to two decimals.
    const today = checkTypedParity(1, 'us', 'ca', shipped)!.today;
    expect(today).toBe(1.38);
    expect(TYPED_PARITY_WARN_SHARE).toBe(0.1);
    // 1.51 and 1.25 are 9.4 % off; 1.52 and 1.24, 10.1 %.
    expect(checkTypedParity(1.51, 'us', 'ca', shipped)!.warn).toBe(false);
    expect(checkTypedParity(1.25, 'us', 'ca', shipped)!.warn).toBe(false);
    expect(checkTypedParity(1.52, 'us', 'ca', shipped)!.warn).toBe(true);
    expect(checkTypedParity(1.24, 'us', 'ca', shipped)!.warn).toBe(true);
    expect(checkTypedParity(1.38, 'us', 'ca', shipped)).toMatchObject({ off: 0, warn: false });
  });

  it('says nothing without a parity or a rate to compare', () => {
    expect(checkTypedParity(null, 'us', 'ca', shipped)).toBeNull();
    expect(checkTypedParity(0, 'us', 'ca', shipped)).toBeNull();
    expect(checkTypedParity(1.2, 'us', 'ca', { ...shipped, rates: { USD: 1 } })).toBeNull();
  });
});
