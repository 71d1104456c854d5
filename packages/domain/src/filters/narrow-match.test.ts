import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../product';
import { activeFiltersArbitrary, filterValueArbitrary } from './arbitraries';
import { FILTERS, type ActiveFilter } from './catalogue';
import { NARROW_COLUMNS, narrowValues } from './columns';
import { matchesFilters } from './match';
import { matchingRows, narrowColumnsOf, type NarrowColumnSet } from './narrow-match';
import { resultRowsArbitrary } from './row-arbitrary';

// The in-memory matcher against the reference semantics, on rows stored through the real narrow-column
// mapping (the server's property test holds it to the SQL as loaded from PostgreSQL, priced rows included).

const rows = fc.sample(resultRowsArbitrary(300), { numRuns: 1, seed: 20261129 })[0]! as ResultRow[];

function columnSet(source: readonly ResultRow[]): NarrowColumnSet {
  const values: Record<string, unknown>[] = source.map((r) => ({
    ...narrowValues(r),
    product_id: r.product_id,
  }));
  const byName = new Map<string, unknown>();
  for (const c of [...NARROW_COLUMNS, { name: 'product_id', type: 'text' }]) {
    const column = values.map((v) => v[c.name] ?? null);
    byName.set(
      c.name,
      c.type === 'float8' || c.type === 'boolean'
        ? Float64Array.from(column, (x) => (x === null ? NaN : Number(x)))
        : column,
    );
  }
  return {
    length: source.length,
    number: (name) => byName.get(name) as Float64Array,
    text: (name) => byName.get(name) as (string | null)[],
    texts: (name) => byName.get(name) as string[][],
  };
}

const cols = columnSet(rows);
const inMemory = (filters: readonly ActiveFilter[]) =>
  [...matchingRows(cols, filters)].map((i) => rows[i]!.product_id);
const reference = (filters: readonly ActiveFilter[]) =>
  rows.filter((r) => matchesFilters(r, filters)).map((r) => r.product_id);

describe('matchingRows agrees with matchesFilters', () => {
  it.each(FILTERS.map((f) => [f.id, f] as const))('%s, on its own', (_id, def) => {
    let hits = 0;
    for (const value of fc.sample(filterValueArbitrary(def), { numRuns: 25, seed: def.id.length * 31 })) {
      const filters = [{ id: def.id, value }];
      const expected = reference(filters);
      expect(inMemory(filters), JSON.stringify(value)).toEqual(expected);
      if (expected.length > 0 && expected.length < rows.length) hits++;
    }
    // Settings-dependent filters have no fbm block on these rows: every value keeps none or all.
    if (!def.dependsOnSettings) expect(hits).toBeGreaterThan(0);
  });

  it('on random lists of up to 15 filters (property)', () => {
    fc.assert(
      fc.property(activeFiltersArbitrary(15), (filters) => {
        expect(inMemory(filters)).toEqual(reference(filters));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('keeps a product ranked in the category without a figure when the filter has no bounds', () => {
    const ranked = (rank: number | null) => {
      const row = structuredClone(rows[5]!);
      row.product_id = rank === null ? 'B0000000NR' : 'B0000000RK';
      row.row_to.sales_rank = { rank, category: 'Toys & Games', level: 'top' } as never;
      return row;
    };
    const both = [ranked(null), ranked(120)];
    const set = columnSet(both);
    for (const value of [{ categories: ['toys & games'] }, { categories: ['Toys & Games'], min: 1 }]) {
      const filters = [{ id: 'to_sales_rank_by_category', value }];
      const expected = both.filter((r) => matchesFilters(r, filters)).map((r) => r.product_id);
      expect([...matchingRows(set, filters)].map((i) => both[i]!.product_id)).toEqual(expected);
    }
    expect([
      ...matchingRows(set, [{ id: 'to_sales_rank_by_category', value: { categories: ['Toys & Games'] } }]),
    ]).toEqual([0, 1]);
  });

  it('names every column it reads', () => {
    const read = new Set<string>();
    const spy: NarrowColumnSet = {
      length: cols.length,
      number: (n) => (read.add(n), cols.number(n)),
      text: (n) => (read.add(n), cols.text(n)),
      texts: (n) => (read.add(n), cols.texts(n)),
    };
    const filters = fc.sample(activeFiltersArbitrary(15), { numRuns: 40, seed: 3 }).flat();
    const unique = [...new Map(filters.map((f) => [f.id, f])).values()];
    matchingRows(spy, unique);
    expect([...read].sort()).toEqual(
      narrowColumnsOf(unique)
        .map((c) => c.name)
        .sort(),
    );
  });
});
