import { z } from 'zod';
import {
  CONNECTION_TYPE_OPTIONS,
  HOW_LONG_OPTIONS,
  WHICH_SOFTWARE_OPTIONS,
  WORK_MODEL_OPTIONS,
} from '../options';
import { DIGITS_ONLY, NO_DIGITS, requiredString } from './common';

const name = (key: string) => requiredString(key).pipe(z.string().max(100).regex(NO_DIGITS, key));
const answer = <T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options, { error: 'validation.qs.required' });

export const phoneField = requiredString('validation.phone.required').pipe(
  z
    .string()
    .regex(DIGITS_ONLY, { message: 'validation.phone.required', abort: true })
    .min(10, 'validation.phone.min')
    .max(20, 'validation.phone.max'),
);

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
export const profileSchema = z.object(addressFields);
export type ProfileInput = z.infer<typeof profileSchema>;

/** Onboarding Info step: the profile plus the questionnaire. */
export const onboardingInfoSchema = z.object({
  ...addressFields,
  qs: z.object({
    how_long: answer(HOW_LONG_OPTIONS),
    work_model: answer(WORK_MODEL_OPTIONS),
    connection_type: answer(CONNECTION_TYPE_OPTIONS),
    which_software: answer(WHICH_SOFTWARE_OPTIONS),
  }),
});
export type OnboardingInfoInput = z.infer<typeof onboardingInfoSchema>;

export const commLangSchema = z.object({
  comm_lang: z.enum(['en', 'tr'], { error: 'validation.commLang.required' }),
});
