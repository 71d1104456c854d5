// The Duplicated ASIN Remover on a realistic All Listings Report: 200,000 listings in Amazon's 29
// columns (titles, some long descriptions, inch marks), a tenth of them repeating an ASIN. Times what the
// page's worker does after reading the bytes: decoding them, then parsing and finding the duplicates.
// Judged against the target of 2 s on this machine.
import { checkListingsReport } from '@crossmarket/domain';
import { makeAllListingsReport } from '@crossmarket/domain/testing';

const ROWS = 200_000;
const TARGET_MS = 2000;

const text = makeAllListingsReport({ rows: ROWS, duplicateShare: 0.1, lineEnd: '\r\n' });
const bytes = new TextEncoder().encode(text);

function median(fn: () => void) {
  fn(); // warm-up
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    fn();
    runs.push(performance.now() - t);
  }
  return runs.sort((a, b) => a - b)[2]!;
}

let found = { skuCount: 0, duplicates: 0 };
const dedupeMs = median(() => {
  const result = checkListingsReport(text);
  found = { skuCount: result.skuCount, duplicates: result.duplicates.length };
});
const decodeMs = median(() => {
  new TextDecoder('utf-8', { fatal: true }).decode(bytes);
});

console.log(
  `BENCH tools.file.bytes ${bytes.length} bytes (${ROWS} listings, ${found.duplicates} duplicates)`,
);
console.log(`BENCH tools.dedupe_200k ${dedupeMs.toFixed(0)} ms`);
console.log(`BENCH tools.decode_200k ${decodeMs.toFixed(0)} ms`);
console.log(
  `BENCH tools.dedupe_200k.ratio_to_target ${((dedupeMs + decodeMs) / TARGET_MS).toFixed(2)} x ` +
    `(decode + dedupe ${(dedupeMs + decodeMs).toFixed(0)} ms of ${TARGET_MS} ms)`,
);
if (found.skuCount !== ROWS) throw new Error(`read ${found.skuCount} of ${ROWS} listings`);
