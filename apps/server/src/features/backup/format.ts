import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/**
 * A backup file is gzip over a sequence of records: one byte of kind, four bytes of length (big-endian),
 * the payload. JSON records describe; data records carry PostgreSQL's COPY text as it came. The trailer's
 * SHA-256 covers every byte before it, so a cut or altered file is refused before anything is committed.
 */
export const BACKUP_FORMAT = 'crossmarket-backup';
export const BACKUP_VERSION = 1;

export type RecordKind =
  | 'H' // header
  | 'T' // a table starts: its columns, its partitions
  | 'D' // COPY text of the current table
  | 'E' // the current table ends: its row count
  | 'S' // sequences
  | 'Z'; // trailer: row counts and the checksum

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** The newest applied migration: drizzle's hash and the journal's `when`. */
  migration: { hash: string; created_at: number };
  /** pg-boss's schema version, or null when the database has no queue yet. */
  pgboss_version: number | null;
  server_version: string;
}

export interface TablePartition {
  name: string;
  /** `FOR VALUES …` as PostgreSQL prints it. */
  bound: string;
}

export interface TableRecord {
  schema: string;
  name: string;
  columns: string[];
  partitioned: boolean;
  partitions: TablePartition[];
}

export interface SequenceRecord {
  schema: string;
  name: string;
  last_value: string;
  is_called: boolean;
}

export interface Trailer {
  rows: Record<string, number>;
  sha256: string;
}

export const tableKey = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/** Writes records into a stream (gzip), with backpressure, hashing every byte before the trailer. */
export class RecordWriter {
  private readonly hash: Hash = createHash('sha256');
  bytes = 0;

  constructor(private readonly out: Writable) {}

  async write(kind: Exclude<RecordKind, 'Z'>, payload: Buffer): Promise<void> {
    const head = Buffer.alloc(5);
    head.write(kind, 0, 'latin1');
    head.writeUInt32BE(payload.length, 1);
    this.hash.update(head).update(payload);
    this.bytes += payload.length + 5;
    const a = this.out.write(head);
    const b = this.out.write(payload);
    if (!a || !b) await once(this.out, 'drain');
  }

  json(kind: Exclude<RecordKind, 'Z' | 'D'>, value: unknown): Promise<void> {
    return this.write(kind, Buffer.from(JSON.stringify(value)));
  }

  /** The last record; nothing may follow it. */
  async trailer(rows: Record<string, number>): Promise<void> {
    const payload = Buffer.from(JSON.stringify({ rows, sha256: this.hash.digest('hex') } satisfies Trailer));
    const head = Buffer.alloc(5);
    head.write('Z', 0, 'latin1');
    head.writeUInt32BE(payload.length, 1);
    if (!this.out.write(Buffer.concat([head, payload]))) await once(this.out, 'drain');
  }
}

export class BackupFileError extends Error {}

export interface BackupRecord {
  kind: RecordKind;
  payload: Buffer;
}

/** Largest record the reader accepts: data records are cut at 64 KiB, JSON ones are small. */
const MAX_RECORD = 16 * 1024 * 1024;

/**
 * The records of an (already gunzipped) stream, in order. The trailer's checksum is checked against the
 * bytes read before it; a stream ending without a trailer, or with bytes after it, throws.
 */
export async function* readRecords(input: Readable): AsyncGenerator<BackupRecord> {
  try {
    yield* records(input);
  } catch (error) {
    // gzip's own complaints (a cut or overwritten file) are a damaged file, said as such.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new BackupFileError(`the file is damaged (${(error as Error).message})`);
    throw error;
  }
}

async function* records(input: Readable): AsyncGenerator<BackupRecord> {
  const hash = createHash('sha256');
  let buffer: Buffer = Buffer.alloc(0);
  let sawTrailer = false;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    if (sawTrailer) throw new BackupFileError('bytes after the trailer');
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    let offset = 0;
    while (buffer.length - offset >= 5) {
      const kind = String.fromCharCode(buffer[offset]!) as RecordKind;
      const length = buffer.readUInt32BE(offset + 1);
      if (!'HTDESZ'.includes(kind) || length > MAX_RECORD)
        throw new BackupFileError('not a Crossmarket backup, or a damaged one');
      if (buffer.length - offset - 5 < length) break;
      const payload = buffer.subarray(offset + 5, offset + 5 + length);
      if (kind === 'Z') {
        const trailer = parseJson<Trailer>({ kind, payload }, 'Z');
        if (trailer.sha256 !== hash.digest('hex'))
          throw new BackupFileError('the checksum does not match: the file is damaged');
        sawTrailer = true;
        if (buffer.length - offset - 5 > length) throw new BackupFileError('bytes after the trailer');
      } else {
        hash.update(buffer.subarray(offset, offset + 5 + length));
      }
      yield { kind, payload };
      offset += 5 + length;
    }
    buffer = buffer.subarray(offset);
  }
  if (!sawTrailer) throw new BackupFileError('the file ends early (no trailer): it is incomplete');
}

export function parseJson<T>(record: BackupRecord, kind: RecordKind): T {
  if (record.kind !== kind) throw new BackupFileError(`expected a "${kind}" record, found "${record.kind}"`);
  try {
    return JSON.parse(record.payload.toString('utf8')) as T;
  } catch {
    throw new BackupFileError(`a damaged "${kind}" record`);
  }
}
