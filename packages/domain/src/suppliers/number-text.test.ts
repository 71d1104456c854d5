import { describe, expect, it } from 'vitest';
import { readNumberText } from './number-text';

describe('readNumberText', () => {
  it.each([
    ['12', 12],
    ['12.50', 12.5],
    ['12,50', 12.5],
    ['$12.50', 12.5],
    ['£ 3.99', 3.99],
    ['12.50 EUR', 12.5],
    ['USD 7', 7],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['1,234,567', 1234567],
    ['0.125', 0.125],
    ['0,125', 0.125],
  ])('reads %s', (text, value) => {
    expect(readNumberText(text)).toEqual({ ok: true, value });
  });

  it('calls a lone separator before three digits ambiguous', () => {
    expect(readNumberText('1,250')).toEqual({ ok: false, problem: 'ambiguous' });
    expect(readNumberText('1.250')).toEqual({ ok: false, problem: 'ambiguous' });
  });

  it.each(['', 'N/A', '12 pcs', '-5', '1,2,3', 'abc', '1.234.56,7,8', '12..5'])('refuses %j', (text) => {
    expect(readNumberText(text)).toMatchObject({ ok: false, problem: 'not_number' });
  });
});
