import { z } from 'zod';

// Every message is an i18n key (packages/domain/src/i18n); the English text is the specification's.

/** A required text field: missing, not a string or blank all give the same message. */
export const requiredString = (key: string) => z.string({ error: key }).trim().min(1, key);

/** A required number; form inputs may send numeric strings, which are accepted. */
export const requiredNumber = (key: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z.number({ error: key }).finite(key),
  );

export const emailField = requiredString('validation.email.required').pipe(
  z.email('validation.email.required'),
);

export const NO_DIGITS = /^[^0-9]*$/;
export const DIGITS_ONLY = /^[0-9]+$/;
