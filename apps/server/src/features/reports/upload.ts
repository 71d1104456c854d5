import { scanListings } from '@crossmarket/domain';
import type { Readable } from 'node:stream';

/** Text scanned at a time: the upload is read as it arrives, never held whole (it may be 20 MB). */
const SLICE_CHARS = 512 * 1024;
/** A quoted cell still open after this much text is cut anyway (a stray quote must not hold it all). */
const CARRY_LIMIT_CHARS = 4 * 1024 * 1024;

export type UploadProblem = 'binary';

export interface ListingsUpload {
  /** Distinct valid product IDs in first-seen order, each with the SKU of its first listing. */
  skus: Map<string, string>;
  /** More distinct IDs than `maxIds` were met: reading stopped counting there (the rest was drained). */
  overLimit: boolean;
  problem: UploadProblem | null;
}

const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;

/**
 * Where the text may be cut so that no record is split: the last line end outside a quoted cell, read as
 * the domain's `TabSeparatedReader` reads them (a quote opening a cell, closed by a quote before a tab or
 * a line end, `""` inside). Text whose quoted cell is still open at the end waits for more.
 *
 * It is fed each piece of text as it arrives and keeps its place, so each character is read once however
 * long a quoted cell (or a line) stays open (issue 57: a 20 MB upload opening a quote and never closing it
 * was read again, whole, at every chunk). Positions count from the start of the text not yet cut.
 */
class CutFinder {
  /** Characters fed so far, less the ones held back (a quote whose meaning the next character tells). */
  private read = 0;
  private held = '';
  private cellStart = true;
  private quoted = false;
  /** The last line end outside a quoted cell, -1 when none yet. */
  cut = -1;
  /** The last line end of any kind, for a quoted cell cut anyway (see CARRY_LIMIT_CHARS). */
  lastLineEnd = -1;

  feed(piece: string) {
    const text = this.held + piece;
    const base = this.read;
    const n = text.length;
    let i = 0;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === LF) this.lastLineEnd = base + i;
      if (this.quoted) {
        if (c !== QUOTE) continue;
        if (i + 1 >= n) break; // a doubled quote or the close: the next piece tells
        const next = text.charCodeAt(i + 1);
        if (next === QUOTE) i += 1;
        else if (next === TAB || next === LF) this.quoted = false;
        else if (next === CR) {
          if (i + 2 >= n) break;
          if (text.charCodeAt(i + 2) === LF) this.quoted = false;
        }
        continue;
      }
      if (c === LF) {
        this.cut = base + i;
        this.cellStart = true;
      } else if (c === TAB) {
        this.cellStart = true;
      } else {
        if (c === QUOTE && this.cellStart) this.quoted = true;
        this.cellStart = false;
      }
    }
    this.held = text.slice(i);
    this.read = base + i;
  }

  /** The text through `at` (a line end outside quotes) was cut off: positions move, the reading stays. */
  dropThrough(at: number) {
    this.read -= at + 1;
    this.cut = -1;
    this.lastLineEnd = -1;
  }

  /** Cut inside a quoted cell: what follows is read afresh, as the start of a record. */
  restart(rest: string) {
    Object.assign(this, { read: 0, held: '', cellStart: true, quoted: false, cut: -1, lastLineEnd: -1 });
    this.feed(rest);
  }
}

/**
 * Reads an uploaded All Listings Report as it streams: UTF-8 decoded chunk by chunk (a byte that is not
 * UTF-8, or a NUL, marks it binary), scanned a slice of whole records at a time with the domain's
 * `scanListings` (each later slice behind the file's first line, so columns are found by the same header),
 * and counted as it goes: past `maxIds` distinct IDs nothing more is kept and the rest is only drained.
 * Memory stays at one slice and the IDs, whatever the file's size.
 */
export async function readListingsUpload(
  file: Readable | AsyncIterable<Buffer>,
  maxIds: number,
  { sliceChars = SLICE_CHARS }: { sliceChars?: number } = {},
): Promise<ListingsUpload> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const skus = new Map<string, string>();
  let problem: UploadProblem | null = null;
  let overLimit = false;
  let header: string | null = null;

  const visit = (sku: string, productId: string) => {
    if (!skus.has(productId)) skus.set(productId, sku);
  };
  const scan = (text: string) => {
    if (header === null) {
      // The first record with content decides the columns (a header, or the first listing).
      const start = text.search(/\S/);
      if (start === -1) return;
      const end = text.indexOf('\n', start);
      header = end === -1 ? text.slice(start) : text.slice(start, end + 1);
      scanListings(text, visit);
    } else {
      scanListings(header.endsWith('\n') ? header + text : `${header}\n${text}`, visit);
    }
    if (skus.size > maxIds) overLimit = true;
  };
  const finder = new CutFinder();
  // The text not yet scanned, in the pieces it came in: joined only when cut, so a long wait for a cut
  // does not copy it again at every chunk.
  let pieces: string[] = [];
  let pendingChars = 0;
  const pending = () => {
    const text = pieces.join('');
    pieces = [text];
    return text;
  };
  // Where the first non-blank character is, -1 while all is blank (searched in each piece once): no cut
  // is taken before it, as there is no header yet.
  let contentAt = -1;
  const flush = (final: boolean) => {
    if (final) {
      scan(pending());
      pieces = [];
      return;
    }
    let cut = finder.cut;
    const forced = cut === -1 && pendingChars > CARRY_LIMIT_CHARS;
    if (forced) cut = finder.lastLineEnd;
    if (cut === -1 || (header === null && (contentAt === -1 || contentAt > cut))) return;
    const text = pending();
    scan(text.slice(0, cut + 1));
    const rest = text.slice(cut + 1);
    pieces = [rest];
    pendingChars = rest.length;
    if (forced) finder.restart(rest);
    else finder.dropThrough(cut);
  };

  for await (const chunk of file as AsyncIterable<Buffer>) {
    if (problem || overLimit) continue; // drained: the size limit still applies, nothing is kept
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      problem = 'binary';
      continue;
    }
    if (text.includes('\u0000')) {
      problem = 'binary';
      continue;
    }
    if (header === null && contentAt === -1) {
      const at = text.search(/\S/);
      if (at !== -1) contentAt = pendingChars + at;
    }
    pieces.push(text);
    pendingChars += text.length;
    finder.feed(text);
    if (pendingChars >= sliceChars) flush(false);
  }
  if (!problem && !overLimit) {
    try {
      pieces.push(decoder.decode());
      flush(true);
    } catch {
      problem = 'binary';
    }
  }
  return { skus, overLimit, problem };
}
