import type { ProductSide } from '@crossmarket/domain';

const DAY_MS = 86_400_000;

/**
 * Whether a side's full lookup is older than the plan allows (or of unknown age: products updated
 * before full lookups were dated), so its lowest offers and sellers should be looked up again.
 */
export function dueForFullLookup(side: ProductSide, maxAgeDays: number, now = Date.now()): boolean {
  const at = side.looked_up_at ? Date.parse(side.looked_up_at) : NaN;
  return !Number.isFinite(at) || now - at > maxAgeDays * DAY_MS;
}
