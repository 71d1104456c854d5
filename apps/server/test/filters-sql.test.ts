import {
  FILTERS,
  matchesFilters,
  SORT_COLUMN_OF,
  SORT_KEYS,
  type ActiveFilter,
  type FilterDef,
  type ResultRow,
} from '@crossmarket/domain';
import {
  activeFiltersArbitrary,
  filterValueArbitrary,
  makeSettings,
  resultRowsArbitrary,
} from '@crossmarket/domain/testing';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColumnStores, columnsFor } from '../src/features/analysis/column-store';
import type { ReportColumns } from '../src/features/analysis/report-columns';
import { compileFilters } from '../src/features/analysis/compile-filters';
import { seedReport, type SeedRow } from './helpers/analysis';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// The SQL compiler against the domain's reference semantics: random rows stored through the real
// narrow-column mapping, random filter lists, and the IDs each side returns must be the same.

let database: TestDatabase;
let reportId: string;
let rows: ResultRow[];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('prop-user', 'Prop', 'prop@example.com', true, now(), now())`,
  );
  const generated = fc.sample(resultRowsArbitrary(400), { numRuns: 1, seed: 20261121 })[0]! as SeedRow[];
  const settings = makeSettings({ parity: 1.35 });
  const seeded = await seedReport(database.db, 'prop-user', generated, { settings, pricedWith: settings });
  reportId = seeded.id;
  rows = seeded.rows;
  // Every column any filter or sort reads, held as a server holds them for new views.
  const errors: unknown[] = [];
  const stores = new ColumnStores(64 * 1024 * 1024, (error) => errors.push(error));
  const all = FILTERS.map((def) => ({ id: def.id, value: null }) as unknown as ActiveFilter);
  const needs = SORT_KEYS.flatMap((key) => columnsFor(all, key));
  const report = { id: reportId, resultsVersion: 0, total: rows.length };
  await stores.prefetch(database.db, 'prop-user', report, needs);
  expect(errors).toEqual([]);
  held = stores.ready('prop-user', reportId, 0, needs)!;
  expect(held.length).toBe(rows.length);
  // Nobody else's call uses them.
  expect(stores.ready('someone-else', reportId, 0, needs)).toBeUndefined();
});
let held: ReportColumns;
afterAll(() => database.destroy());

async function sqlIds(filters: readonly ActiveFilter[]): Promise<string[]> {
  const result = await database.db.execute<{ product_id: string }>(sql`
    select r.product_id from report_products r
     where r.report_id = ${reportId}::uuid and ${compileFilters(filters)}
     order by r.product_id`);
  return result.rows.map((r) => r.product_id);
}

const domainIds = (filters: readonly ActiveFilter[]) =>
  rows
    .filter((r) => matchesFilters(r, filters))
    .map((r) => r.product_id)
    .sort();

describe('the SQL compiler agrees with matchesFilters', () => {
  it.each(FILTERS.map((f) => [f.id, f] as const))('%s, on its own', async (_id, def: FilterDef) => {
    const values = fc.sample(filterValueArbitrary(def), { numRuns: 25, seed: def.id.length * 7919 });
    let hits = 0;
    for (const value of values) {
      const filters = [{ id: def.id, value }];
      const expected = domainIds(filters);
      expect(await sqlIds(filters), JSON.stringify(value)).toEqual(expected);
      if (expected.length > 0 && expected.length < rows.length) hits++;
    }
    // The generated rows and values exercise the filter: some values keep some rows and drop others.
    expect(hits).toBeGreaterThan(0);
  });

  it('on random lists of up to 15 filters (property)', async () => {
    await fc.assert(
      fc.asyncProperty(activeFiltersArbitrary(15), async (filters) => {
        expect(await sqlIds(filters)).toEqual(domainIds(filters));
      }),
      { numRuns: 150, seed: 42 },
    );
  });
});

describe('the held columns agree with the SQL (column-store.ts)', () => {
  it('on random lists of up to 15 filters, in every sort (property)', async () => {
    const sorts = fc.constantFrom(
      ...SORT_KEYS.flatMap((key) => [[key, 'asc'] as const, [key, 'desc'] as const]),
    );
    await fc.assert(
      fc.asyncProperty(activeFiltersArbitrary(15), sorts, async (filters, [key, direction]) => {
        const scanned = await database.db.execute<{ product_id: string }>(sql`
          select r.product_id from report_products r
           where r.report_id = ${reportId}::uuid and ${compileFilters(filters)}
           order by ${sql.raw(`r.${SORT_COLUMN_OF[key]}`)} ${sql.raw(direction)} nulls last, r.product_id`);
        expect(held.view(filters, key, direction).all()).toEqual(scanned.rows.map((r) => r.product_id));
      }),
      { numRuns: 200, seed: 63 },
    );
  });
});
