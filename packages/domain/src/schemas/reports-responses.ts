import { z } from 'zod';
import type { PricingRule, PricingSettings } from '../pricing/types';
import { RATE_TYPES, RULE_TYPES } from '../pricing/types';
import { RESTRICTION_PHASES } from '../listing-restrictions';
import { REGION_CODES } from '../regions';
import { timestampSchema } from './api-responses';
import { ratesOfSchema } from './account-responses';
import { reportLaneSchema } from './lanes';
import { supplierReportSchema } from './suppliers';

const regionCode = z.enum(REGION_CODES);

/** Whose Amazon authorisation a side of a report is looked up under. */
export const LOOKUP_ACCOUNT_KINDS = ['own', 'shared'] as const;
export type LookupAccountKind = (typeof LOOKUP_ACCOUNT_KINDS)[number];

/**
 * What a report is doing now: looking its products up, then its listing restriction phase (Amazon's fee
 * estimates are asked in the same rounds).
 */
export const REPORT_PHASES = ['looking_up', 'restrictions'] as const;
export type ReportPhase = (typeof REPORT_PHASES)[number];

/** One of the user's reports as the list shows it (the specification's Report, without its content). */
export const reportSummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    type: z.string(),
    created_at: timestampSchema,
    /** When the report finished; null while it runs. */
    finish_at: timestampSchema.nullable(),
    from_marketplace: z.string(),
    to_marketplace: z.string(),
    from_country: regionCode,
    to_country: regionCode,
    /** Lookups to make (two per product); null until the report is queued. */
    size: z.int().nullable(),
    /** Lookups made; -1 once the report is cancelled. */
    done_size: z.int(),
    finalized: z.boolean(),
    /** The finish summary: products Amazon did not answer for, 0 until finished. */
    no_answer_count: z.int(),
    /**
     * While the report is processed: when it should finish, from the measured pace of the Amazon
     * authorisation it uses and the work queued ahead of it; null when finished, cancelled or not yet known.
     */
    estimated_finish_at: timestampSchema.nullable(),
    /**
     * The listing restriction phase after the lookups: where it stands, how many products it checks
     * (those found in the selling country) and how many are checked; null where there is none (the
     * marketplace cannot answer restrictions, or the report is older than the phase).
     */
    restrictions: z
      .object({ state: z.enum(RESTRICTION_PHASES), total: z.int(), checked: z.int() })
      .nullable(),
    /** The phase the report is in (`REPORT_PHASES`); null once nothing moves any more (or cancelled). */
    phase: z.enum(REPORT_PHASES).nullable(),
    /**
     * A supplier list report matching its lines to the catalogue (issue 62): lines answered so far of the
     * list's lines; null on other reports and once the lines are matched.
     */
    supplier_matching: z.object({ matched: z.int(), total: z.int() }).nullable().optional(),
  })
  .meta({ id: 'ReportSummary', description: 'A report as the list shows it.' });
export type ReportSummary = z.output<typeof reportSummarySchema>;

/** GET /api/reports: the user's last 20 reports, newest first. */
export const reportListSchema = z.array(reportSummarySchema);

/** POST /api/reports (201): the new report and how the product IDs sent were counted. */
export const reportCreatedSchema = z
  .object({
    report_id: z.uuid(),
    sent: z.int(),
    valid: z.int(),
    repetitive: z.int(),
    invalid: z.int(),
  })
  .meta({ id: 'ReportCreated', description: 'The new report and how the product IDs sent were counted.' });
export type CreatedReport = z.output<typeof reportCreatedSchema>;

export const countryInfoSchema = z.object({
  code: regionCode,
  name: z.string(),
  flag_code: z.string(),
  currency: z.object({ code: z.string(), symbol: z.string() }),
});
export type CountryInfo = z.output<typeof countryInfoSchema>;

/** A pricing rule as stored (its form's rules were checked when it was saved). */
const pricingRuleViewSchema: z.ZodType<PricingRule> = z.object({
  rule_type: z.enum(RULE_TYPES),
  threshold_start: z.number().nullable().optional(),
  threshold_end: z.number().nullable().optional(),
  seller_id: z.string().nullable().optional(),
  rate_type: z.enum(RATE_TYPES),
  min_rate: z.number(),
  std_rate: z.number(),
  max_rate: z.number(),
  stock: z.number(),
});

/** Pricing settings as stored: the shape only, so settings saved under older rules still go out. */
export const pricingSettingsViewSchema: z.ZodType<PricingSettings> = z.object({
  handling_time: z.number(),
  parity: z.number(),
  parity_type: z.enum(['auto', 'fixed']),
  default_category_commission_rate: z.number(),
  commission_rate_type: z.literal('fixed'),
  min_stock: z.number(),
  def_stock: z.number(),
  pricing_rules: z.array(pricingRuleViewSchema),
});

/** GET /api/reports/:id: the report with what its detail screen derives. */
export const reportDetailSchema = reportSummarySchema
  .extend({
    /** The valid product IDs, in the order sent. */
    content: z.array(z.string()),
    /** Product ID → the seller's SKU (from an All Listings Report). */
    skus: z.record(z.string(), z.string()),
    from_country_info: countryInfoSchema,
    to_country_info: countryInfoSchema,
    /** Units of each currency per US dollar, taken when the report was created. */
    parity_rates: z.record(z.string(), z.number()),
    /** Selling-currency units per buying-currency unit. */
    parity: z.number(),
    /** The seller's saved settings for this report; null until the Settings tab saves them. */
    settings: pricingSettingsViewSchema.nullable(),
    /**
     * Whose Amazon authorisation each side is looked up under: the seller's own (`own`) or the
     * deployment's shared one (`shared`); null for reports made before sellers could connect.
     */
    amazon_accounts: z
      .object({ from: z.enum(LOOKUP_ACCOUNT_KINDS), to: z.enum(LOOKUP_ACCOUNT_KINDS) })
      .nullable(),
    /**
     * The lane the report is priced with (issue 45): its settings, the day whose rules apply and the
     * seller's tax profile; null on a report from before lanes (the specification's formula).
     */
    lane: reportLaneSchema.nullable(),
    /** The inventory whose settings priced the report (its name then); null for the defaults or saved ones. */
    priced_with: z.string().nullable(),
    /**
     * Where `parity_rates` come from and their day ("Rates of 13 April 2026, ECB"); null on a report made
     * before rates were dated.
     */
    rates_of: ratesOfSchema.nullable(),
    /** A supplier list report's list and how its lines matched (issue 62); null on other reports. */
    supplier: supplierReportSchema.nullable().optional(),
  })
  .meta({ id: 'ReportDetail', description: 'One report, with its countries and exchange rates.' });
export type ReportDetail = z.output<typeof reportDetailSchema>;

/** The data of each `progress` event of GET /api/reports/:id/events. */
export const reportProgressEventSchema = reportSummarySchema.pick({
  id: true,
  size: true,
  done_size: true,
  finalized: true,
  finish_at: true,
  no_answer_count: true,
  estimated_finish_at: true,
  restrictions: true,
  phase: true,
  supplier_matching: true,
});
export type ReportProgressEvent = z.output<typeof reportProgressEventSchema>;

/** POST /v1/reports/:id/restrictions: check (again) the products of a report not yet checked. No options. */
export const restrictionsStartRequestSchema = z.object({}).strict();

/** Its answer: where the report's restriction phase stands now. */
export const restrictionsStartResponseSchema = reportSummarySchema.pick({ id: true, restrictions: true });
