import { WATCH_CONDITIONS } from '@crossmarket/domain';
import type { TFunction } from 'i18next';
import type { loadSchemas } from '../../lib/zod-form';

/**
 * The conditions that need a threshold, asked of the same schema the server validates with: a
 * condition needs one when the body without it is refused on `threshold`.
 */
export function thresholdConditions(schemas: Awaited<ReturnType<typeof loadSchemas>>): Set<string> {
  const needs = new Set<string>();
  for (const condition of WATCH_CONDITIONS) {
    const probe = { marketplace: 'us', asin: 'B000000001', condition, threshold: null };
    const result = schemas.watchCreateSchema.safeParse(probe);
    if (!result.success && result.error.issues.some((i) => i.path.join('.') === 'threshold'))
      needs.add(condition);
  }
  return needs;
}

/**
 * A threshold's unit: a percentage for a profit condition, else the marketplace's own currency (the
 * server compares prices in the currency the marketplace answers in).
 */
export const isPercent = (condition: string) => /profit|percent/.test(condition);

/** The condition's words; a condition added to the catalogue before its words reads as its code. */
export const conditionLabel = (t: TFunction, condition: string) =>
  t(`watches.conditionNames.${condition}`, { defaultValue: condition.replaceAll('_', ' ') });
