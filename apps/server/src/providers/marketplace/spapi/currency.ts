import { regionByCode, type RegionCode } from '@crossmarket/domain';

/** Amazon's money type; `CurrencyCode` is required in the offers model, optional in competitive pricing. */
export type Money = { CurrencyCode?: string; Amount: number };

/** The marketplace's own currency (ISO 4217), which every price it answers must be in. */
export const currencyOf = (region: RegionCode) => regionByCode(region).currency.code;

/**
 * The first currency among these amounts that is not the marketplace's, or null when all are (or name
 * none). A price in another currency would be read as the marketplace's and be silently wrong by the
 * exchange rate, so the answer that carries it is treated as no answer (docs/decisions.md, "Amazon's
 * money is checked for its currency").
 */
export function foreignCurrency(amounts: readonly (Money | undefined)[], expected: string): string | null {
  for (const m of amounts) if (m?.CurrencyCode && m.CurrencyCode !== expected) return m.CurrencyCode;
  return null;
}
