// One-dimensional PostgreSQL arrays in the binary wire format (array_recv): a settings save sends 50,000
// values per column, and as text node-postgres spends longer formatting them and PostgreSQL parsing them
// than the update itself takes. A Buffer parameter travels in binary; cast it (`$1::float8[]`) in the SQL.

export type BinaryElement = 'float8' | 'boolean' | 'text';

const ELEMENT_OID: Record<BinaryElement, number> = { float8: 701, boolean: 16, text: 25 };
const HEADER = 20; // ndim, has-nulls flag, element type, then (length, lower bound) of the one dimension

type ElementValue = number | boolean | string | null;

function elementSize(type: BinaryElement, value: ElementValue): number {
  if (value === null) return 0;
  if (type === 'float8') return 8;
  if (type === 'boolean') return 1;
  return Buffer.byteLength(String(value), 'utf8');
}

/** `values` as a binary array of `type`; null elements stay null. */
export function binaryArray(type: BinaryElement, values: readonly ElementValue[]): Buffer {
  let size = HEADER;
  let hasNulls = false;
  for (const v of values) {
    size += 4 + elementSize(type, v);
    if (v === null) hasNulls = true;
  }
  const buf = Buffer.allocUnsafe(size);
  buf.writeInt32BE(1, 0);
  buf.writeInt32BE(hasNulls ? 1 : 0, 4);
  buf.writeInt32BE(ELEMENT_OID[type], 8);
  buf.writeInt32BE(values.length, 12);
  buf.writeInt32BE(1, 16);
  let at = HEADER;
  for (const v of values) {
    if (v === null) {
      buf.writeInt32BE(-1, at);
      at += 4;
    } else if (type === 'float8') {
      buf.writeInt32BE(8, at);
      buf.writeDoubleBE(Number(v), at + 4);
      at += 12;
    } else if (type === 'boolean') {
      buf.writeInt32BE(1, at);
      buf[at + 4] = v ? 1 : 0;
      at += 5;
    } else {
      const written = buf.write(String(v), at + 4, 'utf8');
      buf.writeInt32BE(written, at);
      at += 4 + written;
    }
  }
  return buf;
}
