import { decodeFilters, encodeFilters } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import {
  approximateBytes,
  ByteLru,
  FilterCache,
  MatchedIds,
  viewBytes,
} from '../src/features/analysis/filter-cache';
import { decodedFilters, decodeRequestFilters } from '../src/features/analysis/filter-report';

// The kept views' cache and the decoded filter strings' cache on their own: byte budgets, keys, pages.
// What a kept view answers over a real report is filter-cache.test.ts.

describe('FilterCache', () => {
  const report = (v = 0) => ({ id: 'r', resultsVersion: v });
  const sort = { sort_key: 'ppr', sort_direction: 'desc' };

  const ids = (...list: string[]) => new MatchedIds(list.join(','), list.length);
  const all = (m: MatchedIds | undefined) => m?.all();

  it('forgets the least recently used views once it holds more bytes than allowed', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((f) => FilterCache.key(report(), f, sort)) as [
      string,
      string,
      string,
    ];
    // Room for two views of two IDs, not three.
    const two = viewBytes(a, ids('1', '2'));
    const cache = new FilterCache(2 * two + two / 2);
    cache.set(a, ids('1', '2'));
    cache.set(b, ids('3', '4'));
    expect(all(cache.get(a))).toEqual(['1', '2']); // now the most recent
    cache.set(c, ids('5', '6'));
    expect(cache.get(b)).toBeUndefined();
    expect(all(cache.get(a))).toEqual(['1', '2']);
    expect(all(cache.get(c))).toEqual(['5', '6']);
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(2 * two);
    cache.set(a, ids('7'));
    expect(cache.size).toBe(3);
    const many = ids(...Array.from({ length: 20 }, (_, i) => String(i)));
    expect(viewBytes(b, many)).toBeGreaterThan(2 * two + two / 2);
    cache.set(b, many); // larger than the whole cache: not kept
    expect(cache.get(b)).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('counts what a view costs besides its IDs, so views that matched nothing cannot pile up', () => {
    const budget = 1024 * 1024;
    const cache = new FilterCache(budget);
    // 1,000 distinct filter strings of 10,000 characters over one report, none matching a product.
    for (let i = 0; i < 1000; i++) {
      cache.set(FilterCache.key(report(), `${i}-${'x'.repeat(10_000)}`, sort), ids());
    }
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    expect(cache.count).toBeLessThan(1000);
    expect(cache.count).toBeGreaterThan(50);
    // The most recent views are the ones kept.
    expect(cache.get(FilterCache.key(report(), `999-${'x'.repeat(10_000)}`, sort))).toBeDefined();
    expect(cache.get(FilterCache.key(report(), `0-${'x'.repeat(10_000)}`, sort))).toBeUndefined();
  });

  it('counts the IDs of a view and the array a page read splits them into', () => {
    const list = Array.from({ length: 1000 }, (_, i) => `B${String(i).padStart(9, '0')}`);
    const key = FilterCache.key(report(), 'f', sort);
    expect(viewBytes(key, ids(...list))).toBeGreaterThan(list.join(',').length + 40 * list.length);
  });

  it('reads pages and the JSON list out of the joined IDs', () => {
    const m = ids('B000000001', 'B000000002', 'B000000003');
    expect(m.slice(1, 5)).toEqual(['B000000002', 'B000000003']);
    expect(JSON.parse(m.json())).toEqual(['B000000001', 'B000000002', 'B000000003']);
    expect(ids().json()).toBe('[]');
    expect(ids().slice(0, 20)).toEqual([]);
  });

  it('keys by report version, sort and filters', () => {
    const keys = new Set([
      FilterCache.key(report(0), 'f', sort),
      FilterCache.key(report(1), 'f', sort),
      FilterCache.key(report(0), 'g', sort),
      FilterCache.key(report(0), 'f', { ...sort, sort_direction: 'asc' }),
      FilterCache.key(report(0), 'f', { ...sort, sort_key: 'cost' }),
    ]);
    expect(keys.size).toBe(5);
  });
});

describe('decoded filter strings', () => {
  it('are kept within a byte budget, however large each one decodes', () => {
    // Strings near the inflated limit (64 kB), each ~125 kB once decoded: the old cache kept 1,000 of them.
    const strings = Array.from({ length: 100 }, (_, i) =>
      encodeFilters([
        {
          id: 'to_title_keywords',
          value: {
            include: Array.from({ length: 200 }, (_, j) => `${'a'.repeat(290)}${i}-${j}`),
            exclude: [],
          },
        },
      ]),
    );
    for (const encoded of strings) decodeRequestFilters(encoded);
    expect(decodedFilters.bytes).toBeLessThanOrEqual(decodedFilters.maxBytes);
    expect(decodedFilters.count).toBeLessThan(strings.length);
    expect(decodedFilters.has(strings.at(-1)!)).toBe(true);
    expect(decodedFilters.has(strings[0]!)).toBe(false);
    expect(decodeRequestFilters(strings[0]!)).toEqual(decodeFilters(strings[0]!));
  });

  it('estimate two bytes a character, a slot per item and object headers', () => {
    const value = { include: ['abc', 'de'], exclude: [] };
    expect(approximateBytes(value)).toBeGreaterThanOrEqual(2 * 5 + 3 * 8);
    const lru = new ByteLru<string>(100);
    lru.set('a', 'x', 60);
    lru.set('b', 'y', 60); // over the budget together: the older one goes
    expect([lru.has('a'), lru.has('b'), lru.bytes]).toEqual([false, true, 60]);
    lru.set('c', 'z', 101); // larger than the budget: never kept
    expect([lru.has('c'), lru.count]).toEqual([false, 1]);
  });
});
