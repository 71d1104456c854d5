import {
  encodeFilters,
  filtersRequestSchema,
  RESULT_PAGE_SIZES,
  SORT_DIRECTIONS,
  SORT_KEYS,
} from '@crossmarket/domain';
import { activeFiltersArbitrary } from '@crossmarket/domain/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, readView, SORT_OPTIONS, sortFields, writeView, type ReportView } from './view-state';

/** What the address bar carries after a view is written (and what a pasted link gives back). */
const throughUrl = (view: ReportView, base?: URLSearchParams) =>
  readView(new URLSearchParams(writeView(view, base).toString()));

const viewArbitrary: fc.Arbitrary<ReportView> = fc.record({
  f: fc.oneof(fc.constant(''), activeFiltersArbitrary(6).map(encodeFilters)),
  sort: fc.constantFrom(...SORT_OPTIONS),
  page: fc.integer({ min: 1, max: 100_000 }),
  size: fc.constantFrom(...RESULT_PAGE_SIZES),
});

describe('readView / writeView', () => {
  it('gives the default view for a plain link, and writes nothing for it', () => {
    expect(readView(new URLSearchParams())).toEqual(DEFAULT_VIEW);
    expect(writeView(DEFAULT_VIEW).toString()).toBe('');
  });

  it.each(SORT_OPTIONS)('round-trips the sort option %s', (sort) => {
    const view = { ...DEFAULT_VIEW, sort };
    expect(throughUrl(view)).toEqual(view);
    expect(writeView(view).get('sort')).toBe(sort === DEFAULT_VIEW.sort ? null : sort);
  });

  it.each(RESULT_PAGE_SIZES)('round-trips the page size %i', (size) => {
    const view = { ...DEFAULT_VIEW, size, page: 3 };
    expect(throughUrl(view)).toEqual(view);
    expect(writeView(view).get('size')).toBe(size === DEFAULT_VIEW.size ? null : String(size));
  });

  it('round-trips any view, including real encoded filter strings', () => {
    fc.assert(
      fc.property(viewArbitrary, (view) => {
        expect(throughUrl(view)).toEqual(view);
      }),
      { numRuns: 150 },
    );
  });

  it('leaves every default out of the URL, and only the defaults', () => {
    fc.assert(
      fc.property(viewArbitrary, (view) => {
        const params = writeView(view);
        for (const key of ['f', 'sort', 'page', 'size'] as const) {
          const isDefault = view[key] === DEFAULT_VIEW[key];
          expect(params.has(key)).toBe(!isDefault);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('removes a parameter that goes back to its default', () => {
    const base = new URLSearchParams('f=abc&sort=cost-desc&page=4&size=50');
    expect(writeView(DEFAULT_VIEW, base).toString()).toBe('');
  });

  it('keeps parameters that are not the view (debug=1) and does not change the base', () => {
    const base = new URLSearchParams('debug=1&sort=ppr-asc');
    const params = writeView({ ...DEFAULT_VIEW, page: 2 }, base);
    expect(params.get('debug')).toBe('1');
    expect(params.has('sort')).toBe(false);
    expect(params.get('page')).toBe('2');
    expect(base.toString()).toBe('debug=1&sort=ppr-asc');
    expect(readView(params)).toEqual({ ...DEFAULT_VIEW, page: 2 });
  });

  it('keeps the filter string exactly, characters URL encoding would touch included', () => {
    fc.assert(
      fc.property(activeFiltersArbitrary(10), (filters) => {
        const f = encodeFilters(filters);
        const url = writeView({ ...DEFAULT_VIEW, f }).toString();
        expect(new URLSearchParams(url).get('f')).toBe(f);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ['sort', 'bogus'],
    ['sort', 'product_id'],
    ['sort', 'ppr-up'],
    ['sort', ''],
    ['page', '0'],
    ['page', '-3'],
    ['page', '1.5'],
    ['page', 'two'],
    ['page', ''],
    ['page', 'Infinity'],
    ['page', '9007199254740993'],
    ['size', '7'],
    ['size', '1000'],
    ['size', 'all'],
    ['size', ''],
    ['size', '-20'],
  ] as const)('falls back to the default for %s=%s', (name, value) => {
    const view = readView(new URLSearchParams({ [name]: value, debug: '1' }));
    expect(view).toEqual(DEFAULT_VIEW);
  });

  it('keeps the valid parameters when another one is garbage', () => {
    const view = readView(new URLSearchParams('sort=cost-desc&page=zero&size=50'));
    expect(view).toEqual({ ...DEFAULT_VIEW, sort: 'cost-desc', size: 50 });
  });
});

describe('sortFields', () => {
  it.each([
    ['$natural-desc', '$natural', 'desc'],
    ['product_id-asc', 'product_id', 'asc'],
    ['ppr-asc', 'ppr', 'asc'],
    ['ppr-desc', 'ppr', 'desc'],
    ['cost-asc', 'cost', 'asc'],
    ['cost-desc', 'cost', 'desc'],
  ] as const)('splits %s into %s and %s', (option, key, direction) => {
    expect(sortFields(option)).toEqual({ sort_key: key, sort_direction: direction });
  });

  it('gives, for every option, fields the filters request accepts', () => {
    for (const option of SORT_OPTIONS) {
      const fields = sortFields(option);
      expect(SORT_KEYS).toContain(fields.sort_key);
      expect(SORT_DIRECTIONS).toContain(fields.sort_direction);
      const request = filtersRequestSchema.safeParse({
        report_id: '00000000-0000-4000-8000-000000000000',
        ...fields,
      });
      expect(request.success).toBe(true);
      expect(request.data).toMatchObject(fields);
    }
  });
});
