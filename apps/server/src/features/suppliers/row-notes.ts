import { minimumOrderOf, type FbmBlock, type SupplierRowNote } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';

/**
 * The page query's join for a supplier report's rows: the row's supplier line as JSON text (null on any
 * other report). `alias.product_id` is the page's product column.
 */
export const supplierNotesJoin = (reportId: string) => sql`
    left join lateral (
      select json_build_object(
        'line', s.line, 'identifier', s.identifier, 'identifier_kind', s.identifier_kind,
        'confidence', s.confidence, 'pack', s.pack, 'supplier_pack', s.supplier_pack,
        'amazon_quantity', s.amazon_quantity, 'units', s.units, 'unit_cost', s.unit_cost,
        'buy_price', s.buy_price, 'currency', s.currency, 'name', s.name, 'supplier_sku', s.supplier_sku,
        'other_lines', s.other_lines, 'min_order', s.min_order, 'pack_cost', s.pack_cost)::text as note
        from report_supplier_rows s
       where s.report_id = ${reportId}::uuid and s.product_id = u.product_id
    ) sup on true`;

interface StoredNote extends Omit<SupplierRowNote, 'min_order'> {
  min_order: number | null;
  pack_cost: number;
}

/**
 * A row's supplier note as answered: its line and match, and the minimum order with what it costs and
 * the profit of the whole Amazon products it makes at the row's standard price (else at the buy box).
 */
export function supplierNote(text: string | null, fbm: FbmBlock | null): SupplierRowNote | null {
  if (!text) return null;
  const { min_order, pack_cost, ...note } = JSON.parse(text) as StoredNote;
  const profit = fbm?.profit_amount.custom.std ?? fbm?.profit_amount.buybox ?? null;
  const order = minimumOrderOf(
    { cost: pack_cost, basis: 'pack', supplierPack: note.supplier_pack, minOrder: min_order },
    note.units,
    profit,
  );
  return { ...note, min_order: order };
}
