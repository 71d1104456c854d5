import { encodeFilters, type ActiveFilter, type ResultRow } from '@crossmarket/domain';
import { makeSettings } from '@crossmarket/domain/testing';
import { eq, sql } from 'drizzle-orm';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportProducts, reports } from '../src/db/schema';
import { RESORT_MAX_PRODUCTS } from '../src/features/analysis/filter-report';
import { parseServerTiming } from '../src/http/server-timing';
import { analysisSetting, id, SETTINGS } from './helpers/analysis-setting';
import { jsonHeaders } from './helpers/auth';

// Page changes read the matching IDs kept from the view's first call (filter-cache.ts). These tests pin
// that a kept list answers exactly what a fresh scan would (the top-N page a call without IDs reads),
// and is never served once the prices moved.

let s: Awaited<ReturnType<typeof analysisSetting>>;
beforeAll(async () => {
  // Each answer says how it was made (kind: a scan, a kept page, a re-sorted kept view).
  // New views scan here (the held columns answer them elsewhere: filter-columns.test.ts).
  s = await analysisSetting({ SERVER_TIMING: true, ANALYSIS_COLUMNS_MB: 0 });
  // About the cache, not the money model: a `simple` lane keeps the specification's figures (a landed
  // lane may find no price for the 9,500 % rate below; landed/price-product-lane.test.ts proves simple).
  const lane = await s.app.inject({
    method: 'PUT',
    url: '/api/lanes/us/ca',
    headers: jsonHeaders(s.owner),
    payload: { mode: 'simple' },
  });
  expect(lane.statusCode).toBe(200);
  const saved = await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => s.close());

type Answer = { filtered_count: number; filtered_ids?: string[]; data: ResultRow[] };
/** How the server made its last answer (Server-Timing's kind). */
let lastKind: string | undefined;
/** Where the server's last answer spent its time (Server-Timing's parts: scan, sort, read…). */
let lastParts: Record<string, number> = {};
const askEncoded = async (filters: string, body: object = {}): Promise<Answer> => {
  const res = await s.filter(s.owner, { filters, limit: 5, ...body });
  expect(res.statusCode, res.body).toBe(200);
  ({ kind: lastKind, parts: lastParts } = parseServerTiming(res.headers['server-timing'] as string));
  return res.json();
};
const ask = (filters: ActiveFilter[], body: object = {}) => askEncoded(encodeFilters(filters), body);
const pageIds = (a: Answer) => a.data.map((r) => r.product_id);
// The same filters in a string never sent before (JSON spacing differs): another key, so no kept view —
// of these filters under any sort — can answer it; checked to be a scan.
let freshStrings = 0;
const fresh = async (filters: ActiveFilter[], body: object = {}) => {
  freshStrings += 1;
  const envelope = inflateRawSync(Buffer.from(encodeFilters(filters), 'base64url')).toString();
  const answer = await askEncoded(
    filters.length ? deflateRawSync(' '.repeat(freshStrings) + envelope).toString('base64url') : '',
    body,
  );
  if (filters.length) expect(lastKind).toMatch(/^scan-/);
  return answer;
};

/**
 * Equal PPRs and costs in threes and a missing one in every fifth row (optionally the positions reversed
 * against the product IDs, an involution: call it again to undo), then the results version moved.
 */
async function tiesAndGaps({ reversePositions = false } = {}) {
  await s.database.db.execute(sql`
    update report_products
       set fbm_profit_percent = case when position % 5 = 0 then null else (position / 3) * 2.5 end,
           fbm_cost_in_tc = case when position % 5 = 1 then null else (position / 3) * 4 end,
           position = case when ${reversePositions} then 100 - position else position end
     where ${reportProducts.reportId} = ${s.report.id}::uuid`);
  await s.database.db
    .update(reports)
    .set({ resultsVersion: sql`${reports.resultsVersion} + 1` })
    .where(eq(reports.id, s.report.id));
}

describe('kept filter results', () => {
  const FILTERS: ActiveFilter[] = [
    { id: 'cross_buybox_price', value: { min: 1 } },
    { id: 'to_buybox_price', value: { min: 1 } },
  ];

  it.each([
    ['ppr', 'desc'],
    ['cost', 'asc'],
    ['$natural', 'desc'],
    ['product_id', 'asc'],
  ])('answers every page of a kept %s %s view as a fresh scan does', async (sort_key, sort_direction) => {
    const sort = { sort_key, sort_direction };
    const first = await ask(FILTERS, sort);
    expect(first.filtered_ids!.slice(0, 5)).toEqual(pageIds(first));
    for (let skip = 5; skip < first.filtered_count + 5; skip += 5) {
      const kept = await ask(FILTERS, { ...sort, skip, with_ids: false });
      const scanned = await fresh(FILTERS, { ...sort, skip, with_ids: false });
      expect(kept).toEqual(scanned);
      expect(pageIds(kept)).toEqual(first.filtered_ids!.slice(skip, skip + 5));
    }
    // Past the last page a view not kept still counts every match.
    const past = await fresh(FILTERS, { ...sort, skip: first.filtered_count, with_ids: false });
    expect([past.filtered_count, past.data, past.filtered_ids]).toEqual([
      first.filtered_count,
      [],
      undefined,
    ]);
    // A first page without IDs of a view that matches nothing.
    const none = await fresh([...FILTERS, { id: 'cross_sellers_count', value: { min: 1e6 } }], {
      ...sort,
      with_ids: false,
    });
    expect([none.filtered_count, none.data]).toEqual([0, []]);
    // The ID list a later call asks for is the kept one, in the view's order.
    expect((await ask(FILTERS, { ...sort, skip: 10 })).filtered_ids).toEqual(first.filtered_ids);
  });

  it.each([
    ['ppr', 'desc'],
    ['ppr', 'asc'],
    ['cost', 'asc'],
    ['cost', 'desc'],
  ])(
    "takes a view's first page without IDs in the kept list's order, ties and missing %s (%s) included",
    async (sort_key, sort_direction) => {
      const sort = { sort_key, sort_direction };
      // Equal values in threes and a missing one in every fifth row; the version moves, as a price change
      // moves it, so nothing kept before is served.
      await tiesAndGaps();
      try {
        const kept = await ask(FILTERS, { ...sort, limit: 100 });
        const top = await fresh(FILTERS, { ...sort, limit: 100, with_ids: false });
        expect(kept.filtered_count).toBeGreaterThan(20);
        expect([top.filtered_count, pageIds(top)]).toEqual([kept.filtered_count, kept.filtered_ids]);
        const five = await fresh(FILTERS, { ...sort, limit: 5, with_ids: false });
        expect(pageIds(five)).toEqual(kept.filtered_ids!.slice(0, 5));
      } finally {
        // Saving the settings prices every row again (and moves the version once more).
        const saved = await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
        expect(saved.statusCode).toBe(200);
      }
    },
  );

  const SORTS = ['ppr', 'cost', '$natural', 'product_id'].flatMap((sort_key) =>
    ['desc', 'asc'].map((sort_direction) => ({ sort_key, sort_direction })),
  );

  it('answers another sort of a kept view from its kept matches, as a scan does, ties and missing values included', async () => {
    const rows = sql`${reportProducts.reportId} = ${s.report.id}::uuid`;
    // Ties and gaps as in the test above, and the positions reversed against the product IDs, so a tie
    // broken by anything but the ID reads in another order.
    await tiesAndGaps({ reversePositions: true });
    try {
      const filters: ActiveFilter[] = [{ id: 'to_buybox_price', value: { min: 25 } }];
      const kept = await ask(filters, { sort_key: 'cost', sort_direction: 'desc' });
      expect(lastKind).toBe('scan-ids');
      expect(kept.filtered_count).toBeGreaterThan(15);
      for (const sort of SORTS.filter((o) => !(o.sort_key === 'cost' && o.sort_direction === 'desc'))) {
        const first = await ask(filters, { ...sort, with_ids: false });
        expect([lastKind, sort]).toEqual(['resorted', sort]);
        const scanned = await fresh(filters, { ...sort, limit: 100 });
        expect(first).toEqual({ ...(await fresh(filters, { ...sort, with_ids: false })) });
        expect(pageIds(first)).toEqual(scanned.filtered_ids!.slice(0, 5));
        // Its next page and its ID list come from the re-sorted list, kept in turn.
        const next = await ask(filters, { ...sort, skip: 5 });
        expect([lastKind, pageIds(next), next.filtered_ids]).toEqual([
          'kept-page',
          scanned.filtered_ids!.slice(5, 10),
          scanned.filtered_ids,
        ]);
      }
      // Another filter's sort change takes the unfiltered list kept for the first (every sort but the
      // first view's own): no scan at all.
      const other: ActiveFilter[] = [{ id: 'cross_buybox_price', value: { min: 9 } }];
      await ask(other, { sort_key: 'ppr', sort_direction: 'asc' });
      const byCost = { sort_key: 'cost', sort_direction: 'asc', with_ids: false };
      const resorted = await ask(other, byCost);
      expect([lastKind, lastParts.scan, lastParts.sort]).toEqual(['resorted', undefined, expect.any(Number)]);
      expect(resorted).toEqual(await fresh(other, byCost));
    } finally {
      await s.database.db.execute(sql`update report_products set position = 100 - position where ${rows}`);
      const saved = await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
      expect(saved.statusCode).toBe(200);
    }
  });

  it('scans the sort changes of a report too large to re-sort here', async () => {
    const filters: ActiveFilter[] = [{ id: 'to_buybox_price', value: { min: 30 } }];
    const [before] = await s.database.db
      .select({ size: reports.size })
      .from(reports)
      .where(eq(reports.id, s.report.id));
    // The report's product count as the analysis calls read it (`size` counts both sides).
    await s.database.db
      .update(reports)
      .set({ size: 2 * (RESORT_MAX_PRODUCTS + 1), resultsVersion: sql`${reports.resultsVersion} + 1` })
      .where(eq(reports.id, s.report.id));
    try {
      await ask(filters, { sort_key: 'ppr', sort_direction: 'desc' });
      expect(lastKind).toBe('scan-ids');
      await ask(filters, { sort_key: 'cost', sort_direction: 'asc', with_ids: false });
      expect(lastKind).toBe('scan-page');
    } finally {
      await s.database.db.update(reports).set({ size: before!.size }).where(eq(reports.id, s.report.id));
    }
  });

  it('re-sorts a kept view only for its owner and only at the version it was kept', async () => {
    const filters: ActiveFilter[] = [{ id: 'cross_buybox_price', value: { min: 12 } }];
    const byPpr = { sort_key: 'ppr', sort_direction: 'desc' };
    const byCost = { sort_key: 'cost', sort_direction: 'asc', with_ids: false };
    await ask(filters, byPpr);
    const stranger = await s.filter(s.other, { filters: encodeFilters(filters), limit: 5, ...byCost });
    expect(stranger.statusCode).toBe(404);
    // Nothing was re-sorted or scanned for them.
    const strangerParts = parseServerTiming(stranger.headers['server-timing'] as string);
    expect([strangerParts.kind, strangerParts.parts.scan, strangerParts.parts.sort]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(stranger.body).not.toContain(id(20));
    // Prices move: the kept view is of another version, so the sort change scans.
    const dearer = await s.post(s.owner, '/v1/settings', {
      report_id: s.report.id,
      ...makeSettings({ ...SETTINGS, parity: 2 }),
    });
    expect(dearer.statusCode).toBe(200);
    try {
      const after = await ask(filters, byCost);
      expect(lastKind).toBe('scan-page');
      expect(after).toEqual(await fresh(filters, byCost));
    } finally {
      await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
    }
  });

  it('is not served once the settings changed the prices', async () => {
    const byPpr: ActiveFilter[] = [{ id: 'to_ppr_percent', value: { min: 0 } }];
    const sort = { sort_key: 'ppr', sort_direction: 'desc' };
    const before = await ask(byPpr, sort);
    // A much higher buying cost: fewer products keep a positive PPR.
    const dearer = await s.post(s.owner, '/v1/settings', {
      report_id: s.report.id,
      ...makeSettings({ ...SETTINGS, parity: 3 }),
    });
    expect(dearer.statusCode).toBe(200);
    const after = await ask(byPpr, { ...sort, with_ids: false });
    expect(after.filtered_count).toBeLessThan(before.filtered_count);
    expect(after).toEqual({ ...(await fresh(byPpr, sort)), filtered_ids: undefined });
    await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
  });

  it("is not served once a product's own rates changed its row", async () => {
    const sort = { sort_key: 'product_id', sort_direction: 'asc' };
    const target = id(12);
    const costly: ActiveFilter[] = [{ id: 'to_profit_custom', value: { min: 1000 } }];
    expect((await ask(costly, sort)).filtered_count).toBe(0);
    const put = await s.app.inject({
      method: 'PUT',
      url: `/v1/reports/${s.report.id}/products/${target}/rates`,
      headers: jsonHeaders(s.owner),
      payload: { min: 9000, std: 9500, max: 9900 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await ask(costly, { ...sort, with_ids: false });
    expect(pageIds(after)).toEqual([target]);
    expect(after.filtered_count).toBe(1);
  });

  it('keeps nothing of a report still being processed', async () => {
    const sort = { sort_key: '$natural', sort_direction: 'asc' };
    await s.database.db.update(reports).set({ finalized: false }).where(eq(reports.id, s.report.id));
    try {
      const before = await ask([], sort);
      // A batch lands... here, a row goes away, which a kept list would not see.
      const [gone] = await s.database.db
        .delete(reportProducts)
        .where(
          sql`${reportProducts.reportId} = ${s.report.id}::uuid and ${reportProducts.productId} = ${before.filtered_ids![0]!}`,
        )
        .returning({ id: reportProducts.productId });
      expect(gone).toBeDefined();
      const after = await ask([], { ...sort, with_ids: false });
      expect(after.filtered_count).toBe(before.filtered_count - 1);
      expect(pageIds(after)).toEqual(before.filtered_ids!.slice(1, 6));
    } finally {
      await s.database.db.update(reports).set({ finalized: true }).where(eq(reports.id, s.report.id));
    }
  });
});
