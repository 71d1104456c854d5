import { checkListingsReport, type ListingsCheck } from '@crossmarket/domain';

/** What the remover learns about a file: the domain's check of it. */
export type DedupeResult = ListingsCheck;

export interface DedupeProgress {
  phase: 'reading' | 'checking';
  /** 0–100. */
  percent: number;
}

/**
 * Text of a listings file in the encoding it was saved in: UTF-16 when it starts with that byte-order
 * mark (spreadsheets' "Unicode text"), UTF-8 when it is valid UTF-8, else Windows-1252 (older Seller
 * Central reports and spreadsheet exports), so a SKU with an accent reads the same as Amazon has it.
 */
export function decodeListings(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The file's bytes through FileReader (workers, browsers and jsdom all have it), with progress. */
function readBytes(file: Blob, onProgress: (fraction: number) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Reads, decodes and checks an uploaded All Listings Report. Runs in the remover's worker, or inline
 * where there is no worker (tests). Reading is the first fifth of the progress, checking the rest.
 */
export async function dedupeFile(file: Blob, onProgress: (p: DedupeProgress) => void): Promise<DedupeResult> {
  let last = -1;
  const report = (phase: DedupeProgress['phase'], percent: number) => {
    const rounded = Math.floor(percent);
    if (rounded === last) return;
    last = rounded;
    onProgress({ phase, percent: rounded });
  };
  report('reading', 0);
  const bytes = await readBytes(file, (f) => report('reading', f * 20));
  const text = decodeListings(bytes);
  report('checking', 20);
  return checkListingsReport(text, (f) => report('checking', 20 + f * 80));
}
