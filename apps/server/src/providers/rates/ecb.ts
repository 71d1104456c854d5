import { REGIONS } from '@crossmarket/domain';
import type { RatesSource, RateTable } from './types';

export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';
/** The UAE dirham is pegged to the dollar; the ECB does not publish it. */
export const AED_PER_USD = 3.6725;

/**
 * Reads the ECB's daily reference rates (1 EUR = rate X) and turns them into units per US dollar:
 * X per USD = rate_X ÷ rate_USD.
 */
export function parseEcbDaily(xml: string): RateTable {
  const asOf = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  const perEuro: Record<string, number> = { EUR: 1 };
  for (const m of xml.matchAll(/<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([\d.]+)['"]/g)) {
    perEuro[m[1]!] = Number(m[2]);
  }
  const usd = perEuro.USD;
  if (!asOf || !usd) throw new Error('The ECB answer has no date or no USD rate');
  const rates: Record<string, number> = { USD: 1, AED: AED_PER_USD };
  for (const region of REGIONS) {
    const code = region.currency.code;
    if (code === 'USD' || code === 'AED') continue;
    const perEur = perEuro[code];
    if (!perEur) throw new Error(`The ECB answer has no ${code} rate`);
    rates[code] = Math.round((perEur / usd) * 1e6) / 1e6;
  }
  return { asOf, rates };
}

export function ecbRates(url = ECB_DAILY_URL): RatesSource {
  return {
    name: 'ecb',
    async fetch() {
      const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (!res.ok) throw new Error(`The ECB answered ${res.status}`);
      return parseEcbDaily(await res.text());
    },
  };
}
