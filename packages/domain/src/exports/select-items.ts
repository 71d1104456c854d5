import type { BannedReason } from '../banned';
import type { ListingRestrictionState } from '../listing-restrictions';
import { generateSku, type InventoryItem } from './files';

export type IncludeOption = 'dont_include' | 'include_zero_stock' | 'include_with_x';

export interface ExportOptions {
  /** Products that don't match the active filters. */
  notMatching: IncludeOption;
  /** Products that can't be available for FBM. */
  notAvailable: IncludeOption;
  skipZeroStock: boolean;
  withSkus: boolean;
  excludeBanned: boolean;
  /** Products Amazon said the seller's account cannot list in the selling country. */
  excludeCannotList: boolean;
}

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = {
  notMatching: 'dont_include',
  notAvailable: 'dont_include',
  skipZeroStock: false,
  withSkus: false,
  excludeBanned: true,
  excludeCannotList: true,
};

/** One selected product as /v1/exports answers it, plus whether it matches the active filters. */
export interface ExportProduct {
  product_id: string;
  stocks: number;
  available_for_fbm: boolean;
  min_price: number | null;
  std_price: number | null;
  max_price: number | null;
  banned: BannedReason | null;
  /** The listing restriction in the selling country; null or absent when not checked. */
  restriction?: ListingRestrictionState | null;
  matchesFilters: boolean;
  /** Our SKU as /v1/exports answers it; computed here when absent. */
  generated_sku?: string;
}

/**
 * Applies the export drawer's options to the selected products. A product that fails both tests takes
 * the stricter option (leaving it out beats listing it with stock 0, which beats flag x).
 */
export function selectExportItems(
  products: readonly ExportProduct[],
  options: ExportOptions,
  ctx: { userId: string; reportSkus?: Readonly<Record<string, string>> | null },
): InventoryItem[] {
  const items: InventoryItem[] = [];
  const rank: Record<IncludeOption, number> = { dont_include: 2, include_zero_stock: 1, include_with_x: 0 };
  // The stricter of two options (either may be absent); no per-product arrays: exports run over 50,000.
  const stricter = (a: IncludeOption | undefined, b: IncludeOption) => (a && rank[a] >= rank[b] ? a : b);
  for (const p of products) {
    if (options.excludeBanned && p.banned) continue;
    if (options.excludeCannotList && p.restriction === 'cannot_list') continue;
    let rule: IncludeOption | undefined;
    if (!p.matchesFilters) rule = options.notMatching;
    if (!p.available_for_fbm) rule = stricter(rule, options.notAvailable);
    if (rule === 'dont_include') continue;
    const quantity = rule === 'include_zero_stock' ? 0 : Math.max(0, p.stocks);
    if (options.skipZeroStock && quantity === 0) continue;
    const reportSku = options.withSkus ? ctx.reportSkus?.[p.product_id] : undefined;
    items.push({
      sku: reportSku ?? p.generated_sku ?? generateSku(ctx.userId, p.product_id),
      productId: p.product_id,
      price: p.std_price,
      minPrice: p.min_price,
      maxPrice: p.max_price,
      quantity,
      addDelete: rule === 'include_with_x' ? 'x' : 'a',
    });
  }
  return items;
}
