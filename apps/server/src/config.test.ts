import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'dotenv';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig, parseEncryptionKey } from './config';

describe('loadConfig', () => {
  it('fills every default for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      MARKETPLACE_PROVIDER: 'sandbox',
      PAYMENTS_PROVIDER: 'sandbox',
      MAIL_TRANSPORT: 'outbox',
      RATES_SOURCE: 'ecb',
      APP_URL: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it('names the variable and the bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', PAYMENTS_PROVIDER: 'paypal', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const issues = (error as ConfigError).issues.join('\n');
      expect(issues).toMatch(/^PORT: .*\(got "abc"\)/m);
      expect(issues).toMatch(/^PAYMENTS_PROVIDER: .*\(got "paypal"\)/m);
      expect(issues).toMatch(/^DATABASE_URL: must be a postgres:\/\//m);
    }
  });

  it('refuses a short SESSION_SECRET and a port out of range', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('never repeats a secret value or a URL that may carry a password', () => {
    const secrets = {
      SESSION_SECRET: 'short-but-secret',
      DATABASE_URL: 'mysql://admin:hunter2@db',
      SMTP_URL: 'http://mailer:pa55word@host',
      STRIPE_SECRET_KEY: '',
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    try {
      loadConfig(secrets);
      expect.unreachable('the configuration is invalid');
    } catch (error) {
      const text = (error as ConfigError).message;
      expect(text).toMatch(/SESSION_SECRET: must be at least 32 characters/);
      expect(text).toMatch(/DATABASE_URL:/);
      expect(text).toMatch(/SMTP_URL:/);
      for (const value of ['short-but-secret', 'hunter2', 'pa55word']) expect(text).not.toContain(value);
    }
  });

  it('refuses the sandbox payments and the mail outbox in production unless DEMO=true', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/PAYMENTS_PROVIDER: is the sandbox engine/);
    expect(() => loadConfig(production)).toThrow(/MAIL_TRANSPORT: keeps mails in the database/);
    expect(() => loadConfig({ ...production, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://h:25' })).toThrow(
      /PAYMENTS_PROVIDER/,
    );
    const demo = loadConfig({ ...production, DEMO: 'true' });
    expect(demo).toMatchObject({ DEMO: true, PAYMENTS_PROVIDER: 'sandbox', MAIL_TRANSPORT: 'outbox' });
    expect(loadConfig({}).DEMO).toBe(false);
  });

  it('needs SMTP_URL for the smtp transport', () => {
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: is required when MAIL_TRANSPORT=smtp/,
    );
    expect(loadConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://localhost:2525' }).SMTP_URL).toBe(
      'smtp://localhost:2525',
    );
  });

  it('reads TRUST_PROXY as a list of proxy addresses, CIDRs or named ranges; unset trusts nothing', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,::1,loopback,' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it.each([
    ['true', /TRUST_PROXY: must list the proxies themselves/],
    ['*', /not true, \* or a hop count/],
    ['1', /not true, \* or a hop count/],
    ['127.0.0.1,2', /hop count.*\(got "127\.0\.0\.1,2"\)/],
    ['proxy.internal', /"proxy\.internal" is not an IP address or CIDR/],
    ['10.0.0.0/8/1', /is not an IP address or CIDR/],
    ['0.0.0.0/0', /"0\.0\.0\.0\/0" has an invalid prefix length/],
    ['::/0', /invalid prefix length/],
    ['10.0.0.0/33', /invalid prefix length/],
    ['10.0.0.0/255.0.0.0', /invalid prefix length/],
  ])('refuses TRUST_PROXY=%s, which would trust clients or name no proxy', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });

  it('reads TOKEN_ENCRYPTION_KEY as 32 bytes in hex or base64, and never repeats a bad one', () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    const base64url = Buffer.alloc(32, 250).toString('base64url');
    for (const key of [hex, base64, base64url]) {
      expect(parseEncryptionKey(key)).toHaveLength(32);
      expect(loadConfig({ TOKEN_ENCRYPTION_KEY: key }).TOKEN_ENCRYPTION_KEY).toBe(key);
    }
    expect(loadConfig({}).TOKEN_ENCRYPTION_KEY).toBeUndefined();
    for (const bad of [
      'short-secret-value',
      'ab'.repeat(31),
      Buffer.alloc(16).toString('base64'),
      'zz'.repeat(32),
    ]) {
      expect(parseEncryptionKey(bad)).toBeNull();
      try {
        loadConfig({ TOKEN_ENCRYPTION_KEY: bad });
        expect.unreachable(`${bad} is not a key`);
      } catch (error) {
        const text = (error as ConfigError).message;
        expect(text).toMatch(/TOKEN_ENCRYPTION_KEY: must be 32 random bytes as 64 hex characters or base64/);
        expect(text).not.toContain(bad);
      }
    }
  });

  it('reads TOKEN_ENCRYPTION_OLD_KEYS as a comma-separated list, naming a bad entry by position', () => {
    const [a, b] = ['cd'.repeat(32), Buffer.alloc(32, 1).toString('base64')];
    expect(loadConfig({ TOKEN_ENCRYPTION_OLD_KEYS: ` ${a}, ${b} ,` }).TOKEN_ENCRYPTION_OLD_KEYS).toEqual([
      a,
      b,
    ]);
    expect(loadConfig({ TOKEN_ENCRYPTION_OLD_KEYS: '' }).TOKEN_ENCRYPTION_OLD_KEYS).toBeUndefined();
    expect(() => loadConfig({ TOKEN_ENCRYPTION_OLD_KEYS: `${a},not-a-key` })).toThrow(
      /TOKEN_ENCRYPTION_OLD_KEYS: key 2 must be 32 random bytes/,
    );
  });

  it('checks the SP-API application settings', () => {
    expect(loadConfig({}).SPAPI_APP_DRAFT).toBe(false);
    const app = loadConfig({ SPAPI_APP_ID: 'amzn1.sp.solution.0a1b2c3d', SPAPI_APP_DRAFT: 'true' });
    expect(app).toMatchObject({ SPAPI_APP_ID: 'amzn1.sp.solution.0a1b2c3d', SPAPI_APP_DRAFT: true });
    expect(() => loadConfig({ SPAPI_APP_ID: 'my-app' })).toThrow(
      /SPAPI_APP_ID: must be the SP-API application id/,
    );
    expect(() => loadConfig({ SPAPI_APP_DRAFT: 'yes' })).toThrow(/SPAPI_APP_DRAFT: must be true or false/);
    expect(() => loadConfig({ SELLER_CENTRAL_URL: 'ftp://x' })).toThrow(/SELLER_CENTRAL_URL/);
  });

  it('reads SANDBOX_DAY as a UTC day, naming a bad one', () => {
    expect(loadConfig({ SANDBOX_DAY: '2026-11-29' }).SANDBOX_DAY).toBe('2026-11-29');
    expect(loadConfig({}).SANDBOX_DAY).toBeUndefined();
    expect(() => loadConfig({ SANDBOX_DAY: 'tomorrow' })).toThrow(/SANDBOX_DAY: must be a date, YYYY-MM-DD/);
    expect(() => loadConfig({ SANDBOX_DAY: '2026-13-45' })).toThrow(/SANDBOX_DAY: must be a real date/);
  });

  it('derives APP_URL from PORT unless given', () => {
    expect(loadConfig({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
    expect(loadConfig({ APP_URL: 'https://app.example.com' }).APP_URL).toBe('https://app.example.com');
  });
});

describe('.env.example', () => {
  const example = parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../.env.example')));

  it('documents every variable the program reads, and no other', () => {
    expect(Object.keys(example).sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('is itself a valid configuration', () => {
    expect(() => loadConfig(example)).not.toThrow();
  });
});
