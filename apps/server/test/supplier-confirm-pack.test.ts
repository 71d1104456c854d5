import { SUPPLIER_HEADER, supplierRows, toCsv } from '@crossmarket/domain/testing';
import type { InventoryProductPage, SupplierListView } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportSupplierRows } from '../src/db/schema';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import { waitForReport } from './helpers/reports';
import { uploadSupplierList } from './helpers/suppliers';

// Issue 62: the seller confirms, on the inventory's products, a supplier pack that differs from Amazon's
// or that Amazon does not state, seeing the supplier's pack, Amazon's quantity and the buy price they give.

setUpInventories();

let reportId: string;
let packs: Record<'same' | 'differs' | 'unknown', string>;
let inventoryId: string;

beforeAll(async () => {
  const file = new TextEncoder().encode(toCsv([SUPPLIER_HEADER, ...supplierRows(40)]));
  const res = await uploadSupplierList(app, alice, { name: 'acme.csv', bytes: file });
  expect(res.statusCode, res.body).toBe(201);
  const list = res.json<SupplierListView>();
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
    .where(eq(reportSupplierRows.reportId, reportId));
  const first = (pack: string) => rows.find((r) => r.pack === pack)!.productId;
  packs = { same: first('same'), differs: first('differs'), unknown: first('unknown') };
  inventoryId = (await create(alice, { title: 'Acme to confirm' })).id;
  const added = await call('POST', `/api/inventories/${inventoryId}/products`, alice, {
    report_id: reportId,
    product_ids: Object.values(packs),
    confirm_pack: true,
  });
  expect(added.json()).toMatchObject({ added: 3 });
  // As a new list version that changed the packs leaves them: waiting for the seller.
  await database.db.execute(
    sql`update inventory_products set pack_confirmed_at = null where inventory_id = ${inventoryId}::uuid`,
  );
}, 180_000);

const confirm = (cookie: string, code: string, body: object) =>
  call('POST', `/api/inventories/${inventoryId}/products/${code}/confirm-pack`, cookie, body);
const page = async () =>
  (await call('GET', `/api/inventories/${inventoryId}/products`, alice)).json<InventoryProductPage>();
const productOf = (p: InventoryProductPage, code: string) => p.products.find((x) => x.code === code)!;

describe('confirming a supplier pack on the inventory page', () => {
  it("lists what the confirmation names: the supplier's pack, Amazon's quantity and the buy price", async () => {
    const p = await page();
    expect(productOf(p, packs.same).pack).toBeNull();
    const differs = productOf(p, packs.differs).pack!;
    expect(differs).toMatchObject({ verdict: 'differs', confirmed: false, currency: 'USD' });
    expect(differs.amazon_quantity).not.toBe(differs.supplier_pack);
    expect(differs.buy_price).toBeCloseTo(differs.unit_cost! * differs.amazon_quantity!, 2);
    const unknown = productOf(p, packs.unknown).pack!;
    expect(unknown).toMatchObject({ verdict: 'unknown', confirmed: false, amazon_quantity: null });
    // Amazon states no quantity: the price is of the supplier's pack.
    expect(unknown.buy_price).toBeCloseTo(unknown.unit_cost! * unknown.supplier_pack!, 2);
  });

  it('refuses bad input naming the field, a stale quantity, and a pack with nothing to confirm', async () => {
    const bad = await confirm(alice, packs.differs, { amazon_quantity: 'six' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('amazon_quantity');
    const differs = productOf(await page(), packs.differs).pack!;
    const stale = await confirm(alice, packs.differs, { amazon_quantity: differs.amazon_quantity! + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('pack_changed');
    const same = await confirm(alice, packs.same, { amazon_quantity: 1 });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('pack_not_to_confirm');
    expect(productOf(await page(), packs.differs).pack!.confirmed).toBe(false);
  });

  it('another user gets 404 and confirms nothing; the owner confirms the quantity they saw', async () => {
    const differs = productOf(await page(), packs.differs).pack!;
    const body = { amazon_quantity: differs.amazon_quantity };
    expect((await confirm(bob, packs.differs, body)).statusCode).toBe(404);
    expect(productOf(await page(), packs.differs).pack!.confirmed).toBe(false);

    const done = await confirm(alice, packs.differs, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ code: packs.differs, pack: { ...differs, confirmed: true } });
    const unknown = await confirm(alice, packs.unknown, { amazon_quantity: null });
    expect(unknown.statusCode, unknown.body).toBe(200);
    const p = await page();
    expect(productOf(p, packs.differs).pack!.confirmed).toBe(true);
    expect(productOf(p, packs.unknown).pack!.confirmed).toBe(true);
  });
});
