import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import {
  CONNECTION_TYPE_OPTIONS,
  HOW_LONG_OPTIONS,
  WHICH_SOFTWARE_OPTIONS,
  WORK_MODEL_OPTIONS,
} from '../options';
import { NO_DIGITS, requiredString } from './common';

const name = (key: string) => requiredString(key).pipe(z.string().max(100).regex(NO_DIGITS, key));
const answer = <T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options, { error: 'validation.qs.required' });

/** What people write in a phone number: digits, an optional leading +, spaces, dots, dashes, brackets. */
const PHONE_CHARS = /^\+?[0-9\s().\-/]+$/;

export const phoneField = requiredString('validation.phone.required').pipe(
  z
    .string()
    .regex(PHONE_CHARS, { message: 'validation.phone.required', abort: true })
    .refine((v) => v.replace(/\D/g, '').length <= 20, 'validation.phone.max'),
);

/**
 * A phone number as written ("+90 532 123 45 67", "0532 123 45 67" with Turkey chosen, "00 90 …") in
 * E.164 ("+905321234567"); null when it cannot be a number of that country (or of none, without a +).
 * "Possible" (the length for its country) rather than "valid": numbering plans move faster than the
 * library's metadata, and a seller's real number must never be refused.
 */
export function phoneToE164(raw: string, country?: string | null): string | null {
  const text = raw.trim().replace(/^00/, '+');
  const code = country?.trim().toUpperCase();
  const defaultCountry = code && isSupportedCountry(code) ? (code as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(text, defaultCountry ? { defaultCountry } : undefined);
  return parsed?.isPossible() ? parsed.number : null;
}

/** The form's phone number, read with the form's country, stored in E.164 (issue 46). */
const withE164 = <T extends z.ZodType<{ phone_number: string; country: string }>>(schema: T) =>
  schema
    .refine(
      (v) => {
        const raw: unknown = v?.phone_number;
        // A missing or badly written number already has the field's own message.
        if (typeof raw !== 'string' || !PHONE_CHARS.test(raw.trim())) return true;
        const country: unknown = v.country;
        return phoneToE164(raw, typeof country === 'string' ? country : null) !== null;
      },
      {
        path: ['phone_number'],
        message: 'validation.phone.invalid',
        // Checked even while other fields are wrong, so the form says it with the rest on submit.
        when: () => true,
      },
    )
    .transform((v) => ({ ...v, phone_number: phoneToE164(v.phone_number, v.country) ?? v.phone_number }));

const addressFields = {
  first_name: name('validation.firstName.required'),
  second_name: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(100).regex(NO_DIGITS, 'validation.secondName.noDigits').optional(),
  ),
  last_name: name('validation.lastName.required'),
  phone_number: phoneField,
  address: requiredString('validation.address.required').pipe(
    z.string().min(5, 'validation.address.min').max(300),
  ),
  country: requiredString('validation.country.required').pipe(z.string().max(100)),
  state: requiredString('validation.state.required').pipe(z.string().max(100)),
  city: requiredString('validation.city.required').pipe(z.string().max(100)),
  postal_code: requiredString('validation.postalCode.required').pipe(
    z.string().min(3, 'validation.postalCode.min').max(20),
  ),
};

/** Profile settings: the personal fields. */
export const profileSchema = withE164(z.object(addressFields));
export type ProfileInput = z.infer<typeof profileSchema>;

/** Onboarding Info step: the profile plus the questionnaire. */
export const onboardingInfoSchema = withE164(
  z.object({
    ...addressFields,
    qs: z.object({
      how_long: answer(HOW_LONG_OPTIONS),
      work_model: answer(WORK_MODEL_OPTIONS),
      connection_type: answer(CONNECTION_TYPE_OPTIONS),
      which_software: answer(WHICH_SOFTWARE_OPTIONS),
    }),
  }),
);
export type OnboardingInfoInput = z.infer<typeof onboardingInfoSchema>;

export const commLangSchema = z.object({
  comm_lang: z.enum(['en', 'tr'], { error: 'validation.commLang.required' }),
});
