import { FIXED_RATES } from '@crossmarket/domain';
import type { RatesSource } from './types';

/** The specification's table of rates: the default, offline and unchanging. */
export const fixedRates: RatesSource = {
  name: 'fixed',
  fetch: async () => ({ asOf: '2024-01-01', rates: { ...FIXED_RATES } }),
};
