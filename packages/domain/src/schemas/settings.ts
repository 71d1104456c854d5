import { z } from 'zod';
import { FIRST_RULE_RANGE, MAX_PRICING_RULES } from '../pricing/presets';
import { RATE_TYPES, RULE_TYPES } from '../pricing/types';
import { requiredNumber, requiredString } from './common';

const rate = requiredNumber('validation.rules.rate');
const optionalNumber = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce.number().finite().nullable().optional(),
);

type Rates = { min_rate: number; std_rate: number; max_rate: number };

/** The four ordering messages of the specification, each on the field it is about. */
function checkOrder(
  v: Rates,
  ctx: z.RefinementCtx,
  keys = { min: 'min_rate', std: 'std_rate', max: 'max_rate' },
) {
  // A missing or malformed rate already has its own message.
  if (![v.min_rate, v.std_rate, v.max_rate].every((r) => typeof r === 'number' && Number.isFinite(r))) return;
  if (!(v.min_rate < v.std_rate)) {
    ctx.addIssue({ code: 'custom', message: 'validation.rules.minBelowStd', path: [keys.min] });
    ctx.addIssue({ code: 'custom', message: 'validation.rules.stdAboveMin', path: [keys.std] });
  }
  if (!(v.std_rate < v.max_rate)) {
    ctx.addIssue({ code: 'custom', message: 'validation.rules.stdBelowMax', path: [keys.std] });
    ctx.addIssue({ code: 'custom', message: 'validation.rules.maxAboveStd', path: [keys.max] });
  }
}

export const pricingRuleSchema = z
  .object({
    rule_type: z.enum(RULE_TYPES, { error: 'validation.rules.ruleType' }),
    threshold_start: optionalNumber,
    threshold_end: optionalNumber,
    seller_id: z.string().trim().max(40).nullable().optional(),
    rate_type: z.enum(RATE_TYPES, { error: 'validation.rules.rateType' }),
    min_rate: rate,
    std_rate: rate,
    max_rate: rate,
    stock: requiredNumber('validation.rules.stock').pipe(
      z.number().int('validation.rules.stock').min(0, 'validation.rules.stock'),
    ),
  })
  .superRefine((rule, ctx) => {
    const missing = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [path] });
    if (rule.rule_type === 'cost') {
      if (rule.threshold_start == null) missing('threshold_start', 'validation.rules.costRange');
      if (rule.threshold_end == null) missing('threshold_end', 'validation.rules.costRange');
    }
    if (rule.rule_type === 'ppr') {
      if (rule.threshold_start == null) missing('threshold_start', 'validation.rules.thresholdStart');
      if (rule.threshold_end == null) missing('threshold_end', 'validation.rules.thresholdEnd');
    }
    if (rule.rule_type === 'buybox_store' && !rule.seller_id)
      missing('seller_id', 'validation.rules.sellerId');
    if (
      rule.threshold_start != null &&
      rule.threshold_end != null &&
      rule.threshold_start > rule.threshold_end
    ) {
      missing('threshold_end', 'validation.rules.rangeOrder');
    }
    if (rule.rate_type === 'fixed') checkOrder(rule, ctx);
  });
export type PricingRuleInput = z.input<typeof pricingRuleSchema>;

/**
 * Per-product custom rates: digits with an optional decimal part (or a JSON number, not negative), ordered
 * like a fixed rule. A text too long to be a finite number is refused like any other bad rate.
 */
const rateText = z
  .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, 'validation.rules.rate')], {
    error: 'validation.rules.rate',
  })
  .transform(Number)
  .pipe(z.number({ error: 'validation.rules.rate' }).min(0, 'validation.rules.rate'));
export const individualRatesSchema = z
  .object({ min: rateText, std: rateText, max: rateText })
  .superRefine((v, ctx) =>
    checkOrder({ min_rate: v.min, std_rate: v.std, max_rate: v.max }, ctx, {
      min: 'min',
      std: 'std',
      max: 'max',
    }),
  );

export const settingsSchema = z
  .object({
    handling_time: requiredNumber('validation.settings.handlingTime').pipe(
      z
        .number()
        .int('validation.settings.handlingTime')
        .min(1, 'validation.settings.handlingTime')
        .max(20, 'validation.settings.handlingTime'),
    ),
    parity: requiredNumber('validation.settings.parity').pipe(
      z.number().positive('validation.settings.parity'),
    ),
    parity_type: z.enum(['auto', 'fixed'], { error: 'validation.settings.parityType' }),
    default_category_commission_rate: requiredNumber('validation.settings.commissionRate').pipe(
      z.number().min(0, 'validation.settings.commissionRate').max(100, 'validation.settings.commissionRate'),
    ),
    commission_rate_type: z.literal('fixed', { error: 'validation.settings.commissionRateType' }),
    min_stock: requiredNumber('validation.settings.minStock').pipe(
      z.number().int().min(0, 'validation.settings.minStock'),
    ),
    def_stock: requiredNumber('validation.settings.defStock').pipe(
      z.number().int().min(0, 'validation.settings.defStock'),
    ),
    pricing_rules: z
      .array(pricingRuleSchema)
      .min(1, 'validation.rules.firstRule')
      .max(MAX_PRICING_RULES, 'validation.rules.tooMany'),
  })
  .superRefine((s, ctx) => {
    if (s.min_stock > s.def_stock)
      ctx.addIssue({
        code: 'custom',
        message: 'validation.settings.minStockAboveDefault',
        path: ['min_stock'],
      });
    const first = s.pricing_rules[0];
    if (
      first &&
      (first.rule_type !== 'cost' ||
        first.rate_type !== 'fixed' ||
        first.threshold_start !== FIRST_RULE_RANGE.start ||
        first.threshold_end !== FIRST_RULE_RANGE.end)
    ) {
      ctx.addIssue({ code: 'custom', message: 'validation.rules.firstRule', path: ['pricing_rules', 0] });
    }
  });
export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.output<typeof settingsSchema>;

export const INVENTORY_TITLE_MAX = 200;

export const inventoryFormSchema = z.object({
  title: requiredString('validation.inventory.title').pipe(
    z.string().max(INVENTORY_TITLE_MAX, 'validation.inventory.titleTooLong'),
  ),
  from_country: requiredString('validation.inventory.country'),
  to_country: requiredString('validation.inventory.country'),
  sell_type: z.literal('fbm', { error: 'validation.inventory.sellType' }),
  amazon_store_id: z.string().trim().max(40).optional(),
  filter_id: z.string().uuid().nullable().optional(),
  settings: settingsSchema,
});
