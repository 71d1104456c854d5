import type { RegionCode } from '../../regions';
import { BORDER_RULES } from './border';
import { CUSTOMS_VALUE_RULES } from './customs';
import { DUTY_RULES } from './duty';
import { DSF_RULES, DEFAULT_CONVERSION_FEE } from './fees';
import { COLLECTION_RULES, FEE_TAX_RULES, PRICE_TAX_RULES } from './tax';
import type { Carrier, RuleRow } from './types';

export * from './types';
export { REFERENCE_SOURCES, type ReferenceSource } from './sources';
export {
  BORDER_RULES,
  CUSTOMS_VALUE_RULES,
  DUTY_RULES,
  DSF_RULES,
  DEFAULT_CONVERSION_FEE,
  COLLECTION_RULES,
  FEE_TAX_RULES,
  PRICE_TAX_RULES,
};

/**
 * The row in force on `on` (YYYY-MM-DD) among those matching, preferring the most specific match
 * (`specificity` higher is more specific) and, among equally specific ones, the latest start.
 */
function pick<T extends RuleRow>(rows: readonly T[], on: string, specificity: (row: T) => number): T | null {
  let best: T | null = null;
  let bestScore = -1;
  for (const row of rows) {
    if (row.effective_from > on) continue;
    const score = specificity(row);
    if (score < 0) continue;
    if (score > bestScore || (score === bestScore && row.effective_from > best!.effective_from)) {
      best = row;
      bestScore = score;
    }
  }
  return best;
}

export const priceTaxRule = (country: RegionCode, on: string) =>
  pick(PRICE_TAX_RULES, on, (r) => (r.country === country ? 0 : -1));

export const collectionRule = (country: RegionCode, on: string) =>
  pick(COLLECTION_RULES, on, (r) => (r.country === country ? 0 : -1));

export const borderRule = (country: RegionCode, shipFrom: string, carrier: Carrier, on: string) =>
  pick(BORDER_RULES, on, (r) => {
    if (r.country !== country) return -1;
    const from = r.ship_from === shipFrom ? 2 : r.ship_from === '*' ? 0 : -1;
    const by = r.carrier === carrier ? 1 : r.carrier === '*' ? 0 : -1;
    return from < 0 || by < 0 ? -1 : from + by;
  });

export const customsValueRule = (country: RegionCode, on: string) =>
  pick(CUSTOMS_VALUE_RULES, on, (r) => (r.country === country ? 0 : -1));

export const dutyRule = (country: RegionCode, category: string | null, on: string) =>
  pick(DUTY_RULES, on, (r) =>
    r.country !== country ? -1 : r.category === null ? 0 : r.category === category ? 1 : -1,
  );

export const feeTaxRule = (store: RegionCode, establishment: string, on: string) =>
  pick(FEE_TAX_RULES, on, (r) =>
    r.resident_of !== establishment ? -1 : r.store === store ? 1 : r.store === '*' ? 0 : -1,
  );

export const dsfRule = (store: RegionCode, establishment: string, on: string) =>
  pick(DSF_RULES, on, (r) => {
    if (r.store !== store && r.store !== '*') return -1;
    if (r.established_in === establishment) return 2;
    return r.established_in === '*' && establishment !== store ? 1 : -1;
  });

const ALL_RULES: readonly RuleRow[] = [
  ...PRICE_TAX_RULES,
  ...COLLECTION_RULES,
  ...FEE_TAX_RULES,
  ...BORDER_RULES,
  ...CUSTOMS_VALUE_RULES,
  ...DUTY_RULES,
  ...DSF_RULES,
  DEFAULT_CONVERSION_FEE,
];
const BY_ID = new Map(ALL_RULES.map((r) => [r.id, r]));

/** Every rule row, for the Lanes section's "rules in force and their sources". */
export const allRules = (): readonly RuleRow[] => ALL_RULES;
export const ruleById = (id: string): RuleRow | undefined => BY_ID.get(id);
