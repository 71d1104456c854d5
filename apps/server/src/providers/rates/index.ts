import type { Config } from '../../config';
import { ecbRates } from './ecb';
import { fixedRates } from './fixed';
import type { RatesSource } from './types';

export const createRatesSource = (config: Config): RatesSource =>
  config.RATES_SOURCE === 'ecb' ? ecbRates(config.ECB_RATES_URL) : fixedRates;
