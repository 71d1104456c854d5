import { SUPPLIER_HEADER, supplierRows, toCsv } from '@crossmarket/domain/testing';
import type { SupplierListView } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportSupplierRows } from '../src/db/schema';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import { waitForReport } from './helpers/reports';
import { uploadSupplierList } from './helpers/suppliers';

// Issue 62: a supplier report's products in an inventory. A pack that differs from Amazon's, or that
// Amazon does not state, reaches an inventory (and a listing) only with the seller's confirmation.

setUpInventories();

const LINES = 60;
const csv = (rows: string[][]) => new TextEncoder().encode(toCsv([SUPPLIER_HEADER, ...rows]));

let list: SupplierListView;
let reportId: string;
/** One product of the report of each pack verdict. */
let packs: Record<'same' | 'differs' | 'unknown', string>;

beforeAll(async () => {
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
