import { generateSku } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { skuFor } from './sku';

describe('skuFor', () => {
  it('gives the domain generateSku for every user and product, non-ASCII ids included', () => {
    const users = ['u1', 'a0f3c2d1-user', 'kullanıcı-ğüşiöç', ''];
    for (const user of users) {
      for (let i = 0; i < 250; i++) {
        const product = `B${String(i * 7919).padStart(9, '0')}`;
        expect(skuFor(user, product)).toBe(generateSku(user, product));
      }
    }
    expect(skuFor('u1', 'B000000001')).toMatch(/^SS-[0-9A-F]{16}$/);
  });
});
