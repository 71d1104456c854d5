import { readIdentifier, type ProductIdentifier } from './identifiers';
import type { SupplierMapping } from './mapping';
import { readNumberText } from './number-text';

/** One cell of a parsed file: text (numbers kept as their digits), or empty. */
export type SupplierCell = string | null;
export type SupplierGrid = SupplierCell[][];

/** A usable line of a supplier's list. */
export interface SupplierLine {
  /** The line's number as a spreadsheet shows it (the header is line 1 when there is one). */
  line: number;
  id: ProductIdentifier;
  name: string | null;
  /** The price as given, per unit or per pack (`cost_basis`), in the list's currency. */
  cost: number;
  /** Units in the supplier's pack (1 without a pack size column). */
  pack: number;
  /** The supplier's minimum order in packs; null when none is given. */
  minOrder: number | null;
  sku: string | null;
}

/** Why a line was not taken. Every line with content is either a `SupplierLine` or one of these. */
export const BAD_LINE_REASONS = [
  'no_identifier',
  'identifier_format',
  'identifier_exponent',
  'check_digit',
  'price_not_number',
  'price_ambiguous',
  'pack_not_whole',
  'min_order_not_number',
  'currency_differs',
  'duplicate',
] as const;
export type BadLineReason = (typeof BAD_LINE_REASONS)[number];

export interface BadLine {
  line: number;
  reason: BadLineReason;
  /** The cell that failed, cut to 60 characters (for `duplicate`, the identifier). */
  value: string;
  /** For `duplicate`: the line the identifier was first taken from. */
  first_line?: number;
}

export interface SupplierLines {
  lines: SupplierLine[];
  bad: BadLine[];
  /** Lines with content after the header: `lines.length + bad.length`. */
  total: number;
}

const cellAt = (row: SupplierCell[], at: number | null | undefined) =>
  at === null || at === undefined ? null : (row[at] ?? null);
const text = (cell: SupplierCell) => (cell ?? '').trim();
const short = (cell: SupplierCell) => text(cell).slice(0, 60);

/**
 * Reads every line of a parsed file under a mapping: each line with content gives a `SupplierLine` or a
 * `BadLine` naming its number and why, in file order; nothing is dropped unsaid. A price is a number
 * above zero (`number-text.ts`), a pack a whole number of units, a minimum order a number of packs; a
 * currency cell, where mapped, must be the list's (one list, one currency: nothing is converted per line).
 * An identifier seen before (the same product however written) is a `duplicate` of its first line.
 */
export function readSupplierLines(
  grid: SupplierGrid,
  mapping: SupplierMapping,
  currency: string,
  { limit = Infinity }: { limit?: number } = {},
): SupplierLines {
  const lines: SupplierLine[] = [];
  const bad: BadLine[] = [];
  const firstSeen = new Map<string, number>();
  let total = 0;
  for (let i = mapping.header ? 1 : 0; i < grid.length && total < limit; i++) {
    const row = grid[i]!;
    if (!row.some((cell) => text(cell) !== '')) continue;
    total += 1;
    const line = i + 1;
    const fail = (reason: BadLineReason, cell: SupplierCell) =>
      bad.push({ line, reason, value: short(cell) });

    const idCell = cellAt(row, mapping.identifier);
    const id = readIdentifier(idCell);
    if (!id.ok) {
      fail(id.problem, idCell);
      continue;
    }
    const costCell = cellAt(row, mapping.cost);
    const cost = readNumberText(costCell);
    if (!cost.ok) {
      fail(cost.problem === 'ambiguous' ? 'price_ambiguous' : 'price_not_number', costCell);
      continue;
    }
    if (!(cost.value > 0)) {
      fail('price_not_number', costCell);
      continue;
    }
    const packCell = cellAt(row, mapping.pack_size);
    let pack = 1;
    if (text(packCell)) {
      const read = readNumberText(packCell);
      if (!read.ok || !Number.isInteger(read.value) || read.value < 1) {
        fail('pack_not_whole', packCell);
        continue;
      }
      pack = read.value;
    }
    const minCell = cellAt(row, mapping.min_order);
    let minOrder: number | null = null;
    if (text(minCell)) {
      const read = readNumberText(minCell);
      if (!read.ok || !(read.value > 0)) {
        fail('min_order_not_number', minCell);
        continue;
      }
      minOrder = Math.ceil(read.value);
    }
    const currencyCell = cellAt(row, mapping.currency);
    if (text(currencyCell) && text(currencyCell).toUpperCase() !== currency) {
      fail('currency_differs', currencyCell);
      continue;
    }
    const first = firstSeen.get(id.id.key);
    if (first !== undefined) {
      bad.push({ line, reason: 'duplicate', value: id.id.value, first_line: first });
      continue;
    }
    firstSeen.set(id.id.key, line);
    lines.push({
      line,
      id: id.id,
      name: text(cellAt(row, mapping.name)) || null,
      cost: cost.value,
      pack,
      minOrder,
      sku: text(cellAt(row, mapping.supplier_sku)) || null,
    });
  }
  return { lines, bad, total };
}
