// Supplier price lists (issue 62): the parse of a 100,000-line file (CSV and the first sheet of an .xlsx)
// into checked lines, judged against 5 s.
import { readSupplierLines, supplierMappingSchema } from '@crossmarket/domain';
import { readSupplierFile } from '@crossmarket/domain/supplier-files';
import { SUPPLIER_HEADER, supplierRows, toCsv, toXlsx } from '@crossmarket/domain/testing';

const N = 100_000;
const TARGET_S = 5;
const rows = [SUPPLIER_HEADER, ...supplierRows(N)];
const mapping = supplierMappingSchema.parse({
  identifier: 0,
  name: 1,
  cost: 2,
  pack_size: 3,
  min_order: 4,
  supplier_sku: 5,
});

async function parse(label: string, bytes: Uint8Array) {
  const t = performance.now();
  const file = await readSupplierFile(bytes);
  if (!file.ok) throw new Error(`${label}: ${file.problem}`);
  const read = readSupplierLines(file.grid, mapping, 'USD');
  const seconds = (performance.now() - t) / 1000;
  if (read.lines.length !== N) throw new Error(`${label}: ${read.lines.length} lines of ${N}`);
  console.log(
    `BENCH supplier.parse_${label}_100k ${seconds.toFixed(2)} s (${(bytes.length / 1e6).toFixed(1)} MB, ${read.lines.length} lines)`,
  );
  console.log(`BENCH supplier.parse_${label}_100k.ratio_to_target ${(seconds / TARGET_S).toFixed(2)} x`);
}

await parse('csv', new TextEncoder().encode(toCsv(rows)));
await parse('xlsx', toXlsx(rows));
