import type { ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from './helpers/analysis';
import { alice, bob, call, create, database, setUpInventories } from './helpers/inventories';

// The listings view is bounded: a page of listings (filtered by state, by what needs the seller, by what
// sync holds back), the counts for the filters, and the last run's counts with a page of its results.

setUpInventories();

let inventoryId: string;
let runId: string;
const code = (i: number) => `B${String(400_000 + i).padStart(9, '0')}`;
/** 120 listings: every fifth needs attention, every tenth of the rest drifted, three removed. */
const stateOf = (i: number) =>
  i % 5 === 0 ? 'needs_attention' : i >= 117 ? 'removed' : i % 2 === 0 ? 'pending' : 'live';
const drifted = (i: number) => i % 10 === 3;

beforeAll(async () => {
  inventoryId = (await create(alice)).id;
  const userId = await userIdOf(database.db, 'alice@example.com');
  const rows = Array.from({ length: 120 }, (_, i) => ({
    code: code(i),
    state: stateOf(i),
    drift: drifted(i)
      ? {
          at: new Date().toISOString(),
          amazon: { price: 9, quantity: 1 },
          ours: { price: 10, quantity: 1 },
          fields: ['price'],
        }
      : null,
  }));
  await database.db.execute(sql`
    insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, pushed_price, pushed_quantity,
                          pushed_at, drift)
    select ${inventoryId}::uuid, ${userId}, r.code, 'SKU-' || r.code, 'A2EUQ1WTGCTBG2', r.state, 10, 1, now(), r.drift
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(code text, state text, drift jsonb)`);
  // A finished dry run of 250 products: 210 valid, 30 invalid, 10 left out.
  const run = await database.db.execute<{ id: string }>(sql`
    insert into listing_runs (inventory_id, user_id, mode, status, finished_at)
    values (${inventoryId}::uuid, ${userId}, 'preview', 'done', now()) returning id`);
  runId = run.rows[0]!.id;
  await database.db.execute(sql`
    insert into listing_run_results (run_id, product_id, sku, outcome, left_out, issues)
    select ${runId}::uuid, 'B' || lpad((500000 + n)::text, 9, '0'), 'SKU', 
           case when n % 25 = 0 then 'left_out' when n % 25 < 4 then 'invalid' else 'valid' end,
           case when n % 25 = 0 then 'unavailable' end,
           case when n % 25 between 1 and 3
                then '[{"code":"90220","message":"Missing","severity":"ERROR","attribute_names":[]}]'::jsonb
                else '[]'::jsonb end
      from generate_series(0, 249) n`);
});

const view = async (query = '', cookie = alice) => {
  const res = await call('GET', `/api/inventories/${inventoryId}/listings${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListingsView>();
};
const codes = (v: ListingsView) => v.listings.map((l) => l.product_id);
const all = Array.from({ length: 120 }, (_, i) => i);

describe('the listings view', () => {
  it('answers one page of listings in product order, with the counts of each filter', async () => {
    const first = await view();
    expect(codes(first)).toEqual(all.slice(0, 50).map(code));
    expect(first.page).toEqual({ page: 1, page_size: 50, total: 120 });
    expect(first.counts).toEqual({
      all: 120,
      pending: all.filter((i) => stateOf(i) === 'pending').length,
      live: all.filter((i) => stateOf(i) === 'live').length,
      needs_attention: 24,
      removed: 3,
      attention: all.filter((i) => stateOf(i) === 'needs_attention' || drifted(i)).length,
      held: all.filter(drifted).length,
    });
    const third = await view('?page=3');
    expect(codes(third)).toEqual(all.slice(100).map(code));
    expect(codes(await view('?page=2&page_size=100'))).toEqual(all.slice(100).map(code));
  });

  it('filters by state, by what needs the seller and by what sync holds back', async () => {
    const live = await view('?state=live&page_size=100');
    expect(codes(live)).toEqual(all.filter((i) => stateOf(i) === 'live').map(code));
    expect(live.page?.total).toBe(live.listings.length);
    const attention = await view('?attention=true&page_size=100');
    expect(codes(attention)).toEqual(
      all.filter((i) => stateOf(i) === 'needs_attention' || drifted(i)).map(code),
    );
    expect(codes(await view('?held=true'))).toEqual(all.filter(drifted).map(code));
    expect(codes(await view('?held=true&state=live'))).toEqual(
      all.filter((i) => drifted(i) && stateOf(i) === 'live').map(code),
    );
    const fine = await view('?attention=false&page_size=100&page=1');
    expect(fine.page?.total).toBe(120 - attention.listings.length);
  });

  it("returns the last run's counts and a page of its refusals, not every result", async () => {
    const { last_run: run } = await view();
    expect(run).toMatchObject({
      id: runId,
      status: 'done',
      total: 250,
      counts: { checked: 250, valid: 210, invalid: 30, left_out: 10, accepted: 0, failed: 0 },
      results_page: { page: 1, page_size: 100, total: 40 },
    });
    expect(run!.results).toHaveLength(40);
    expect(run!.results.every((r) => r.outcome !== 'valid')).toBe(true);
    expect(run!.results[1]).toMatchObject({
      outcome: 'invalid',
      issues: [{ code: '90220', severity: 'ERROR' }],
    });
    const every = await view('?results=all&results_page=3');
    expect(every.last_run!.results).toHaveLength(50);
    expect(every.last_run!.results_page).toEqual({ page: 3, page_size: 100, total: 250 });
  });

  it('answers 404 to another user, whatever the query', async () => {
    for (const query of ['', '?page=2', '?state=live&attention=true', '?results=all'])
      expect((await call('GET', `/api/inventories/${inventoryId}/listings${query}`, bob)).statusCode).toBe(
        404,
      );
  });

  it('refuses a bad query naming the field', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page_size=1000', 'page_size'],
      ['?state=sold', 'state'],
      ['?attention=maybe', 'attention'],
      ['?results=some', 'results'],
    ]) {
      const res = await call('GET', `/api/inventories/${inventoryId}/listings${query}`, alice);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });
});
