/**
 * Dice's coefficient over letter pairs (the measure of the `string-similarity` package): 1 for equal
 * strings, 0 for strings that share no adjacent pair. Case, punctuation and "&"/"and" are ignored.
 */
export function similarity(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  if (x === y) return x.length > 0 ? 1 : 0;
  if (x.length < 2 || y.length < 2) return 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i < x.length - 1; i++) {
    const p = x.slice(i, i + 2);
    pairs.set(p, (pairs.get(p) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < y.length - 1; i++) {
    const p = y.slice(i, i + 2);
    const n = pairs.get(p) ?? 0;
    if (n > 0) {
      pairs.set(p, n - 1);
      shared += 1;
    }
  }
  return (2 * shared) / (x.length - 1 + (y.length - 1));
}

function normalise(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/\band\b/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
