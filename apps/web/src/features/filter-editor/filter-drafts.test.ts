import {
  decodeFilters,
  encodeFilters,
  FILTER_KINDS,
  FILTERS,
  FILTERS_BY_ID,
  type ActiveFilter,
  type FilterDef,
  type FilterKind,
} from '@crossmarket/domain';
import { activeFiltersArbitrary } from '@crossmarket/domain/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import {
  checkDrafts,
  draftsFromActive,
  enabledCount,
  initialDraftValue,
  keepEqualDrafts,
  type Drafts,
} from './filter-drafts';

/** Kinds whose freshly switched-on card is invalid until the user fills it in. */
const INITIALLY_INVALID: ReadonlySet<FilterKind> = new Set([
  'include_exclude',
  'sizes',
  'categories',
  'rank_by_category',
  'stores',
  'product_ids',
  'restrictions',
]);

/** A value a user could have typed into each kind's inputs (the editor's shape, not the codec's). */
const SAMPLE_DRAFT: { [K in FilterKind]: unknown } = {
  range: { min: 1, max: 250 },
  mode: 'exclude',
  include_exclude: { include: ['Acme'], exclude: ['Globex', 'refurbished'] },
  coupon: 'percent',
  sizes: ['small-standard-size', 'large-oversize'],
  presence: 'absent',
  categories: ['Toys & Games', 'Baby'],
  rank_by_category: { categories: ['Electronics'], min: 10, max: 5000 },
  stores: { seller_ids: ['A1SELLER', 'A2OTHER'], mode: 'only' },
  product_ids: { text: 'B000000001\nB00000000X', mode: 'exclude' },
  restrictions: ['can_list', 'not_checked'],
};

/** A value each kind's schema refuses, and the message key the card should show for it. */
const INVALID_DRAFTS: [FilterKind, unknown, string | null][] = [
  ['range', { min: null, max: null }, 'validation.filters.rangeEmpty'],
  ['range', { min: 10, max: 1 }, 'validation.filters.rangeOrder'],
  ['mode', 'sometimes', null],
  ['include_exclude', { include: [], exclude: [] }, 'validation.filters.listEmpty'],
  ['include_exclude', { include: ['   '], exclude: [] }, null],
  ['coupon', 'free', null],
  ['sizes', [], null],
  ['sizes', ['huge'], null],
  ['presence', 'maybe', null],
  ['categories', [], null],
  ['rank_by_category', { categories: [], min: 0, max: 10 }, null],
  ['rank_by_category', { categories: ['Baby'], min: 10, max: 1 }, 'validation.filters.rangeOrder'],
  ['stores', { seller_ids: [], mode: 'only' }, null],
  ['product_ids', { text: '', mode: 'only' }, 'validation.filters.listEmpty'],
  ['product_ids', { text: ' \n \n', mode: 'only' }, 'validation.filters.listEmpty'],
  ['product_ids', { text: 'B000000001\nnot-an-id', mode: 'only' }, 'reportDetail.filters.invalidIds'],
  ['restrictions', [], null],
  ['restrictions', ['maybe'], null],
];

const oneOfKind = (kind: FilterKind) => FILTERS.find((f) => f.kind === kind)!;

const check = (def: FilterDef, value: unknown) =>
  checkDrafts({ [def.id]: { enabled: true, value } }, FILTERS);

/** The key's text in one language, without falling back to English. */
const text = (lng: 'en' | 'tr', key: string) =>
  i18n.getResource(lng, 'translation', key) as string | undefined;

const byId = (list: readonly ActiveFilter[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

/** The codec lets a list carry an ID twice; the text area reads it once, so the tests draw distinct IDs. */
const distinctIds = (list: ActiveFilter[]) =>
  list.map((f) =>
    FILTERS_BY_ID.get(f.id)?.kind === 'product_ids'
      ? { ...f, value: { ...(f.value as object), ids: [...new Set((f.value as { ids: string[] }).ids)] } }
      : f,
  );

function expectAcceptedAndRoundTripped(def: FilterDef, filters: ActiveFilter[]) {
  expect(filters).toHaveLength(1);
  const [filter] = filters;
  expect(filter!.id).toBe(def.id);
  expect(def.valueSchema.safeParse(filter!.value).success).toBe(true);
  expect(decodeFilters(encodeFilters(filters))).toEqual(filters);
}

describe('every catalogue filter', () => {
  it('has a sample for every kind', () => {
    expect(Object.keys(SAMPLE_DRAFT).sort()).toEqual([...FILTER_KINDS].sort());
  });

  it.each(FILTERS.map((def) => [def.id, def] as const))(
    '%s: a switched-on card with its initial value is applied, or refused only by design',
    (_id, def) => {
      const { filters, errors } = check(def, initialDraftValue(def));
      if (INITIALLY_INVALID.has(def.kind) || (def.kind === 'range' && !def.base.startsWith('sales_rank'))) {
        expect(filters).toEqual([]);
        expect(Object.keys(errors)).toEqual([def.id]);
        expect(text('en', errors[def.id]!)).toBeTruthy();
        expect(text('tr', errors[def.id]!)).toBeTruthy();
      } else {
        expect(errors).toEqual({});
        expectAcceptedAndRoundTripped(def, filters);
      }
    },
  );

  it.each(FILTERS.map((def) => [def.id, def] as const))(
    '%s: a filled-in card gives a filter its schema accepts and the codec round-trips',
    (_id, def) => {
      const { filters, errors } = check(def, SAMPLE_DRAFT[def.kind]);
      expect(errors).toEqual({});
      expectAcceptedAndRoundTripped(def, filters);
    },
  );

  it('starts sales rank ranges at the specification defaults (0 to 999999999999999)', () => {
    for (const def of FILTERS.filter((f) => f.kind === 'range' && f.base.startsWith('sales_rank')))
      expect(initialDraftValue(def)).toEqual({ min: 0, max: 999_999_999_999_999 });
  });
});

describe('checkDrafts', () => {
  it.each(INVALID_DRAFTS)(
    'refuses a %s card holding %j with a message in both languages',
    (kind, value, expectedKey) => {
      const def = oneOfKind(kind);
      const { filters, errors } = check(def, value);
      expect(filters).toEqual([]);
      const key = errors[def.id];
      expect(key).toBeDefined();
      if (expectedKey) expect(key).toBe(expectedKey);
      expect(text('en', key!), `${key} in en`).toBeTruthy();
      expect(text('tr', key!), `${key} in tr`).toBeTruthy();
      expect(i18n.t(key!, { lng: 'en' })).not.toBe(key);
    },
  );

  it('refuses a product ID list with one invalid line even though the other lines are valid', () => {
    const def = FILTERS_BY_ID.get('cross_product_ids')!;
    const { filters, errors } = check(def, { text: 'B000000001\nB000000002\nhello', mode: 'only' });
    expect(filters).toEqual([]);
    expect(errors).toEqual({ cross_product_ids: 'reportDetail.filters.invalidIds' });
  });

  it('cleans and de-duplicates product ID lines before sending them', () => {
    const def = FILTERS_BY_ID.get('cross_product_ids')!;
    const { filters, errors } = check(def, {
      text: 'b000000001\r\n  B000000002 \n\nB000000001\n',
      mode: 'exclude',
    });
    expect(errors).toEqual({});
    expect(filters).toEqual([
      { id: 'cross_product_ids', value: { ids: ['B000000001', 'B000000002'], mode: 'exclude' } },
    ]);
  });

  it('ignores switched-off cards, whatever they hold', () => {
    const range = oneOfKind('range');
    const drafts: Drafts = {
      [range.id]: { enabled: false, value: { min: 9, max: 1 } },
      cross_product_ids: { enabled: false, value: { text: 'nope', mode: 'only' } },
    };
    expect(checkDrafts(drafts, FILTERS)).toEqual({ filters: [], errors: {} });
    expect(enabledCount(drafts)).toBe(0);
  });

  it('checks only the filters it is given (cards waiting for settings are left out)', () => {
    const settingsFilter = FILTERS.find((f) => f.dependsOnSettings)!;
    const drafts: Drafts = { [settingsFilter.id]: { enabled: true, value: { min: 1, max: 2 } } };
    const usable = FILTERS.filter((f) => !f.dependsOnSettings);
    expect(checkDrafts(drafts, usable)).toEqual({ filters: [], errors: {} });
  });

  it('reports every invalid card and still returns the valid ones, in catalogue order', () => {
    const [rangeA, rangeB] = FILTERS.filter((f) => f.kind === 'range');
    const mode = oneOfKind('mode');
    const drafts: Drafts = {
      [mode.id]: { enabled: true, value: 'only' },
      [rangeB!.id]: { enabled: true, value: { min: 3, max: null } },
      [rangeA!.id]: { enabled: true, value: { min: null, max: null } },
      cross_product_ids: { enabled: true, value: { text: 'x', mode: 'only' } },
    };
    const { filters, errors } = checkDrafts(drafts, FILTERS);
    const order = FILTERS.map((f) => f.id);
    expect(filters.map((f) => f.id)).toEqual(
      [mode.id, rangeB!.id].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
    expect(errors).toEqual({
      [rangeA!.id]: 'validation.filters.rangeEmpty',
      cross_product_ids: 'reportDetail.filters.invalidIds',
    });
    expect(enabledCount(drafts)).toBe(4);
  });
});

describe('draftsFromActive and checkDrafts', () => {
  it('give back the applied filters unchanged (checkDrafts ∘ draftsFromActive)', () => {
    fc.assert(
      fc.property(activeFiltersArbitrary(20).map(distinctIds), (active) => {
        const drafts = draftsFromActive(active);
        expect(enabledCount(drafts)).toBe(active.length);
        const { filters, errors } = checkDrafts(drafts, FILTERS);
        expect(errors).toEqual({});
        expect(byId(filters)).toEqual(byId(active));
      }),
      { numRuns: 200 },
    );
  });

  it('give back valid cards unchanged (draftsFromActive ∘ checkDrafts)', () => {
    fc.assert(
      fc.property(activeFiltersArbitrary(20).map(distinctIds), (active) => {
        const drafts = draftsFromActive(active);
        expect(draftsFromActive(checkDrafts(drafts, FILTERS).filters)).toEqual(drafts);
      }),
      { numRuns: 200 },
    );
  });

  it('shows product IDs one per line in the text area', () => {
    const drafts = draftsFromActive([
      { id: 'to_product_ids', value: { ids: ['B000000001', 'B000000002'], mode: 'only' } },
    ]);
    // There is no to_product_ids in the catalogue: unknown IDs are skipped.
    expect(drafts).toEqual({});
    expect(
      draftsFromActive([
        { id: 'cross_product_ids', value: { ids: ['B000000001', 'B000000002'], mode: 'only' } },
      ]),
    ).toEqual({
      cross_product_ids: { enabled: true, value: { text: 'B000000001\nB000000002', mode: 'only' } },
    });
  });
});

describe('keepEqualDrafts', () => {
  const applied: ActiveFilter[] = [
    { id: 'cross_sellers_count', value: { min: 2 } },
    { id: 'cross_brand', value: { include: [], exclude: ['Acme'] } },
    { id: 'cross_product_ids', value: { ids: ['B000000001'], mode: 'only' } },
  ];

  it('keeps the cards (and the whole object) when the applied filters are what they hold', () => {
    const current = draftsFromActive(applied);
    expect(keepEqualDrafts(current, draftsFromActive(applied))).toBe(current);
  });

  it('always equals the new drafts; only the changed cards are new objects', () => {
    const current: Drafts = {
      ...draftsFromActive(applied),
      cross_sellers_count: { enabled: true, value: { min: 2, max: null } },
      to_no_stock: { enabled: false, value: 'exclude' },
    };
    const next = draftsFromActive(applied);
    const kept = keepEqualDrafts(current, next);
    expect(kept).toEqual(next);
    expect(kept.cross_brand).toBe(current.cross_brand);
    expect(kept.cross_product_ids).toBe(current.cross_product_ids);
    expect(kept.cross_sellers_count).toBe(next.cross_sellers_count);
    expect(kept).not.toHaveProperty('to_no_stock');
  });

  it('equals the new drafts, and keeps the unchanged cards, for a list and a part of it', () => {
    const lists = activeFiltersArbitrary(20)
      .map(distinctIds)
      .chain((a) => fc.tuple(fc.constant(a), fc.subarray(a)));
    fc.assert(
      fc.property(lists, ([a, b]) => {
        const current = draftsFromActive(a);
        const next = draftsFromActive(b);
        const kept = keepEqualDrafts(current, next);
        expect(kept).toEqual(next);
        for (const id of Object.keys(kept)) {
          if (JSON.stringify(current[id]) === JSON.stringify(next[id])) expect(kept[id]).toBe(current[id]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
