import {
  binFilterRange,
  encodeFilters,
  matchesFilters,
  priceProduct,
  type ChartsResponse,
  type Histogram,
} from '@crossmarket/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisSetting, fieldOf, SETTINGS } from './helpers/analysis-setting';
import { jsonHeaders } from './helpers/auth';
import { laneCtx, withParcel } from './helpers/lanes';

let s: Awaited<ReturnType<typeof analysisSetting>>;
beforeAll(async () => {
  s = await analysisSetting();
  const saved = await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
  expect(saved.json()).toEqual({ error: false });
});
afterAll(() => s.close());

const charts = (cookie: string | undefined, body: object) =>
  s.app.inject({
    method: 'POST',
    url: '/v1/charts',
    headers: jsonHeaders(cookie),
    payload: { report_id: s.report.id, ...body },
  });

/**
 * The figures the charts should describe: every seeded row priced with the saved settings, on the lane
 * the save took (the owner saved none: the default landed lane, issue 45).
 */
const ctx = laneCtx('us', 'ca', SETTINGS);
const priced = () => s.report.rows.map((r) => ({ ...r, fbm: priceProduct(withParcel(r), SETTINGS, ctx) }));

/** The rows of each bar, counted from the rows themselves ([from, to), open edges unbounded). */
function expectBarsPartition(h: Histogram, values: number[]) {
  expect(h.bins.reduce((n, b) => n + b.count, 0)).toBe(values.length);
  for (const b of h.bins) {
    const inside = values.filter((v) => (b.from === null || v >= b.from) && (b.to === null || v < b.to));
    expect(b.count, `${b.from}–${b.to}`).toBe(inside.length);
    expect(b.end - b.start).toBeCloseTo(h.step!, 9);
  }
}

describe('POST /v1/charts', () => {
  it('answers both histograms and the rank cells over every filtered row', async () => {
    const res = await charts(s.owner, {});
    expect(res.statusCode).toBe(200);
    const body = res.json<ChartsResponse>();
    const rows = priced();
    expect(body.filtered_count).toBe(rows.length);
    expect(body.settings_defined).toBe(true);
    const ppr = rows.map((r) => r.fbm.profit_percent.buybox).filter((v): v is number => v !== null);
    const profit = rows.map((r) => r.fbm.profit_amount.buybox).filter((v): v is number => v !== null);
    expect(ppr.length).toBeGreaterThan(5);
    expectBarsPartition(body.ppr, ppr);
    expectBarsPartition(body.profit, profit);
    expect(body.ppr.bins.length).toBeLessThanOrEqual(22);
    // Every row with a PPR and a sales rank is in exactly one cell.
    const ranked = rows.filter((r) => r.fbm.profit_percent.buybox !== null && r.row_to.sales_rank);
    expect(body.rank_ppr.reduce((n, c) => n + c.count, 0)).toBe(ranked.length);
  });

  it("clicking a bar narrows the filter to exactly that bar's rows", async () => {
    const body = (await charts(s.owner, {})).json<ChartsResponse>();
    for (const bin of body.ppr.bins) {
      const filters = encodeFilters([{ id: 'to_ppr_percent', value: binFilterRange(bin) }]);
      const res = await s.filter(s.owner, { filters, limit: 1 });
      expect(res.json().filtered_count, `${bin.from}–${bin.to}`).toBe(bin.count);
    }
  });

  it('follows the filters: the same rows as matchesFilters', async () => {
    const active = [{ id: 'to_brand', value: { include: ['Acme'], exclude: [] } }] as const;
    const body = (await charts(s.owner, { filters: encodeFilters([...active]) })).json<ChartsResponse>();
    const kept = priced().filter((r) => matchesFilters(r, [...active]));
    expect(body.filtered_count).toBe(kept.length);
    expect(body.ppr.bins.reduce((n, b) => n + b.count, 0)).toBe(
      kept.filter((r) => r.fbm.profit_percent.buybox !== null).length,
    );
  });

  it('answers empty charts when nothing matches', async () => {
    const filters = encodeFilters([{ id: 'to_ppr_percent', value: { min: 100_000 } }]);
    const body = (await charts(s.owner, { filters })).json<ChartsResponse>();
    expect(body).toMatchObject({ filtered_count: 0, ppr: { step: null, bins: [] }, rank_ppr: [] });
  });

  it('refuses unreadable filters naming the field, and strangers', async () => {
    const bad = await charts(s.owner, { filters: 'not-a-codec-string' });
    expect(bad.statusCode).toBe(400);
    expect(fieldOf(bad).field).toBe('filters');
    const noReport = await charts(s.owner, { report_id: 'nope' });
    expect(noReport.statusCode).toBe(400);
    expect(fieldOf(noReport).field).toBe('report_id');
    expect((await charts(undefined, {})).statusCode).toBe(401);
  });

  it("answers 404 for another user's report", async () => {
    const res = await charts(s.other, {});
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain('B000000001');
  });
});
