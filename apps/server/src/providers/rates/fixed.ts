import { FIXED_RATES } from '@crossmarket/domain';
import type { RatesSource } from './types';

/**
 * The specification's placeholder table (MXN, AUD, AED and SGD at 1.12 per dollar): only when chosen with
 * RATES_SOURCE=fixed, for tests whose figures were worked by hand on it; production with real Amazon
 * refuses it (config.ts).
 */
export const fixedRates: RatesSource = {
  name: 'fixed',
  fetch: async () => ({ asOf: '2024-01-01', rates: { ...FIXED_RATES } }),
};
