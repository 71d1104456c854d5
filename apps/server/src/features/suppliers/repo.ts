import { BAD_LINES_SHOWN, type SupplierListView } from '@crossmarket/domain';
import { and, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supplierLists, suppliers } from '../../db/schema';

type ListRow = typeof supplierLists.$inferSelect;
type SupplierRef = SupplierListView['supplier'];

/** How many good lines the answer shows as read. */
const PREVIEW_LINES = 20;

export function listView(list: ListRow, supplier: SupplierRef): SupplierListView {
  return {
    id: list.id,
    supplier,
    file_name: list.fileName,
    format: list.format as 'csv' | 'xlsx',
    country: list.country,
    created_at: list.createdAt.toISOString(),
    prices_include_tax: list.pricesIncludeTax,
    total: list.total,
    good: list.lines.length,
    bad_count: list.bad.length,
    bad: list.bad.slice(0, BAD_LINES_SHOWN),
    preview: list.lines.slice(0, PREVIEW_LINES).map((l) => ({
      line: l.line,
      identifier: l.value,
      identifier_kind: l.kind,
      name: l.name,
      cost: l.cost,
      pack: l.pack,
      min_order: l.min_order,
      supplier_sku: l.sku,
    })),
  };
}

const sqlCount = (column: AnyColumn) => sql<number>`jsonb_array_length(${column})::int`;

const supplierRef = {
  id: suppliers.id,
  name: suppliers.name,
  country: suppliers.country,
  currency: suppliers.currency,
};

/** One of the user's lists (another user's is not found). */
export async function findSupplierList(db: Db, userId: string, listId: string) {
  const [row] = await db
    .select({ list: supplierLists, supplier: supplierRef })
    .from(supplierLists)
    .innerJoin(suppliers, eq(suppliers.id, supplierLists.supplierId))
    .where(and(eq(supplierLists.id, listId), eq(supplierLists.userId, userId)));
  return row ? listView(row.list, row.supplier) : null;
}

/** The user's lists, newest first, without their lines. */
export async function listSupplierLists(db: Db, userId: string) {
  const rows = await db
    .select({
      id: supplierLists.id,
      supplier: supplierRef,
      file_name: supplierLists.fileName,
      format: supplierLists.format,
      country: supplierLists.country,
      createdAt: supplierLists.createdAt,
      prices_include_tax: supplierLists.pricesIncludeTax,
      total: supplierLists.total,
      // Counted in PostgreSQL: the lines themselves are not read.
      good: sqlCount(supplierLists.lines),
      bad_count: sqlCount(supplierLists.bad),
    })
    .from(supplierLists)
    .innerJoin(suppliers, eq(suppliers.id, supplierLists.supplierId))
    .where(eq(supplierLists.userId, userId))
    .orderBy(desc(supplierLists.createdAt))
    .limit(200);
  return {
    data: rows.map(({ createdAt, format, ...r }) => ({
      ...r,
      format: format as 'csv' | 'xlsx',
      created_at: createdAt.toISOString(),
    })),
  };
}

/** The user's suppliers with the mapping each last used. */
export async function listSuppliers(db: Db, userId: string) {
  const rows = await db.select().from(suppliers).where(eq(suppliers.userId, userId)).orderBy(suppliers.name);
  return {
    data: rows.map((s) => ({
      id: s.id,
      name: s.name,
      country: s.country,
      currency: s.currency,
      prices_include_tax: s.pricesIncludeTax,
      mapping: s.mapping,
      header: s.header,
    })),
  };
}

/** Deletes one of the user's lists; false when it is not theirs. Reports priced from it keep their rows. */
export async function deleteSupplierList(db: Db, userId: string, listId: string) {
  const gone = await db
    .delete(supplierLists)
    .where(and(eq(supplierLists.id, listId), eq(supplierLists.userId, userId)))
    .returning({ id: supplierLists.id });
  return gone.length > 0;
}
