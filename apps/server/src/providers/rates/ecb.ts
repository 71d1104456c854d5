import { perUsdFromEuro } from '@crossmarket/domain';
import type { RatesSource, RateTable } from './types';

export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

/**
 * Reads the ECB's daily reference rates (1 EUR = rate X) and turns them into units per US dollar:
 * X per USD = rate_X ÷ rate_USD, the dirham at its peg (domain exchange-rates.ts).
 */
export function parseEcbDaily(xml: string): RateTable {
  const asOf = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  const perEuro: Record<string, number> = { EUR: 1 };
  for (const m of xml.matchAll(/<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([\d.]+)['"]/g)) {
    perEuro[m[1]!] = Number(m[2]);
  }
  if (!asOf || !perEuro.USD) throw new Error('The ECB answer has no date or no USD rate');
  return { asOf, rates: perUsdFromEuro(perEuro) };
}

/** The ECB's daily XML; a first start offline falls back to the shipped table (features/rates). */
export function ecbRates(url = ECB_DAILY_URL, timeoutMs = 10_000): RatesSource {
  return {
    name: 'ecb',
    async fetch() {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`The ECB answered ${res.status}`);
      return parseEcbDaily(await res.text());
    },
  };
}
