import { REGIONS } from './regions';

/**
 * Where a table of rates comes from: the ECB's daily reference rates as fetched (`ecb`), the dated ECB
 * table shipped with the product when the ECB cannot be reached (`ecb-shipped`), or the specification's
 * placeholder table (`fixed`: tests only, refused with real Amazon in production).
 */
export const RATE_SOURCES = ['ecb', 'ecb-shipped', 'fixed'] as const;
export type RateSourceName = (typeof RATE_SOURCES)[number];

/**
 * The UAE dirham per US dollar: the Central Bank of the UAE holds the dirham at this peg (since 1997), and
 * the ECB publishes no dirham rate.
 */
export const AED_PER_USD = 3.6725;

/** The marketplaces' currencies other than the dollar and the dirham, which the ECB must publish. */
export const ECB_CURRENCIES = REGIONS.map((r) => r.currency.code).filter((c) => c !== 'USD' && c !== 'AED');

/**
 * Units of each marketplace currency per US dollar from euro reference rates (1 EUR = `perEuro[X]` X),
 * crossed through the euro (X per USD = X per EUR ÷ USD per EUR), the dirham at its peg. Throws naming
 * a currency the table lacks.
 */
export function perUsdFromEuro(perEuro: Readonly<Record<string, number>>): Record<string, number> {
  const usd = perEuro.USD;
  if (!usd) throw new Error('The ECB table has no USD rate');
  const rates: Record<string, number> = { USD: 1, AED: AED_PER_USD };
  for (const code of ECB_CURRENCIES) {
    const perEur = perEuro[code];
    if (!perEur) throw new Error(`The ECB table has no ${code} rate`);
    rates[code] = Math.round((perEur / usd) * 1e6) / 1e6;
  }
  return rates;
}

/**
 * The ECB's euro foreign exchange reference rates of 13 April 2026, the newest real table we could take
 * figures from when this was shipped: used only while the ECB cannot be reached and nothing newer was
 * ever fetched. Figures exactly as the ECB published them (1 EUR = …), taken from a copy of the ECB's
 * `eurofxref.csv` kept by the currency library alexprengere/currencyconverter
 * (currency_converter/eurofxref.csv, commit d7eb46486f99f323cd8e3bae9eb8aa98a8d8f726, "Update data",
 * 13 April 2026), which downloads it from
 * https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip. See docs/decisions.md.
 */
export const SHIPPED_ECB_TABLE = {
  asOf: '2026-04-13',
  perEuro: {
    USD: 1.1684,
    GBP: 0.87058,
    CAD: 1.6177,
    MXN: 20.3203,
    AUD: 1.661,
    SGD: 1.4912,
  } as Readonly<Record<string, number>>,
  source:
    'ECB euro foreign exchange reference rates, 13 April 2026 (eurofxref.csv as kept by alexprengere/currencyconverter, commit d7eb464)',
} as const;

/** The shipped table as units per US dollar. */
export const SHIPPED_RATES: Readonly<Record<string, number>> = perUsdFromEuro(SHIPPED_ECB_TABLE.perEuro);
