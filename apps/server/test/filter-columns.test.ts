import { encodeFilters, type ActiveFilter } from '@crossmarket/domain';
import { activeFiltersArbitrary, makeSettings } from '@crossmarket/domain/testing';
import fc from 'fast-check';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { parseServerTiming } from '../src/http/server-timing';
import { analysisSetting, SETTINGS } from './helpers/analysis-setting';
import { buildTestApp, type TestApp } from './helpers/app';
import { jsonHeaders } from './helpers/auth';

// New filter views answered from the report's columns held in the server process (column-store.ts): the
// same answer a scan gives, checked against a second server over the same database that holds none; never
// served once the rows moved to another version; never to another user.

let s: Awaited<ReturnType<typeof analysisSetting>>;
let scans: TestApp;
beforeAll(async () => {
  s = await analysisSetting({ SERVER_TIMING: true });
  expect((await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS })).statusCode).toBe(
    200,
  );
  scans = await buildTestApp(s.database, { SERVER_TIMING: true, ANALYSIS_COLUMNS_MB: 0 }, { worker: false });
});
afterAll(async () => {
  await scans?.close();
  await s.close();
});

type Answer = { status: number; json: Record<string, unknown>; kind?: string; parts: Record<string, number> };
async function ask(app: App, cookie: string, filters: string, body: object = {}): Promise<Answer> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/filters',
    headers: jsonHeaders(cookie),
    payload: { report_id: s.report.id, filters, limit: 5, ...body },
  });
  const { kind, parts } = parseServerTiming(res.headers['server-timing'] as string | undefined);
  return { status: res.statusCode, json: res.json(), kind, parts };
}

// The same filters in a string never sent before (JSON spacing differs): no kept view answers it.
let strings = 0;
const fresh = (filters: readonly ActiveFilter[]) => {
  strings += 1;
  const envelope = inflateRawSync(Buffer.from(encodeFilters([...filters]), 'base64url')).toString();
  return deflateRawSync(' '.repeat(strings) + envelope).toString('base64url');
};

/** Asks new views of `filters` until the held columns answer one (they load beside the first scan). */
async function held(filters: readonly ActiveFilter[], body: object = {}) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = await ask(s.app, s.owner, fresh(filters), body);
    expect(answer.status).toBe(200);
    if (answer.kind === 'columns') return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the columns were never held');
}

const SORTS = ['ppr', 'cost', '$natural', 'product_id'].flatMap((sort_key) =>
  ['desc', 'asc'].map((sort_direction) => ({ sort_key, sort_direction })),
);

describe('new views from the held columns', () => {
  it('answer as the scan does, in every sort, page and with or without the IDs', async () => {
    const lists = fc.sample(activeFiltersArbitrary(3), { numRuns: 20, seed: 2026 });
    let kept = 0;
    for (const [n, filters] of lists.entries()) {
      const body = { ...SORTS[n % SORTS.length]!, skip: (n % 3) * 5, with_ids: n % 2 === 0 };
      const answer = await held(filters, body);
      const scanned = await ask(scans.app, s.owner, fresh(filters), body);
      expect(scanned.kind).toMatch(/^scan-/);
      expect(answer.json).toEqual(scanned.json);
      if ((answer.json.filtered_count as number) > 0) kept++;
      // The match is this server's own work; the page is read with the report, not scanned.
      expect(answer.parts.scan).toBeUndefined();
      expect(answer.parts.match).toBeGreaterThanOrEqual(0);
      expect(answer.parts.read).toBeGreaterThan(0);
    }
    // The sampled lists are not all empty views.
    expect(kept).toBeGreaterThan(5);
  });

  it('keeps the view it answered for the next page', async () => {
    const filters: ActiveFilter[] = [{ id: 'cross_buybox_price', value: { min: 3 } }];
    const first = await held(filters, { sort_key: 'cost', sort_direction: 'asc' });
    const ids = first.json.filtered_ids as string[];
    expect(ids.length).toBeGreaterThan(5);
    // The string the held answer was given (the last one made) pages from the kept view.
    const again = inflateRawSync(Buffer.from(fresh(filters), 'base64url'))
      .toString()
      .slice(1);
    const string = deflateRawSync(again).toString('base64url');
    const next = await ask(s.app, s.owner, string, { sort_key: 'cost', sort_direction: 'asc', skip: 5 });
    expect(next.kind).toBe('kept-page');
    expect((next.json.data as { product_id: string }[]).map((r) => r.product_id)).toEqual(ids.slice(5, 10));
  });

  it('are not served once the prices moved, here or on another server', async () => {
    const byPpr: ActiveFilter[] = [{ id: 'to_ppr_percent', value: { min: 0 } }];
    const sort = { sort_key: 'ppr', sort_direction: 'desc' };
    const before = await held(byPpr, sort);
    // Another server saves much dearer settings: fewer products keep a positive PPR. This one last saw
    // the old version; a string it never decoded reads the report first, one another server decoded
    // does not (the page read then finds the version moved).
    const viaOther = await scans.app.inject({
      method: 'POST',
      url: '/v1/settings',
      headers: jsonHeaders(s.owner),
      payload: { report_id: s.report.id, ...makeSettings({ ...SETTINGS, parity: 3 }) },
    });
    expect(viaOther.statusCode).toBe(200);
    try {
      const decodedElsewhere = fresh(byPpr);
      const truth = await ask(scans.app, s.owner, decodedElsewhere, sort);
      expect(truth.json.filtered_count).toBeLessThan(before.json.filtered_count as number);
      const afterKnown = await ask(s.app, s.owner, decodedElsewhere, sort);
      expect(afterKnown.kind).toMatch(/^scan-/);
      expect(afterKnown.json).toEqual(truth.json);
      const afterNew = await ask(s.app, s.owner, fresh(byPpr), sort);
      expect(afterNew.json).toEqual(truth.json);
      // Then the new version's columns load and answer the same.
      expect((await held(byPpr, sort)).json).toEqual(truth.json);
    } finally {
      const restored = await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
      expect(restored.statusCode).toBe(200);
    }
  });

  it('are loaded again right after the seller saves settings here, so the next view need not scan', async () => {
    const byPpr: ActiveFilter[] = [{ id: 'to_ppr_percent', value: { min: 5 } }];
    const sort = { sort_key: 'cost', sort_direction: 'asc' };
    await held(byPpr, sort);
    const dearer = await s.post(s.owner, '/v1/settings', {
      report_id: s.report.id,
      ...makeSettings({ ...SETTINGS, parity: 2.5 }),
    });
    expect(dearer.statusCode).toBe(200);
    try {
      // Nothing asked meanwhile (an ask that scans would load them too): the save itself started the load.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const next = await ask(s.app, s.owner, fresh(byPpr), sort);
      expect(next.kind).toBe('columns');
      expect(next.json).toEqual((await ask(scans.app, s.owner, fresh(byPpr), sort)).json);
    } finally {
      const restored = await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
      expect(restored.statusCode).toBe(200);
    }
  });

  it("answer another user 404 while the owner's columns are held", async () => {
    const filters: ActiveFilter[] = [{ id: 'to_buybox_price', value: { min: 1 } }];
    await held(filters);
    // A string the server has decoded (so the report is not read before the match).
    const known = fresh(filters);
    expect((await ask(s.app, s.owner, known)).status).toBe(200);
    const stranger = await ask(s.app, s.other, known);
    expect(stranger.status).toBe(404);
    expect(stranger.json).not.toHaveProperty('filtered_count');
    expect(JSON.stringify(stranger.json)).not.toContain('B0000000');
  });
});
