import type { RegionCode } from './regions';

export type BannedReason = 'brand' | 'pid' | 'title';

export interface BannedContents {
  pids: Partial<Record<RegionCode, string[]>>;
  brands: Partial<Record<RegionCode, string[]>>;
  keywords: Partial<Record<RegionCode, string[]>>;
}

export const EMPTY_BANNED: BannedContents = { pids: {}, brands: {}, keywords: {} };

const NOT_A_WORD_CHAR = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * The words of a text, lower-cased, each with a space on either side: `" wooden train set "`. A keyword
 * matches a title when its words appear in it in a row, so the test is a plain substring search on these
 * strings — the same test the SQL compiler runs on the stored column (`strpos`), with no pattern syntax.
 */
export function titleWords(text: string | null | undefined): string {
  const words = (text ?? '').toLowerCase().split(NOT_A_WORD_CHAR).filter(Boolean);
  return words.length ? ` ${words.join(' ')} ` : '';
}

/** Title words: a keyword matches whole words of the title, in order, case-insensitively. */
export function titleHasKeyword(title: string, keyword: string): boolean {
  const k = titleWords(keyword);
  return k !== '' && titleWords(title).includes(k);
}

/** Text as brands and categories are compared (filters, banned list, stored columns): trimmed, lower-cased. */
export const textKey = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

export type BannedMatcher = (product: {
  product_id: string;
  brand?: string | null;
  title?: string | null;
}) => BannedReason | null;

/**
 * The banned lists of one region compiled for many products (an export checks 50,000): brands and IDs
 * in sets, keywords grouped by their word count so that each title is cut into n-word runs once.
 */
export function bannedMatcher(banned: BannedContents, region: RegionCode): BannedMatcher {
  const brands = new Set((banned.brands[region] ?? []).map(textKey).filter(Boolean));
  const pids = new Set(banned.pids[region] ?? []);
  const keywords = new Set<string>();
  const lengths = new Set<number>();
  for (const k of banned.keywords[region] ?? []) {
    const words = titleWords(k);
    if (!words) continue;
    keywords.add(words);
    lengths.add(words.trim().split(' ').length);
  }
  const titleBanned = (title: string) => {
    const words = titleWords(title).trim().split(' ');
    for (const n of lengths) {
      for (let i = 0; i + n <= words.length; i++) {
        if (keywords.has(` ${words.slice(i, i + n).join(' ')} `)) return true;
      }
    }
    return false;
  };
  return (product) => {
    if (brands.size && brands.has(textKey(product.brand))) return 'brand';
    if (pids.size && pids.has(product.product_id.toUpperCase())) return 'pid';
    if (keywords.size && product.title && titleBanned(product.title)) return 'title';
    return null;
  };
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
  return bannedMatcher(banned, region)(product);
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
