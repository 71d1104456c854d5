import { describe, expect, it } from 'vitest';
import { configWarnings, isPublicUrl } from './config-warnings';

type Input = Parameters<typeof configWarnings>[0];

const base: Input = {
  APP_URL: 'http://localhost:3000',
  MAIL_TRANSPORT: 'outbox',
  PAYMENTS_PROVIDER: 'sandbox',
  MARKETPLACE_PROVIDER: 'sandbox',
  ADMIN_EMAILS: ['ops@example.com'],
  SESSION_SECRET: undefined,
  NODE_ENV: 'development',
};

describe('configuration warnings', () => {
  it('says nothing of a developer machine with an operator named', () => {
    expect(configWarnings({ ...base, ADMIN_EMAILS: ['ops@example.com'] })).toEqual([]);
    expect(configWarnings({ ...base, APP_URL: 'http://127.0.0.1:3000' })).toEqual([]);
  });

  it('warns of the outbox, sandboxes, plain http and a generated secret in a public deployment', () => {
    expect(configWarnings({ ...base, APP_URL: 'http://demo.crossmarket.app' })).toEqual([
      'outbox_public',
      'sandbox_payments_public',
      'sandbox_marketplace_public',
      'plain_http_public',
      'no_session_secret',
    ]);
  });

  it('has nothing to say of a real public deployment', () => {
    expect(
      configWarnings({
        ...base,
        APP_URL: 'https://app.crossmarket.app',
        MAIL_TRANSPORT: 'smtp',
        PAYMENTS_PROVIDER: 'stripe',
        MARKETPLACE_PROVIDER: 'spapi',
        SESSION_SECRET: 'x'.repeat(32),
        NODE_ENV: 'production',
      }),
    ).toEqual([]);
  });

  it('warns when no ADMIN_EMAILS names an operator', () => {
    expect(configWarnings({ ...base, ADMIN_EMAILS: [] })).toEqual(['no_admin_emails']);
  });

  it('tells local hosts from public ones', () => {
    expect(isPublicUrl('http://localhost:3000')).toBe(false);
    expect(isPublicUrl('http://[::1]:3000')).toBe(false);
    expect(isPublicUrl('http://app.localhost')).toBe(false);
    expect(isPublicUrl('https://crossmarket.example.com')).toBe(true);
    expect(isPublicUrl('not a url')).toBe(false);
  });
});
