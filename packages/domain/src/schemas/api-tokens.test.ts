import { describe, expect, it } from 'vitest';
import { apiTokenCreateSchema, apiTokenCreateWithPasswordSchema } from './api-tokens';

const issues = (body: unknown) =>
  apiTokenCreateSchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('apiTokenCreateSchema', () => {
  it('takes a trimmed name and an optional lifetime of a day to a year, or none', () => {
    expect(apiTokenCreateSchema.parse({ name: '  CI  ' })).toEqual({ name: 'CI' });
    expect(apiTokenCreateSchema.parse({ name: 'CI', expiresIn: null })).toEqual({
      name: 'CI',
      expiresIn: null,
    });
    expect(apiTokenCreateSchema.parse({ name: 'CI', expiresIn: 86_400 }).expiresIn).toBe(86_400);
    expect(apiTokenCreateSchema.parse({ name: 'CI', expiresIn: 365 * 86_400 }).expiresIn).toBe(365 * 86_400);
  });

  it('refuses a blank or long name and a lifetime outside a day to a year', () => {
    expect(issues({})).toEqual(['name: validation.apiToken.name']);
    expect(issues({ name: '   ' })).toEqual(['name: validation.apiToken.name']);
    expect(issues({ name: 'x'.repeat(51) })).toEqual(['name: validation.apiToken.nameTooLong']);
    for (const expiresIn of [3600, 366 * 86_400, 86_400.5, '30']) {
      expect(issues({ name: 'CI', expiresIn })).toEqual(['expiresIn: validation.apiToken.expiry']);
    }
  });

  it('takes the password as typed when sent, and needs it once the server asked for it', () => {
    expect(apiTokenCreateSchema.parse({ name: 'CI', password: ' pass word ' }).password).toBe(' pass word ');
    expect(issues({ name: 'CI', password: '' })).toEqual(['password: validation.password.required']);
    const asked = (body: unknown) =>
      apiTokenCreateWithPasswordSchema.safeParse(body).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(asked({ name: 'CI' })).toEqual(['password']);
    expect(asked({ name: 'CI', password: 'secret-123' })).toEqual([]);
  });
});
