import { FIXED_RATES, regionByCode, type RegionCode } from '@crossmarket/domain';

let table: Readonly<Record<string, number>> = FIXED_RATES;

/**
 * The rates the sandbox turns its dollar prices into each marketplace's currency with, so its prices (and
 * Mexico's US$ bands, the Emirates' AED 1,000) mean at the app's rates what they mean on Amazon. One table
 * per process, chosen at start-up (main.ts): the shipped real ECB table under RATES_SOURCE=ecb, the
 * specification's under `fixed` (tests, whose figures were worked on it, and the default here).
 * Fixed for the process, not the day's rates, so the same date gives the same answer.
 */
export function setSandboxRates(rates: Readonly<Record<string, number>>) {
  table = rates;
}

/** Units of the marketplace's currency per US dollar in the sandbox. */
export const sandboxRate = (region: RegionCode): number => table[regionByCode(region).currency.code]!;
