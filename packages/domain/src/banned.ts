import type { RegionCode } from './regions';

export type BannedReason = 'brand' | 'pid' | 'title';

export interface BannedContents {
  pids: Partial<Record<RegionCode, string[]>>;
  brands: Partial<Record<RegionCode, string[]>>;
  keywords: Partial<Record<RegionCode, string[]>>;
}

export const EMPTY_BANNED: BannedContents = { pids: {}, brands: {}, keywords: {} };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Title words: a keyword matches whole words of the title, case-insensitively. */
export function titleHasKeyword(title: string, keyword: string): boolean {
  const words = keyword.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${words.join('\\s+')}($|[^\\p{L}\\p{N}])`, 'iu').test(title);
}

/**
 * Why a product is banned for the selling region, checked in this order: brand (exact,
 * case-insensitive), product ID, title words. Null when it is not banned.
 */
export function findBannedReason(
  product: { product_id: string; brand?: string | null; title?: string | null },
  banned: BannedContents,
  region: RegionCode,
): BannedReason | null {
  const brand = product.brand?.trim().toLowerCase();
  if (brand && (banned.brands[region] ?? []).some((b) => b.trim().toLowerCase() === brand)) return 'brand';
  if ((banned.pids[region] ?? []).includes(product.product_id.toUpperCase())) return 'pid';
  const title = product.title ?? '';
  if (title && (banned.keywords[region] ?? []).some((k) => titleHasKeyword(title, k))) return 'title';
  return null;
}

export const BANNED_LIST_CAP = 5000;
export const BANNED_TERM_MIN = 2;

const lines = (text: string | readonly string[]) =>
  typeof text === 'string' ? text.split(/\r\n|\r|\n/) : [...text];

/** Banned product IDs: one per line, empty lines dropped, upper-cased, non-word characters removed. */
export function normaliseBannedIds(text: string | readonly string[]): string[] {
  const ids = lines(text)
    .map((l) => l.toUpperCase().replace(/\W/g, ''))
    .filter(Boolean);
  return [...new Set(ids)];
}

/** Banned brands and keywords: one per line, trimmed, at least 2 characters, duplicates removed. */
export function normaliseBannedTerms(text: string | readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of lines(text)) {
    const term = raw.trim().replace(/\s+/g, ' ');
    const key = term.toLowerCase();
    if (term.length < BANNED_TERM_MIN || seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}
