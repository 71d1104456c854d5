import { packPrice, readIdentifier, type InventoryProductPack, type PackMatch } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports, supplierLists } from '../../db/schema';
import type { SnapshotRow } from './pricing';

/** A report's product as an inventory takes it, with its supplier line when the report is a supplier's. */
export type ReportSnapshotRow = SnapshotRow & {
  pack: PackMatch | null;
  identifier: string | null;
  amazon_quantity: number | null;
};

/**
 * The report's snapshots of these products not yet in the inventory, with their supplier rows (issue 62;
 * none on other reports: a supplier report's rows outlive its list).
 */
export async function reportSnapshots(tx: Db, reportId: string, inventoryId: string, ids: string[]) {
  const rows = await tx.execute<ReportSnapshotRow>(sql`
    select s.product_id, s.row_cross, s.row_to, r.pack, r.identifier, r.amazon_quantity
      from report_product_snapshots s
      left join report_supplier_rows r on r.report_id = s.report_id and r.product_id = s.product_id
     where s.report_id = ${reportId}::uuid and s.product_id = any(${sql.param(ids)}::text[])
       and not exists (select 1 from inventory_products p
                        where p.inventory_id = ${inventoryId}::uuid and p.code = s.product_id)`);
  return rows.rows;
}

/** A pack that needs the seller's word before it is bought and listed: it differs, or Amazon is silent. */
export const packToConfirm = (pack: PackMatch | null) => pack === 'differs' || pack === 'unknown';

/** The supplier a supplier report's list belongs to, and that list; nulls once the list is deleted. */
export async function supplierOfReport(tx: Db, reportId: string) {
  const [row] = await tx
    .select({ supplierId: supplierLists.supplierId, listId: supplierLists.id })
    .from(reports)
    .innerJoin(supplierLists, eq(supplierLists.id, reports.supplierListId))
    .where(eq(reports.id, reportId));
  return row ?? { supplierId: null, listId: null };
}

/**
 * What an inventory product keeps of its supplier line: the supplier and list version (a new version
 * re-prices it), the identifier's key it is matched by in that version, Amazon's quantity and the pack
 * verdict, and when a pack to confirm was confirmed (this add's time, as the seller confirmed it).
 */
export function supplierColumns(
  row: ReportSnapshotRow,
  supplier: { supplierId: string | null; listId: string | null },
  now: Date,
) {
  if (!row.pack || !row.identifier) return {};
  const read = readIdentifier(row.identifier);
  return {
    supplierId: supplier.supplierId,
    supplierListId: supplier.listId,
    supplierKey: read.ok ? read.id.key : row.identifier,
    supplierUnits: row.amazon_quantity,
    supplierPack: row.pack,
    packConfirmedAt: packToConfirm(row.pack) ? now : null,
  };
}

/**
 * The seller confirmed the packs of these products of the report: those already in the inventory with
 * an unconfirmed pack (left out of listings till now) are confirmed too. Returns how many.
 */
export async function confirmKeptPacks(tx: Db, inventoryId: string, reportId: string, ids: string[]) {
  const confirmed = await tx.execute(sql`
    update inventory_products p set pack_confirmed_at = now()
     where p.inventory_id = ${inventoryId}::uuid and p.code = any(${sql.param(ids)}::text[])
       and p.supplier_pack in ('differs', 'unknown') and p.pack_confirmed_at is null
       and exists (select 1 from report_supplier_rows r
                    where r.report_id = ${reportId}::uuid and r.product_id = p.code)`);
  return confirmed.rowCount ?? 0;
}

type PackRow = {
  code: string;
  supplier_pack: 'differs' | 'unknown';
  supplier_units: number | null;
  confirmed: boolean;
  currency: string | null;
  basis: 'unit' | 'pack' | null;
  line_cost: number | null;
  line_pack: number | null;
};

/**
 * The packs of these products that need the seller's word (issue 62), with what the confirmation names:
 * the supplier's pack and unit cost from the product's line in its list version, Amazon's quantity, and the
 * buy price they imply (`packPrice`: the unit cost times Amazon's quantity). Scoped by the inventory, which
 * the caller has checked is the user's. A line is looked up only for such products.
 */
export async function packsToConfirm(db: Db, inventoryId: string, codes: string[]) {
  const out = new Map<string, InventoryProductPack>();
  if (codes.length === 0) return out;
  const rows = await db.execute<PackRow>(sql`
    select p.code, p.supplier_pack, p.supplier_units, p.pack_confirmed_at is not null as confirmed,
           l.currency, l.mapping ->> 'cost_basis' as basis,
           (line ->> 'cost')::float8 as line_cost, (line ->> 'pack')::int as line_pack
      from inventory_products p
      left join supplier_lists l on l.id = p.supplier_list_id
      left join lateral jsonb_path_query_first(l.lines, '$[*] ? (@.key == $k)',
                                               jsonb_build_object('k', p.supplier_key)) line on true
     where p.inventory_id = ${inventoryId}::uuid and p.code = any(${sql.param(codes)}::text[])
       and p.supplier_pack in ('differs', 'unknown')`);
  for (const r of rows.rows) {
    const priced =
      r.line_cost !== null && r.line_pack !== null && r.basis !== null
        ? packPrice({ cost: r.line_cost, basis: r.basis, supplierPack: r.line_pack }, r.supplier_units)
        : null;
    out.set(r.code, {
      verdict: r.supplier_pack,
      confirmed: r.confirmed,
      supplier_pack: r.line_pack,
      amazon_quantity: r.supplier_units,
      unit_cost: priced ? priced.unitCost : null,
      buy_price: priced ? priced.buyPrice : null,
      currency: priced ? r.currency : null,
    });
  }
  return out;
}
