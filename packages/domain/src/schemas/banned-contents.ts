import { z } from 'zod';
import { BANNED_LIST_CAP, normaliseBannedIds, normaliseBannedTerms } from '../banned';
import { REGION_CODES, type RegionCode } from '../regions';

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
