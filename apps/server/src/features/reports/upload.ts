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
 * a line end, `""` inside). Text whose quoted cell is still open at the end waits for more. -1: no cut yet.
 */
function safeCut(text: string): number {
  if (!text.includes('"')) return text.lastIndexOf('\n');
  let cut = -1;
  let cellStart = true;
  let quoted = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c !== QUOTE) continue;
      if (i + 1 >= n) return cut; // a doubled quote or the close: the next chunk tells
      const next = text.charCodeAt(i + 1);
      if (next === QUOTE) i += 1;
      else if (next === TAB || next === LF) quoted = false;
      else if (next === CR) {
        if (i + 2 >= n) return cut;
        if (text.charCodeAt(i + 2) === LF) quoted = false;
      }
      continue;
    }
    if (c === LF) {
      cut = i;
      cellStart = true;
    } else if (c === TAB) {
      cellStart = true;
    } else {
      if (c === QUOTE && cellStart) quoted = true;
      cellStart = false;
    }
  }
  return cut;
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
  let pending = '';
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
  const flush = (final: boolean) => {
    if (final) {
      scan(pending);
      pending = '';
      return;
    }
    let cut = safeCut(pending);
    if (cut === -1 && pending.length > CARRY_LIMIT_CHARS) cut = pending.lastIndexOf('\n');
    if (cut === -1 || (header === null && pending.slice(0, cut).trim() === '')) return;
    scan(pending.slice(0, cut + 1));
    pending = pending.slice(cut + 1);
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
    pending += text;
    if (pending.length >= sliceChars) flush(false);
  }
  if (!problem && !overLimit) {
    try {
      pending += decoder.decode();
      flush(true);
    } catch {
      problem = 'binary';
    }
  }
  return { skus, overLimit, problem };
}
