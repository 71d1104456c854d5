import { z } from 'zod';
import { emailField, requiredString } from './common';

export const PASSWORD_MIN = 8;
/**
 * A password as typed: never trimmed (a space is part of it), only refused when empty or blank. The server
 * also refuses the common passwords of a list too large for the browser (`validation.password.common`).
 */
const passwordField = (key: string) =>
  z
    .string({ error: key })
    .min(1, key)
    .refine((v) => v.trim() !== '', key);
const newPassword = passwordField('validation.password.required').pipe(
  z.string().min(PASSWORD_MIN, 'validation.password.min'),
);
const confirmation = requiredString('validation.password.confirmRequired');
/** Only compares once both are filled in; an empty confirmation has its own message. */
const mustMatch = <T extends { password: string; confirm: string }>(v: T) =>
  !v.password || !v.confirm || v.password === v.confirm;

export const loginSchema = z.object({
  email: emailField,
  password: passwordField('validation.password.required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpSchema = z
  .object({ email: emailField, password: newPassword, confirm: confirmation })
  .refine(mustMatch, { message: 'validation.password.mismatch', path: ['confirm'] });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const magicLinkSchema = z.object({ email: emailField });
export const resetPasswordRequestSchema = z.object({ email: emailField });

/** The reset modal after a recovery link, and /api/set-password. */
export const setPasswordSchema = z
  .object({ password: newPassword, confirm: confirmation })
  .refine(mustMatch, { message: 'validation.password.mismatch', path: ['confirm'] });

export const changePasswordSchema = z
  .object({
    current_password: passwordField('validation.password.currentRequired'),
    password: newPassword,
    confirm: confirmation,
  })
  .refine(mustMatch, { message: 'validation.password.mismatch', path: ['confirm'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/change-user-password (the specification's RPC field names); the form above maps onto it. */
export const changeUserPasswordBody = z.object({
  current_plain_password: passwordField('validation.password.currentRequired'),
  new_plain_password: newPassword,
});

/** POST /api/set-password: a new password for the signed-in user (after a recovery link). */
export const setPasswordBody = z.object({ password: newPassword });
