import { FILTERS, FILTERS_BY_ID } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { foldForSearch, searchableTexts, searchWords, showsCard } from './filter-search';

const found = (query: string, lng: 'en' | 'tr', drafts = {}, activeOnly = false) => {
  const t = i18n.getFixedT(lng);
  const texts = searchableTexts(FILTERS, (key) => t(key), lng);
  const words = searchWords(query, lng);
  return FILTERS.filter((def) => showsCard(def, texts, drafts, { words, activeOnly })).map((d) => d.id);
};

describe('filter search', () => {
  it('lower-cases Turkish by its own rules, and forgives a missing dot or accent', async () => {
    expect(foldForSearch('SIRALAMA', 'tr')).toBe('siralama');
    expect(foldForSearch('İADE', 'tr')).toBe('iade');
    expect(foldForSearch('Satış Sıralaması', 'tr')).toBe('satis siralamasi');
    // In English "I" lower-cases to "i" as it should, and "İ" without a leftover dot.
    expect(foldForSearch('İstanbul', 'en')).toBe('istanbul');
  });

  it('finds Turkish titles typed in capitals or without Turkish letters, in both columns', async () => {
    await changeLanguage('tr');
    for (const query of ['SIRALAMASI', 'sıralaması', 'siralamasi']) {
      const ids = found(query, 'tr');
      expect(ids, query).toContain('cross_sales_rank_main');
      expect(ids, query).toContain('to_sales_rank_main');
      expect(ids, query).not.toContain('to_brand');
    }
    await changeLanguage('en');
  });

  it('searches the hint too, and needs every word', () => {
    const hinted = FILTERS.find((d) => d.hintKey && d.group === 'to')!;
    const hintWord = i18n.getFixedT('en')(hinted.hintKey!).split(/\s+/).at(-1)!.replace(/\W/g, '');
    expect(found(hintWord, 'en')).toContain(hinted.id);
    expect(found('buy price', 'en')).toEqual(
      expect.arrayContaining(['cross_buy_price', 'to_buy_price', 'cross_buybox_price']),
    );
    expect(found('buy price coupon', 'en')).toEqual([]);
    expect(found('   ', 'en')).toHaveLength(FILTERS.length);
  });

  it('shows only switched-on cards when asked', () => {
    const drafts = {
      to_brand: { enabled: true, value: {} },
      cross_brand: { enabled: false, value: {} },
    };
    expect(found('', 'en', drafts, true)).toEqual(['to_brand']);
    expect(found('brand', 'en', drafts, false)).toEqual(expect.arrayContaining(['to_brand', 'cross_brand']));
    expect(FILTERS_BY_ID.has('to_brand')).toBe(true);
  });
});
