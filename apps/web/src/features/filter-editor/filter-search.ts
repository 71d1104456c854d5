import type { FilterDef } from '@crossmarket/domain';
import type { Drafts } from './filter-drafts';

/**
 * Text folded for a forgiving search: lower case by the language's own rules (Turkish "I" is "ı" and "İ"
 * is "i", which `toLowerCase()` gets wrong), then without accents, and "ı" as "i": a seller typing
 * "siralama" on an English keyboard still finds "Sıralama".
 */
export function foldForSearch(text: string, language: string): string {
  return text.toLocaleLowerCase(language).normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i');
}

/** Every word of the query, folded; an empty query has none (and matches everything). */
export function searchWords(query: string, language: string): string[] {
  return foldForSearch(query, language).split(/\s+/).filter(Boolean);
}

/** Each filter's title and hint in the interface language, folded once per language. */
export function searchableTexts(
  defs: readonly FilterDef[],
  t: (key: string) => string,
  language: string,
): ReadonlyMap<string, string> {
  return new Map(
    defs.map((def) => [
      def.id,
      foldForSearch(`${t(def.labelKey)}\n${def.hintKey ? t(def.hintKey) : ''}`, language),
    ]),
  );
}

export interface FilterSearch {
  words: readonly string[];
  /** Only the cards whose switch is on. */
  activeOnly: boolean;
}

/** Whether a card stays in view: every word in its title or hint, and switched on if asked. */
export function showsCard(
  def: FilterDef,
  texts: ReadonlyMap<string, string>,
  drafts: Drafts,
  { words, activeOnly }: FilterSearch,
): boolean {
  if (activeOnly && !drafts[def.id]?.enabled) return false;
  const text = texts.get(def.id) ?? '';
  return words.every((w) => text.includes(w));
}
