import { readSupplierLines, type SupplierListFields, type SupplierLine } from '@crossmarket/domain';
import { readSupplierFile, type SupplierFileProblem } from '@crossmarket/domain/supplier-files';
import { and, eq, sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { supplierLists, suppliers, type StoredSupplierLine } from '../../db/schema';
import { fieldError } from '../../http/errors';
import { listView } from './repo';

const FILE_PROBLEM_KEYS: Record<SupplierFileProblem, string> = {
  empty: 'validation.supplier.fileEmpty',
  old_excel: 'validation.supplier.fileOldExcel',
  not_text: 'validation.supplier.fileNotText',
  unreadable_excel: 'validation.supplier.fileUnreadable',
};

const stored = (l: SupplierLine): StoredSupplierLine => ({
  line: l.line,
  kind: l.id.kind,
  value: l.id.value,
  key: l.id.key,
  name: l.name,
  cost: l.cost,
  pack: l.pack,
  min_order: l.minOrder,
  sku: l.sku,
});

/**
 * Reads and checks an uploaded list under the mapping and keeps it: the supplier is the seller's own one
 * named by id (another's is unknown), else found or made by name, and remembers this mapping and header
 * for the next file. Lines past the plan's send limit refuse the file (a 400 naming the limit), as a
 * report's product list does; bad lines are kept with their reasons, never dropped.
 */
export async function createSupplierList(
  db: Db,
  userId: string,
  fields: SupplierListFields,
  upload: { fileName: string; bytes: Uint8Array },
  sendLimit: number,
) {
  const header = fields.mapping.header ? 1 : 0;
  const file = await readSupplierFile(upload.bytes, { maxRows: sendLimit + header + 1000 });
  if (!file.ok) throw fieldError('file', FILE_PROBLEM_KEYS[file.problem]);
  const read = readSupplierLines(file.grid, fields.mapping, fields.currency);
  if (read.total > sendLimit) throw fieldError('file', 'validation.report.tooMany', { count: sendLimit });
  if (read.lines.length === 0) throw fieldError('file', 'validation.supplier.noGoodLine');
  const headerNames = fields.mapping.header ? (file.grid[0] ?? []).map((c) => (c ?? '').trim()) : [];

  return withTx(db, async (t) => {
    const values = {
      name: fields.supplier_name,
      country: fields.country,
      currency: fields.currency,
      pricesIncludeTax: fields.prices_include_tax,
      mapping: fields.mapping,
      header: headerNames,
      updatedAt: new Date(),
    };
    // The seller's supplier named by id, else the one of the same name (any case), else a new one.
    const [known] = await t
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.userId, userId),
          fields.supplier_id
            ? eq(suppliers.id, fields.supplier_id)
            : sql`lower(${suppliers.name}) = lower(${fields.supplier_name})`,
        ),
      )
      .for('update');
    if (fields.supplier_id && !known) throw fieldError('supplier_id', 'validation.supplier.listId');
    // Renaming a supplier to the name of another of the seller's: refused, naming the field.
    const [namesake] = await t
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.userId, userId),
          sql`lower(${suppliers.name}) = lower(${fields.supplier_name})`,
          sql`${suppliers.id} <> ${known?.id ?? null}::uuid`,
        ),
      );
    if (known && namesake) throw fieldError('supplier_name', 'validation.supplier.nameTaken');
    let supplierId: string;
    if (known) {
      await t.update(suppliers).set(values).where(eq(suppliers.id, known.id));
      supplierId = known.id;
    } else {
      const [row] = await t
        .insert(suppliers)
        .values({ userId, ...values })
        .returning({ id: suppliers.id });
      supplierId = row!.id;
    }
    const [list] = await t
      .insert(supplierLists)
      .values({
        userId,
        supplierId,
        fileName: upload.fileName,
        format: file.format,
        country: fields.country,
        currency: fields.currency,
        pricesIncludeTax: fields.prices_include_tax,
        mapping: fields.mapping,
        lines: read.lines.map(stored),
        bad: read.bad,
        total: read.total,
      })
      .returning();
    return listView(list!, {
      id: supplierId,
      name: fields.supplier_name,
      country: fields.country,
      currency: fields.currency,
    });
  });
}
