import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supplierLists } from '../../db/schema';
import { fieldError } from '../../http/errors';

/**
 * The list a new supplier report is priced from: the user's own (another's is unknown, naming the field),
 * its country (the report's buying side) and how many good lines it has (what the quota is checked with).
 */
export async function supplierListForReport(db: Db, userId: string, listId: string | null | undefined) {
  if (!listId) throw fieldError('supplier_list_id', 'validation.report.supplierListId');
  const [list] = await db
    .select({
      id: supplierLists.id,
      country: supplierLists.country,
      lines: sql<number>`jsonb_array_length(${supplierLists.lines})::int`,
    })
    .from(supplierLists)
    .where(and(eq(supplierLists.id, listId), eq(supplierLists.userId, userId)));
  if (!list) throw fieldError('supplier_list_id', 'validation.supplier.listId');
  return list;
}
