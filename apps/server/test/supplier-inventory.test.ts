import { SUPPLIER_HEADER, supplierRows, toCsv } from '@crossmarket/domain/testing';
import { JOB_NAMES, type SupplierListView } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportSupplierRows } from '../src/db/schema';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import { waitForReport } from './helpers/reports';
import { uploadSupplierList } from './helpers/suppliers';
import { repriceSupplierInventories } from '../src/features/inventories/supplier-reprice';
import type { JobQueue } from '../src/jobs/queue';
import { createLogger } from '../src/logger';
import { updateInventory } from '../src/features/inventories/update-inventory';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { baselineSandbox } from './helpers/sandbox';
import { testConfig } from './helpers/app';
import { userIdOf } from './helpers/analysis';

// Issue 62: a supplier report's products in an inventory. A pack that differs from Amazon's, or that
// Amazon does not state, reaches an inventory (and a listing) only with the seller's confirmation.

setUpInventories();

const LINES = 60;
const csv = (rows: string[][]) => new TextEncoder().encode(toCsv([SUPPLIER_HEADER, ...rows]));

const noQueue: JobQueue = { send: () => Promise.resolve(null), retry: () => Promise.resolve(false) };
let aliceId: string;
let list: SupplierListView;
let reportId: string;
/** One product of the report of each pack verdict. */
let packs: Record<'same' | 'differs' | 'unknown', string>;

beforeAll(async () => {
  aliceId = await userIdOf(database.db, 'alice@example.com');
  const res = await uploadSupplierList(app, alice, { name: 'acme-v1.csv', bytes: csv(supplierRows(LINES)) });
  expect(res.statusCode, res.body).toBe(201);
  list = res.json<SupplierListView>();
  const report = await call('POST', '/api/reports', alice, {
    source: 'supplier_list',
    supplier_list_id: list.id,
    to_country: 'ca',
  });
  expect(report.statusCode, report.body).toBe(201);
  reportId = report.json<{ report_id: string }>().report_id;
  expect((await waitForReport(database.db, reportId, 120_000)).finalized).toBe(true);
  const rows = await database.db
    .select()
    .from(reportSupplierRows)
    .where(eq(reportSupplierRows.reportId, reportId))
    .orderBy(reportSupplierRows.productId);
  const first = (pack: string) => rows.find((r) => r.pack === pack)!.productId;
  packs = { same: first('same'), differs: first('differs'), unknown: first('unknown') };
}, 180_000);

const add = (cookie: string, inventoryId: string, codes: string[], confirm?: boolean) =>
  call('POST', `/api/inventories/${inventoryId}/products`, cookie, {
    report_id: reportId,
    product_ids: codes,
    ...(confirm === undefined ? {} : { confirm_pack: confirm }),
  });

const kept = async (inventoryId: string) =>
  new Map(
    (
      await database.db.execute<{
        code: string;
        supplier_id: string | null;
        supplier_list_id: string | null;
        supplier_key: string | null;
        supplier_pack: string | null;
        confirmed: boolean;
      }>(sql`select code, supplier_id, supplier_list_id, supplier_key, supplier_pack,
                    pack_confirmed_at is not null as confirmed
               from inventory_products where inventory_id = ${inventoryId}::uuid`)
    ).rows.map((r) => [r.code, r]),
  );

describe('pack flags are a rail', () => {
  it('leaves out a pack that differs or is unknown without confirmation, and takes it with one', async () => {
    const inventoryId = (await create(alice, { title: 'Acme packs' })).id;
    const codes = [packs.same, packs.differs, packs.unknown];
    const first = await add(alice, inventoryId, codes);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ added: 1, skipped: 0, pack_left_out: 2, pack_confirmed: 0 });
    let rows = await kept(inventoryId);
    expect([...rows.keys()]).toEqual([packs.same]);
    expect(rows.get(packs.same)).toMatchObject({
      supplier_id: list.supplier.id,
      supplier_list_id: list.id,
      supplier_pack: 'same',
      confirmed: false,
    });
    expect(rows.get(packs.same)!.supplier_key).toMatch(/^\d{14}$/);

    // Said false: the same as not said.
    expect((await add(alice, inventoryId, codes, false)).json()).toMatchObject({
      added: 0,
      pack_left_out: 2,
    });
    const confirmed = await add(alice, inventoryId, codes, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ added: 2, skipped: 1, pack_left_out: 0 });
    rows = await kept(inventoryId);
    expect(rows.get(packs.differs)).toMatchObject({ supplier_pack: 'differs', confirmed: true });
    expect(rows.get(packs.unknown)).toMatchObject({ supplier_pack: 'unknown', confirmed: true });
  });

  it('confirming again confirms a product already kept with its pack unconfirmed', async () => {
    const inventoryId = (await create(alice, { title: 'Acme unconfirmed' })).id;
    await add(alice, inventoryId, [packs.differs], true);
    await database.db.execute(
      sql`update inventory_products set pack_confirmed_at = null where inventory_id = ${inventoryId}::uuid`,
    );
    const again = await add(alice, inventoryId, [packs.differs], true);
    expect(again.json()).toMatchObject({ added: 0, skipped: 1, pack_confirmed: 1 });
    expect((await kept(inventoryId)).get(packs.differs)!.confirmed).toBe(true);
  });

  it("refuses a non-boolean confirmation naming the field, and another user's inventory or report", async () => {
    const inventoryId = (await create(alice, { title: 'Acme guarded' })).id;
    const bad = await call('POST', `/api/inventories/${inventoryId}/products`, alice, {
      report_id: reportId,
      product_ids: [packs.differs],
      confirm_pack: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('confirm_pack');
    expect((await add(bob, inventoryId, [packs.differs], true)).statusCode).toBe(404);
    const bobs = (await create(bob, { title: 'Bob' })).id;
    const theirs = await add(bob, bobs, [packs.differs], true);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.fields[0].field).toBe('report_id');
    expect((await kept(inventoryId)).size).toBe(0);
  });
});

describe('a new version of the list re-prices the inventory it feeds', () => {
  const costs = async (inventoryId: string) =>
    new Map(
      (
        await database.db.execute<{
          code: string;
          buy: number | null;
          std: number | null;
          stock: number | null;
          available: boolean | null;
          list: string | null;
          confirmed: boolean;
        }>(sql`select code, (snapshot->'row_cross'->'buybox'->>'buy_price')::float8 as buy,
                      std_price as std, stock, available, supplier_list_id as list,
                      pack_confirmed_at is not null as confirmed
                 from inventory_products where inventory_id = ${inventoryId}::uuid`)
      ).rows.map((r) => [r.code, r]),
    );

  it('takes the new costs by identifier, and a line no longer listed goes to stock 0', async () => {
    const inventoryId = (await create(alice, { title: 'Acme re-priced' })).id;
    const notes = await database.db
      .select()
      .from(reportSupplierRows)
      .where(eq(reportSupplierRows.reportId, reportId))
      .orderBy(reportSupplierRows.productId);
    // Products on lines of their own (a line naming several ASINs is fine too, but kept simple here).
    const perLine = new Map<number, number>();
    for (const n of notes) perLine.set(n.line, (perLine.get(n.line) ?? 0) + 1);
    const alone = notes.filter((n) => perLine.get(n.line) === 1 && n.otherLines.length === 0);
    const same = alone.filter((n) => n.pack === 'same').slice(0, 3);
    const differs = alone.find((n) => n.pack === 'differs')!;
    const [kept1, kept2, gone] = same;
    expect(gone).toBeDefined();
    const added = await add(
      alice,
      inventoryId,
      [kept1!, kept2!, gone!, differs].map((n) => n.productId),
      true,
    );
    expect(added.json()).toMatchObject({ added: 4 });
    const before = await costs(inventoryId);
    expect(before.get(kept1!.productId)).toMatchObject({ buy: kept1!.buyPrice, list: list.id });

    // Version 2: every cost doubled, the line of `gone` dropped, for the same supplier.
    const v2 = supplierRows(LINES)
      .map((row) => [row[0]!, row[1]!, (Number(row[2]) * 2).toFixed(2), ...row.slice(3)])
      .filter((_, i) => i + 2 !== gone!.line);
    const res = await uploadSupplierList(
      app,
      alice,
      { name: 'acme-v2.csv', bytes: csv(v2) },
      { supplier_id: list.supplier.id },
    );
    expect(res.statusCode, res.body).toBe(201);
    const v2Id = res.json<SupplierListView>().id;
    let after = await costs(inventoryId);
    for (let i = 0; i < 300 && [...after.values()].some((r) => r.list !== v2Id); i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await costs(inventoryId);
    }
    for (const n of [kept1!, kept2!, differs]) {
      const row = after.get(n.productId)!;
      expect(row.list).toBe(v2Id);
      // A US supplier in dollars on a US buying side: the list's price as it is.
      expect(row.buy).toBeCloseTo(n.buyPrice * 2, 1);
      if (before.get(n.productId)!.std !== null)
        expect(row.std).toBeGreaterThan(before.get(n.productId)!.std!);
    }
    // The confirmation of a pack that still differs for the same reason stands.
    expect(after.get(differs.productId)!.confirmed).toBe(true);
    // No longer offered: unavailable, quantity 0 (what a listing sync sends to Amazon first).
    expect(after.get(gone!.productId)).toMatchObject({ list: v2Id, buy: null, stock: 0, available: false });

    // A job of the older version running late takes nothing back.
    const quiet = {
      db: database.db,
      logger: createLogger(testConfig({ LOG_LEVEL: 'silent' })),
      queue: noQueue,
    };
    expect(await repriceSupplierInventories(quiet, aliceId, list.id)).toEqual([]);
    expect(await costs(inventoryId)).toEqual(after);

    // With listings sync on, the inventory's sync follows the re-pricing, as after an update.
    await database.db.execute(
      sql`update inventories set listing_sync_enabled = true where id = ${inventoryId}::uuid`,
    );
    await database.db.execute(
      sql`update inventory_products set supplier_list_id = ${list.id}::uuid where inventory_id = ${inventoryId}::uuid`,
    );
    const sent: unknown[] = [];
    const recording: JobQueue = {
      send: (name, data) => {
        sent.push([name, data]);
        return Promise.resolve(null);
      },
      retry: () => Promise.resolve(false),
    };
    const again = await repriceSupplierInventories({ ...quiet, queue: recording }, aliceId, v2Id);
    expect(again).toEqual([expect.objectContaining({ inventory_id: inventoryId, products: 4, changed: 0 })]);
    expect(sent).toEqual([[JOB_NAMES.syncListings, { inventory_id: inventoryId }]]);
    await database.db.execute(
      sql`update inventories set listing_sync_enabled = false where id = ${inventoryId}::uuid`,
    );

    // A product added later from the old version's report takes the new version's cost.
    const late = alone.find((n) => ![kept1, kept2, gone, differs].includes(n) && n.pack === 'same')!;
    expect((await add(alice, inventoryId, [late.productId])).json()).toMatchObject({ added: 1 });
    let row = (await costs(inventoryId)).get(late.productId)!;
    for (let i = 0; i < 300 && row.list !== v2Id; i++) {
      await new Promise((r) => setTimeout(r, 100));
      row = (await costs(inventoryId)).get(late.productId)!;
    }
    expect(row).toMatchObject({ list: v2Id });
    expect(row.buy).toBeCloseTo(late.buyPrice * 2, 1);
  });

  it("another user's upload naming the supplier is refused and re-prices nothing", async () => {
    const res = await uploadSupplierList(
      app,
      bob,
      { name: 'acme-v3.csv', bytes: csv(supplierRows(5)) },
      { supplier_id: list.supplier.id },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].field).toBe('supplier_id');
  });
});

describe("a supplier report's header", () => {
  it('names the supplier and the list, with its lines, matches, bad lines and packs', async () => {
    const detail = await call('GET', `/api/reports/${reportId}`, alice);
    expect(detail.statusCode, detail.body).toBe(200);
    const supplier = detail.json().supplier;
    const rows = await database.db
      .select()
      .from(reportSupplierRows)
      .where(eq(reportSupplierRows.reportId, reportId));
    expect(supplier).toMatchObject({
      supplier_name: 'Acme Wholesale',
      list_id: list.id,
      file_name: 'acme-v1.csv',
      version: 1,
      lines: LINES,
      bad_count: 0,
      unanswered_lines: 0,
      products: rows.length,
      pack_differs: rows.filter((r) => r.pack === 'differs').length,
      pack_unknown: rows.filter((r) => r.pack === 'unknown').length,
    });
    expect(supplier.matched_lines + supplier.unmatched_lines).toBe(LINES);
    expect(supplier.matched_lines).toBe(new Set(rows.flatMap((r) => [r.line, ...r.otherLines])).size);
    expect(supplier.unmatched_lines).toBeGreaterThan(0);
    expect((await call('GET', `/api/reports/${reportId}`, bob)).statusCode).toBe(404);
  });

  it('shows how far the matching is while the lines are matched', async () => {
    const summary = async () =>
      (await call('GET', '/api/reports', alice))
        .json<{ id: string; supplier_matching?: unknown }[]>()
        .find((r) => r.id === reportId)!;
    expect((await summary()).supplier_matching).toBeNull();
    // As it stands while matching: the lines matched so far are kept, the report is not marked matched
    // and its size still counts two lookups a line (create-report.ts).
    const [{ size }] = (
      await database.db.execute<{ size: number }>(sql`select size from reports where id = ${reportId}::uuid`)
    ).rows as [{ size: number }];
    await database.db.execute(
      sql`update reports set supplier_matched_at = null, size = ${LINES * 2} where id = ${reportId}::uuid`,
    );
    try {
      expect((await summary()).supplier_matching).toEqual({ matched: LINES, total: LINES });
      await database.db.execute(
        sql`delete from supplier_matches where list_id = ${list.id}::uuid and line > 31`,
      );
      expect((await summary()).supplier_matching).toEqual({ matched: 30, total: LINES });
    } finally {
      await database.db.execute(
        sql`update reports set supplier_matched_at = now(), size = ${size} where id = ${reportId}::uuid`,
      );
    }
  });
});

describe('the daily quota counts matched products, not lines', () => {
  it('takes a list longer than the quota left, and keeps the matched products that fit', async () => {
    const usedToday = async () =>
      (await call('GET', '/api/me', alice)).json<{ usage: { r_count: number } }>().usage.r_count;
    const matched = (
      await database.db.select().from(reportSupplierRows).where(eq(reportSupplierRows.reportId, reportId))
    ).length;
    const used = await usedToday();
    const [{ quota, plan }] = (
      await database.db.execute<{ quota: number; plan: string }>(sql`
        select p.daily_report_quota as quota, p.code as plan
          from user_data u join plans p on p.code = u.plan_code where u.user_id = ${aliceId}`)
    ).rows as [{ quota: number; plan: string }];
    // Five products left today, for a list of 60 lines.
    await database.db.execute(sql`update plans set daily_report_quota = ${used + 5} where code = ${plan}`);
    try {
      const res = await call('POST', '/api/reports', alice, {
        source: 'supplier_list',
        supplier_list_id: list.id,
        to_country: 'ca',
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ report_id: string }>().report_id;
      const report = await waitForReport(database.db, id, 120_000);
      expect(report.finalized).toBe(true);
      expect(report.content).toHaveLength(5);
      const detail = (await call('GET', `/api/reports/${id}`, alice)).json();
      expect(detail.supplier).toMatchObject({ products: 5, quota_left_out: matched - 5, lines: LINES });
      expect(await usedToday()).toBe(used + 5);

      // Nothing left: refused before anything is matched, naming how much is left.
      const refused = await call('POST', '/api/reports', alice, {
        source: 'supplier_list',
        supplier_list_id: list.id,
        to_country: 'ca',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields[0]).toMatchObject({ key: 'validation.report.overQuota' });
    } finally {
      await database.db.execute(sql`update plans set daily_report_quota = ${quota} where code = ${plan}`);
    }
  }, 180_000);
});

describe('an inventory update beside a new version', () => {
  it('never writes back the old cost of a supplier side re-priced while it ran', async () => {
    const inventoryId = (await create(alice, { title: 'Acme race' })).id;
    await add(alice, inventoryId, [packs.same]);
    // Added from the first version's report, the product is re-priced to the newest version by a job of
    // the test app's worker: let it land first, or it writes the list's real cost over the race below.
    for (let i = 0; i < 300; i++) {
      const pending = await database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from pgboss.job
         where name = ${JOB_NAMES.repriceFromSupplierList} and state in ('created', 'retry', 'active')`);
      if (pending.rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const buy = async () =>
      (
        await database.db.execute<{ buy: number }>(
          sql`select (snapshot->'row_cross'->'buybox'->>'buy_price')::float8 as buy
                from inventory_products where inventory_id = ${inventoryId}::uuid`,
        )
      ).rows[0]!.buy;
    const sandbox = baselineSandbox();
    // The new version is written after the run read the product and before it writes it.
    const racing: MarketplaceProvider = {
      name: 'sandbox',
      batchSize: 5,
      lookup: (ids, region, options) => sandbox.lookup(ids, region, options),
      async refreshPrices(ids, region, options) {
        await database.db.execute(sql`
          update inventory_products
             set snapshot = jsonb_set(snapshot, '{row_cross,buybox,buy_price}', '99.5'::jsonb)
           where inventory_id = ${inventoryId}::uuid`);
        return sandbox.refreshPrices!(ids, region, options);
      },
    };
    await database.db.execute(
      sql`update inventories set update_status = 'queued', update_queued_at = now() where id = ${inventoryId}::uuid`,
    );
    const logger = createLogger(testConfig({ LOG_LEVEL: 'silent' }));
    expect(
      await updateInventory(
        { db: database.db, logger, leaseSeconds: 60, marketplace: racing, owner: 'race' },
        inventoryId,
      ),
    ).toBe('done');
    expect(await buy()).toBe(99.5);
  });
});
