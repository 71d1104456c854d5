import type { RegionCode } from '@crossmarket/domain';

export type Measure = { unit: string; value: number };

// Units Amazon's catalogue writes (plural names), their singulars, British spellings and abbreviations.
export const POUNDS_PER: Record<string, number> = {
  pounds: 1,
  pound: 1,
  lb: 1,
  lbs: 1,
  ounces: 1 / 16,
  ounce: 1 / 16,
  oz: 1 / 16,
  kilograms: 2.20462262,
  kilogram: 2.20462262,
  kg: 2.20462262,
  grams: 0.00220462262,
  gram: 0.00220462262,
  g: 0.00220462262,
};
export const INCHES_PER: Record<string, number> = {
  inches: 1,
  inch: 1,
  in: 1,
  centimeters: 1 / 2.54,
  centimetres: 1 / 2.54,
  centimeter: 1 / 2.54,
  centimetre: 1 / 2.54,
  cm: 1 / 2.54,
  millimeters: 1 / 25.4,
  millimetres: 1 / 25.4,
  millimeter: 1 / 25.4,
  millimetre: 1 / 25.4,
  mm: 1 / 25.4,
};

/** A measure in our unit, or null when it is missing or in a unit we do not know (never a guess). */
export function convert(m: Measure | undefined, factors: Record<string, number>): number | null {
  const factor = m ? factors[m.unit.trim().toLowerCase()] : undefined;
  return factor !== undefined && Number.isFinite(m!.value) ? m!.value * factor : null;
}

const longestFirst = (dims: readonly number[]) => [...dims].sort((a, b) => b - a);

/**
 * The US standard-size tiers, whose names and limits Amazon kept when it renamed and re-cut the oversize
 * tiers in 2024 (longest, median, shortest side in inches; pounds). The specification's four oversize
 * names are the pre-2024 ones and other marketplaces have tiers of their own, so only these two are
 * named; every other product shows its dimensions without a tier (docs/decisions.md, "Size tiers").
 */
const US_STANDARD_TIERS = [
  { name: 'small-standard-size', maxLb: 1, dims: [15, 12, 0.75] },
  { name: 'large-standard-size', maxLb: 20, dims: [18, 14, 8] },
] as const;

/** The marketplace's size tier of a package, or null where we cannot name one honestly. */
export function sizeTier(region: RegionCode, lb: number, dims: number[]): string | null {
  if (region !== 'us') return null;
  const sorted = longestFirst(dims);
  const tier = US_STANDARD_TIERS.find((t) => lb <= t.maxLb && sorted.every((d, j) => d <= t.dims[j]!));
  return tier?.name ?? null;
}
