import fc from 'fast-check';
import { RESTRICTION_FILTER_STATES } from '../listing-restrictions';
import { PRODUCT_SIZES } from '../product';
import { FILTERS, type ActiveFilter, type FilterDef } from './catalogue';
import type { FilterKind } from './values';

// fast-check generators of valid filter values, shared by the domain tests and the server's SQL
// property test (the SQL compiler must agree with matchesFilters on every one).

const bound = fc.option(fc.integer({ min: -50, max: 2000 }), { nil: null });
const word = fc.constantFrom(
  'Acme',
  'acme',
  'Globex',
  'Train',
  'set',
  'Wooden',
  "O'Brien",
  '50%_off',
  'back\\slash',
);
const range = fc
  .tuple(bound, bound)
  .filter(([a, b]) => a !== null || b !== null)
  .map(([a, b]) => (a !== null && b !== null && a > b ? { min: b, max: a } : { min: a, max: b }));
const mode = fc.constantFrom('only', 'exclude');
const seller = fc.constantFrom('A1SELLER', 'A1STORE', 'A2OTHER');

const VALUES: { [K in FilterKind]: fc.Arbitrary<unknown> } = {
  range,
  mode,
  include_exclude: fc
    .record({ include: fc.array(word, { maxLength: 2 }), exclude: fc.array(word, { maxLength: 2 }) })
    .filter((v) => v.include.length + v.exclude.length > 0),
  coupon: fc.constantFrom('*', 'percent', 'dollar'),
  sizes: fc.subarray([...PRODUCT_SIZES], { minLength: 1 }),
  presence: fc.constantFrom('present', 'absent'),
  categories: fc.array(fc.constantFrom('Toys & Games', 'Baby', 'Electronics', 'Furniture'), {
    minLength: 1,
    maxLength: 3,
  }),
  rank_by_category: fc
    .tuple(
      fc.array(fc.constantFrom('Toys & Games', 'Baby', 'Electronics'), { minLength: 1, maxLength: 2 }),
      bound,
      bound,
    )
    .map(([categories, a, b]) =>
      a !== null && b !== null && a > b ? { categories, min: b, max: a } : { categories, min: a, max: b },
    ),
  stores: fc.record({ seller_ids: fc.array(seller, { minLength: 1, maxLength: 2 }), mode }),
  product_ids: fc.record({
    ids: fc.array(fc.constantFrom('B000000001', 'B000000002', 'B00000000X'), { minLength: 1, maxLength: 2 }),
    mode,
  }),
  restrictions: fc.subarray([...RESTRICTION_FILTER_STATES], { minLength: 1 }),
};

export const filterValueArbitrary = (def: FilterDef) => VALUES[def.kind];

/** A list of distinct active filters drawn from the whole catalogue. */
export const activeFiltersArbitrary = (maxLength = 15): fc.Arbitrary<ActiveFilter[]> =>
  fc
    .uniqueArray(fc.constantFrom(...FILTERS), { maxLength, selector: (d) => d.id })
    .chain((defs) =>
      fc.tuple(...defs.map((d) => filterValueArbitrary(d).map((value) => ({ id: d.id, value })))),
    )
    .map((list) => [...list]);
