import { z } from 'zod';
import { REGION_CODES, type RegionCode } from '../regions';

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

const perRegion = (normalise: (t: string | readonly string[]) => string[]) =>
  z
    .partialRecord(
      z.enum(REGION_CODES),
      z.union([z.string().max(500_000), z.array(z.string().max(500)).max(50_000)]),
    )
    .default({})
    .transform((map) => {
      const out: Partial<Record<RegionCode, string[]>> = {};
      for (const [region, value] of Object.entries(map) as [RegionCode, string | string[]][])
        out[region] = normalise(value);
      return out;
    })
    .superRefine((map, ctx) => {
      for (const [region, list] of Object.entries(map)) {
        if (list.length > BANNED_LIST_CAP) {
          ctx.addIssue({ code: 'custom', message: 'validation.banned.tooMany', path: [region] });
        }
      }
    });

/** Preferences → banned contents, per selling region; lists may arrive as text (one per line) or arrays. */
export const bannedContentsSchema = z.object({
  pids: perRegion(normaliseBannedIds),
  brands: perRegion(normaliseBannedTerms),
  keywords: perRegion(normaliseBannedTerms),
});
export type BannedContentsInput = z.input<typeof bannedContentsSchema>;
