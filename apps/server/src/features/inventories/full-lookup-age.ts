import type { ProductSide } from '@crossmarket/domain';

const DAY_MS = 86_400_000;

/**
 * Whether a side's full lookup should be renewed at this visit: it would be older than the plan allows
 * by the product's next visit (`visitDays` on), or its age is unknown (products updated before full
 * lookups were dated). Its lowest offers and sellers are then looked up again.
 */
export function dueForFullLookup(
  side: ProductSide,
  plan: { fullMaxAgeDays: number; visitDays: number },
  now = Date.now(),
): boolean {
  const at = side.looked_up_at ? Date.parse(side.looked_up_at) : NaN;
  return !Number.isFinite(at) || now - at + plan.visitDays * DAY_MS > plan.fullMaxAgeDays * DAY_MS;
}
