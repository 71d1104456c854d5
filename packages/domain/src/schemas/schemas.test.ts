import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DOMAIN_MESSAGES, englishMessage } from '../i18n';
import { PRESET_RULE_SETS } from '../pricing/presets';
import {
  changePasswordSchema,
  changeUserPasswordBody,
  loginSchema,
  setPasswordBody,
  signUpSchema,
} from './auth';
import { normaliseBannedIds, normaliseBannedTerms } from '../banned';
import { bannedContentsSchema } from './banned-contents';
import { cardBrand, cardSchema, upgradeSchema } from './billing';
import { onboardingInfoSchema, profileSchema } from './profile';
import { filterSetNameSchema } from './filter-sets';
import { checkReportRequest, reportCreationSchema } from './reports';
import { supportTicketSchema } from './support';
import { watchCreateSchema } from './watches';
import { individualRatesSchema, inventoryFormSchema, pricingRuleSchema, settingsSchema } from './settings';

/** The English texts of every issue, by field path: what a form would show. */
function errors(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (out[issue.path.join('.') || '_'] ??= []).push(englishMessage(issue.message));
  return out;
}

describe('messages', () => {
  const keys = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
  it('exist in English and Turkish alike', () => {
    expect(keys(DOMAIN_MESSAGES.tr).sort()).toEqual(keys(DOMAIN_MESSAGES.en).sort());
  });
  it('fill in parameters', () => {
    expect(englishMessage('validation.report.tooMany', { count: 1000 })).toBe(
      'Your list contains too many products. You can only send 1000 products at once.',
    );
    expect(englishMessage('no.such.key')).toBe('no.such.key');
  });
});

describe('auth schemas', () => {
  it('uses the specification messages', () => {
    expect(errors(loginSchema, {})).toEqual({
      email: ['Please input your e-mail'],
      password: ['Please input your password'],
    });
    expect(errors(loginSchema, { email: 'not-an-email', password: 'x' })).toEqual({
      email: ['Please input your e-mail'],
    });
    expect(errors(signUpSchema, { email: 'a@b.co', password: 'secret-1', confirm: '' })).toEqual({
      confirm: ['Please confirm your password'],
    });
    expect(errors(signUpSchema, { email: 'a@b.co', password: 'secret-1', confirm: 'secret-2' })).toEqual({
      confirm: ['The two passwords that you entered do not match'],
    });
    expect(
      errors(changePasswordSchema, { current_password: 'old', password: '12345', confirm: '12345' }),
    ).toEqual({
      password: ['New password must be at least 8 characters.'],
    });
    expect(
      errors(changePasswordSchema, { current_password: 'old', password: '1234567', confirm: '1234567' }),
    ).toEqual({ password: ['New password must be at least 8 characters.'] });
  });

  it('keeps a password as typed: spaces are part of it, a blank one is missing', () => {
    const parsed = changeUserPasswordBody.parse({
      current_plain_password: ' old pass ',
      new_plain_password: '  new pass  ',
    });
    expect(parsed).toEqual({ current_plain_password: ' old pass ', new_plain_password: '  new pass  ' });
    expect(errors(loginSchema, { email: 'a@b.co', password: '   ' })).toEqual({
      password: ['Please input your password'],
    });
    expect(errors(setPasswordBody, { password: '        ' })).toEqual({
      password: ['Please input your password'],
    });
  });
});

describe('onboarding and profile', () => {
  const valid = {
    first_name: 'Ayşe',
    last_name: 'Yılmaz',
    phone_number: '5551234567',
    address: 'Istiklal Cd. 1',
    country: 'TR',
    state: 'Istanbul',
    city: 'Beyoglu',
    postal_code: '34430',
    qs: { how_long: '3+', work_model: 'fbm', connection_type: 'google', which_software: 'none' },
  };

  it('accepts a complete form, second name optional', () => {
    expect(onboardingInfoSchema.safeParse(valid).success).toBe(true);
    expect(onboardingInfoSchema.parse({ ...valid, second_name: '' }).second_name).toBeUndefined();
  });

  it('refuses digits in names, short phones and addresses, and missing answers', () => {
    const bad = errors(onboardingInfoSchema, {
      ...valid,
      first_name: 'Ay5e',
      phone_number: '555-123',
      address: 'abc',
      postal_code: '12',
      qs: { ...valid.qs, work_model: undefined },
    });
    expect(bad.first_name).toEqual(['Please type your first name']);
    expect(bad.phone_number).toEqual(['Enter the number with its country code, e.g. +90 532 123 45 67']);
    expect(bad.address).toBeDefined();
    expect(bad.postal_code).toBeDefined();
    expect(bad['qs.work_model']).toEqual(['Please select your answer']);
    expect(errors(profileSchema, { ...valid, phone_number: '123456789' }).phone_number).toBeDefined();
  });
});

describe('phone numbers as people write them (issue 46)', () => {
  const valid = {
    first_name: 'Ayşe',
    last_name: 'Yılmaz',
    phone_number: '+90 532 123 45 67',
    address: 'Istiklal Cd. 1',
    country: 'TR',
    state: 'Istanbul',
    city: 'Beyoglu',
    postal_code: '34430',
  };

  it('accepts spaces, brackets, dashes, 00 and national numbers, and stores E.164', () => {
    for (const written of ['+90 532 123 45 67', '0532 123 45 67', '(0532) 123-45-67', '00 90 532 123 45 67'])
      expect(profileSchema.parse({ ...valid, phone_number: written }).phone_number, written).toBe(
        '+905321234567',
      );
    expect(
      profileSchema.parse({ ...valid, country: 'US', phone_number: '(212) 555-1234' }).phone_number,
    ).toBe('+12125551234');
    // A + number keeps its own country whatever the address's.
    expect(
      profileSchema.parse({ ...valid, country: 'US', phone_number: '+44 20 7946 0958' }).phone_number,
    ).toBe('+442079460958');
  });

  it('refuses letters, and numbers too short or long for their country, naming the field', () => {
    expect(errors(profileSchema, { ...valid, phone_number: 'call me' }).phone_number).toEqual([
      'Please type your phone number',
    ]);
    expect(errors(profileSchema, { ...valid, phone_number: '+90 532 12' }).phone_number).toEqual([
      'Enter the number with its country code, e.g. +90 532 123 45 67',
    ]);
    expect(errors(onboardingInfoSchema, { ...valid, phone_number: '532 12' }).phone_number).toBeDefined();
  });
});

describe('card form', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2027, cvc: '123' };

  it('accepts VISA and MasterCard in 4×4 groups', () => {
    expect(cardSchema(now).safeParse(card).success).toBe(true);
    expect(cardSchema(now).safeParse({ ...card, number: '5555 5555 5555 4444' }).success).toBe(true);
    expect(cardBrand('2221 0000 0000 0009')).toBe('mastercard');
    expect(cardBrand('3782 822463 10005')).toBeNull();
  });

  it('refuses other brands, bad groups, months, years out of range and 4-digit CVCs', () => {
    expect(Object.keys(errors(cardSchema(now), { ...card, number: '3714 4963 5398 4310' }))).toEqual([
      'number',
    ]);
    expect(Object.keys(errors(cardSchema(now), { ...card, number: '4242424242424242' }))).toEqual(['number']);
    expect(Object.keys(errors(cardSchema(now), { ...card, exp_month: 13 }))).toEqual(['exp_month']);
    expect(Object.keys(errors(cardSchema(now), { ...card, exp_year: 2025 }))).toEqual(['exp_year']);
    expect(Object.keys(errors(cardSchema(now), { ...card, exp_year: 2036 }))).toEqual(['exp_year']);
    expect(cardSchema(now).safeParse({ ...card, exp_year: 2035 }).success).toBe(true);
    expect(Object.keys(errors(cardSchema(now), { ...card, cvc: '1234' }))).toEqual(['cvc']);
    expect(Object.keys(errors(cardSchema(now), { ...card, exp_year: 2026, exp_month: 10 }))).toEqual([
      'exp_month',
    ]);
  });

  it('needs a plan to upgrade', () => {
    expect(errors(upgradeSchema, {})).toEqual({ price_id: ['Select a plan to upgrade'] });
  });
});

describe('banned contents', () => {
  it('normalises IDs and terms the specification way', () => {
    expect(normaliseBannedIds('b00-0000001\n\n  B000000001 \nab c')).toEqual(['B000000001', 'ABC']);
    expect(normaliseBannedTerms(' Acme \nacme\nX\n  Big  Brand ')).toEqual(['Acme', 'Big Brand']);
  });

  it('caps each region and type at 5,000', () => {
    const many = Array.from({ length: 5001 }, (_, i) => `brand ${i}`).join('\n');
    expect(errors(bannedContentsSchema, { brands: { ca: many } })).toEqual({
      'brands.ca': ['A list can hold at most 5000 entries per region'],
    });
    expect(bannedContentsSchema.parse({ pids: { us: ['b000000001'] } })).toEqual({
      pids: { us: ['B000000001'] },
      brands: {},
      keywords: {},
    });
  });
});

describe('report creation', () => {
  const limits = { sendLimit: 5, remainingQuota: 3 };
  const body = { from_country: 'us', to_country: 'ca', product_ids: 'B000000001\nB000000002' };
  const first = (input: Partial<typeof body>, l = limits) => {
    const r = checkReportRequest({ ...body, ...input }, l);
    return r.ok ? null : englishMessage(r.error.key, r.error.params);
  };

  it('checks in the specification order with its messages', () => {
    expect(first({ product_ids: '  ', to_country: 'us' })).toBe('One product per line');
    expect(first({ product_ids: 'nothing valid', to_country: 'us' })).toBe(
      'There is no valid Product ID in your list',
    );
    expect(first({ product_ids: Array.from({ length: 6 }, (_, i) => `B00000000${i}`).join('\n') })).toBe(
      'Your list contains too many products. You can only send 5 products at once.',
    );
    expect(first({ product_ids: 'B000000001\nB000000002\nB000000003\nB000000004' })).toBe(
      'Your list contains more product IDs than your remaining quota. Your daily remaining quota is: 3.',
    );
    expect(first({ to_country: 'us' })).toBe('Countries should be different.');
    expect(first({ from_country: '' })).toBe('Select country.');
    expect(first({})).toBeNull();
  });

  it('only offers buying regions to buy from', () => {
    expect(errors(reportCreationSchema, { ...body, from_country: 'ca' })).toEqual({
      from_country: ['Select country.'],
    });
  });
});

describe('settings and pricing rules', () => {
  const rule = {
    rule_type: 'cost',
    threshold_start: 0,
    threshold_end: 10,
    rate_type: 'fixed',
    min_rate: 10,
    std_rate: 20,
    max_rate: 30,
    stock: 5,
  };

  it('gives every rule message of the specification', () => {
    expect(errors(pricingRuleSchema, { ...rule, rule_type: undefined }).rule_type).toEqual([
      'Missing rule type.',
    ]);
    expect(errors(pricingRuleSchema, { ...rule, threshold_end: null }).threshold_end).toEqual([
      'Missing cost range.',
    ]);
    expect(
      errors(pricingRuleSchema, { ...rule, rule_type: 'ppr', threshold_start: '' }).threshold_start,
    ).toEqual(['Missing threshold start']);
    expect(
      errors(pricingRuleSchema, { ...rule, rule_type: 'ppr', threshold_end: null }).threshold_end,
    ).toEqual(['Missing threshold end']);
    expect(errors(pricingRuleSchema, { ...rule, rule_type: 'buybox_store' }).seller_id).toEqual([
      'Missing seller id.',
    ]);
    expect(errors(pricingRuleSchema, { ...rule, rate_type: undefined }).rate_type).toEqual([
      'Missing profit rate type.',
    ]);
    expect(errors(pricingRuleSchema, { ...rule, min_rate: '' }).min_rate).toEqual(['Enter rate.']);
    expect(errors(pricingRuleSchema, { ...rule, stock: undefined }).stock).toEqual(['Enter stock.']);
    expect(errors(pricingRuleSchema, { ...rule, min_rate: 25 })).toEqual({
      min_rate: ['Minimum rate must be lower than standard rate'],
      std_rate: ['Standard rate must be greater than minimum rate'],
    });
    expect(errors(pricingRuleSchema, { ...rule, max_rate: 20 })).toEqual({
      std_rate: ['Standard rate must be lower than maximum rate'],
      max_rate: ['Maximum rate must be greater than standard rate'],
    });
    expect(
      pricingRuleSchema.safeParse({
        ...rule,
        rate_type: 'prorated_ppr',
        min_rate: 80,
        std_rate: 0,
        max_rate: 50,
      }).success,
    ).toBe(true);
  });

  it('orders per-product custom rates and accepts digits with an optional decimal part', () => {
    expect(individualRatesSchema.parse({ min: '5', std: '10.5', max: 20 })).toEqual({
      min: 5,
      std: 10.5,
      max: 20,
    });
    expect(Object.keys(errors(individualRatesSchema, { min: '5,5', std: '10', max: '20' }))).toEqual(['min']);
    expect(errors(individualRatesSchema, { min: 10, std: 10, max: 20 }).min).toEqual([
      'Minimum rate must be lower than standard rate',
    ]);
    // Missing, negative, or too long to be a finite number: "Enter rate." on the field.
    expect(errors(individualRatesSchema, { min: 5, std: 10 })).toEqual({ max: ['Enter rate.'] });
    expect(errors(individualRatesSchema, { min: -1, std: 10, max: 20 })).toEqual({ min: ['Enter rate.'] });
    expect(errors(individualRatesSchema, { min: 1, std: 2, max: '9'.repeat(400) })).toEqual({
      max: ['Enter rate.'],
    });
  });

  const settings = {
    handling_time: 2,
    parity: 1.35,
    parity_type: 'auto',
    default_category_commission_rate: 15,
    commission_rate_type: 'fixed',
    min_stock: 1,
    def_stock: 5,
    pricing_rules: PRESET_RULE_SETS.recommended,
  };

  it('accepts both preset rule sets and enforces the general settings', () => {
    expect(settingsSchema.safeParse(settings).success).toBe(true);
    expect(
      settingsSchema.safeParse({ ...settings, pricing_rules: PRESET_RULE_SETS.cost_ladder }).success,
    ).toBe(true);
    expect(PRESET_RULE_SETS.cost_ladder).toHaveLength(13);
    expect(errors(settingsSchema, { ...settings, handling_time: 21 }).handling_time).toEqual(['Enter value']);
    expect(errors(settingsSchema, { ...settings, min_stock: 6 }).min_stock).toEqual([
      "Minimum stock can't be greater than default stock.",
    ]);
    expect(
      errors(settingsSchema, { ...settings, pricing_rules: Array(32).fill(rule) }).pricing_rules,
    ).toBeDefined();
    expect(errors(settingsSchema, { ...settings, pricing_rules: [rule] })['pricing_rules.0']).toBeDefined();
  });

  it('validates the inventory form', () => {
    expect(errors(inventoryFormSchema, { settings })).toMatchObject({
      title: ['Please input inventory name.'],
      from_country: ['Please select inventories country.'],
      sell_type: ['Please select inventory selling type.'],
    });
  });
});

describe('small forms', () => {
  it('filter set name and support ticket', () => {
    expect(errors(filterSetNameSchema, { name: ' ' })).toEqual({ name: ['Please input filter set name.'] });
    expect(errors(supportTicketSchema, {})).toEqual({
      topic: ['Select your topic.'],
      message: ['Explain your problem.'],
    });
  });
});

describe('a watch', () => {
  const watch = { marketplace: 'ca', asin: 'B000000001', condition: 'price_at_or_below' };
  it('names the threshold it needs, and says its bounds in words', () => {
    expect(errors(watchCreateSchema, watch)).toEqual({ threshold: ['Enter a price above zero.'] });
    expect(errors(watchCreateSchema, { ...watch, threshold: 0 })).toEqual({
      threshold: ['Enter a price above zero.'],
    });
    expect(errors(watchCreateSchema, { ...watch, threshold: 2e7 })).toEqual({
      threshold: ['Enter a threshold of at most 10,000,000.'],
    });
    expect(errors(watchCreateSchema, { ...watch, threshold: 12.5 })).toEqual({});
  });
});
