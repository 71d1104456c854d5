import { z } from 'zod';
import { buyingRegions, sellingRegions, type RegionCode } from '../regions';
import { RULE_FAMILIES } from '../landed/rules-in-force';
import { ESTABLISHMENTS, laneSettingsSchema, type Establishment, type SellerTaxProfile } from './lanes';

// `/api/lanes` (issue 45): a seller's settings per lane, with the defaults and the rules in force.

const buying = buyingRegions().map((r) => r.code) as [RegionCode, ...RegionCode[]];
const selling = sellingRegions().map((r) => r.code) as [RegionCode, ...RegionCode[]];

/** `/api/lanes/:from/:to`: a buying and a selling marketplace; anything else names the field. */
export const laneParamsSchema = z.object({
  from: z.enum(buying, { error: 'validation.lane.country' }),
  to: z.enum(selling, { error: 'validation.lane.country' }),
});
export type LaneParams = z.output<typeof laneParamsSchema>;

/** PUT body: the whole lane (omitted settings take their defaults). */
export const laneSettingsRequestSchema = laneSettingsSchema;

const ruleRowSchema = z.object({
  id: z.string(),
  /** Ids of the reference's sources (shared/reference/cross-border.md §9). */
  source: z.string(),
  effective_from: z.string(),
  assumed: z.boolean(),
  /** The row's percent where it has one (a tax, duty or fee rate). */
  rate: z.number().nullable(),
});

export const laneRuleSchema = z.object({
  family: z.enum(RULE_FAMILIES),
  /** Null where the family does not apply to the lane (no border on a domestic lane). */
  row: ruleRowSchema.nullable(),
});

export const sellerTaxProfileResponseSchema = z.object({
  establishment: z.enum(ESTABLISHMENTS),
  registered_home: z.boolean(),
});

export const laneResponseSchema = z.object({
  from: z.enum(buying),
  to: z.enum(selling),
  settings: laneSettingsSchema,
  /** False: nothing saved, the defaults are in force. */
  saved: z.boolean(),
  updated_at: z.iso.datetime().nullable(),
  /** The rules the lane uses today, each with its source and start date. */
  rules: z.array(laneRuleSchema),
});
export type LaneResponse = z.output<typeof laneResponseSchema>;

/** GET /api/lanes: the lanes the seller saved or has reports on, and what an unsaved lane uses. */
export const laneListSchema = z.object({
  defaults: laneSettingsSchema,
  seller: sellerTaxProfileResponseSchema,
  lanes: z.array(laneResponseSchema),
});
export type LaneList = z.output<typeof laneListSchema>;

const COUNTRY_NAMES: Readonly<Record<string, Establishment>> = {
  turkey: 'tr',
  türkiye: 'tr',
  turkiye: 'tr',
  'united states': 'us',
  usa: 'us',
  'united kingdom': 'uk',
  gb: 'uk',
  canada: 'ca',
  mexico: 'mx',
  australia: 'au',
  'united arab emirates': 'ae',
  singapore: 'sg',
  france: 'fr',
  italy: 'it',
  spain: 'es',
};

/**
 * The fee rules' view of the seller, from the profile's free-text country: a country the rules know,
 * else `other` (every rule for "established elsewhere" applies). Nobody is registered at home until the
 * profile can say so.
 */
export function sellerTaxProfileOf(country: string | null | undefined): SellerTaxProfile {
  const key = (country ?? '').trim().toLowerCase();
  const known = (ESTABLISHMENTS as readonly string[]).includes(key) && key !== 'other';
  return {
    establishment: known ? (key as Establishment) : (COUNTRY_NAMES[key] ?? 'other'),
    registered_home: false,
  };
}
