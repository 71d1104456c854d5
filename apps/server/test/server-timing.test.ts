import { encodeFilters } from '@crossmarket/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerTiming } from '../src/http/server-timing';
import { analysisSetting, SETTINGS } from './helpers/analysis-setting';

// SERVER_TIMING=true (the benches): each answer says where its time went and what kind of call it was.
let s: Awaited<ReturnType<typeof analysisSetting>>;
beforeAll(async () => {
  // New views scan here; the held columns' kind is filter-columns.test.ts's.
  s = await analysisSetting({ SERVER_TIMING: true, ANALYSIS_COLUMNS_MB: 0 });
  expect((await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS })).statusCode).toBe(
    200,
  );
});
afterAll(() => s.close());

const timed = async (url: string, body: object) => {
  const res = await s.post(s.owner, url, { report_id: s.report.id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return parseServerTiming(String(res.headers['server-timing']));
};

describe('Server-Timing', () => {
  it('names the kind of each analysis call and the parts it spent time in', async () => {
    const filters = encodeFilters([{ id: 'cross_buybox_price', value: { min: 3 } }]);
    const page = await timed('/v1/filters', { filters, limit: 5, with_ids: false });
    expect(page.kind).toBe('scan-page');
    const list = await timed('/v1/filters', { filters, limit: 5 });
    expect(list.kind).toBe('scan-ids');
    const next = await timed('/v1/filters', { filters, limit: 5, skip: 5, with_ids: false });
    expect(next.kind).toBe('kept-page');
    expect(next.parts.read).toBeGreaterThan(0);
    const charts = await timed('/v1/charts', { filters });
    expect(charts.kind).toBe('charts');
    for (const call of [page, list, charts]) {
      expect(call.parts.scan).toBeGreaterThan(0);
      expect(call.parts.guard).toBeGreaterThan(0);
      expect(call.parts.total).toBeGreaterThanOrEqual(call.parts.scan!);
    }
    // The session's count rides in the guard's read (issue 63): no round trip of its own.
    for (const call of [page, list, next, charts]) expect(call.parts.rate).toBeUndefined();
  });
});
