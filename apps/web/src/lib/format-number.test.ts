import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from './format-number';

describe('formatNumber and formatMoney', () => {
  it('write what Intl.NumberFormat writes, in English and Turkish', () => {
    for (const lang of ['en', 'tr']) {
      for (const value of [0, 7, 1234.5, 1_234_567.891, -42.125]) {
        expect(formatNumber(value, lang)).toBe(new Intl.NumberFormat(lang).format(value));
        const one = { maximumFractionDigits: 1 };
        expect(formatNumber(value, lang, one)).toBe(new Intl.NumberFormat(lang, one).format(value));
        for (const currency of ['USD', 'CAD', 'AED']) {
          expect(formatMoney(value, currency, lang)).toBe(
            new Intl.NumberFormat(lang, { style: 'currency', currency }).format(value),
          );
        }
      }
    }
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'tr')).toBe('1.234,5');
    expect(formatMoney(12.5, 'USD', 'en')).toBe('$12.50');
  });

  it('builds one formatter per language and options, and keeps it', () => {
    const Real = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built += 1;
      }
    } as typeof Real;
    // Languages, options and a currency the app never asks for: the web project shares its modules
    // between files (vitest.config.ts), so formatters other files built are already kept.
    try {
      formatNumber(1, 'de', { maximumFractionDigits: 7 });
      formatNumber(2, 'de', { maximumFractionDigits: 7 });
      formatNumber(3, 'fi', { maximumFractionDigits: 7 });
      formatMoney(4, 'XAF', 'de');
      formatMoney(5, 'XAF', 'de');
    } finally {
      Intl.NumberFormat = Real;
    }
    expect(built).toBe(3);
  });
});
