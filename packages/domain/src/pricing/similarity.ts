/**
 * Dice's coefficient over letter pairs (the measure of the `string-similarity` package): 1 for equal
 * strings, 0 for strings that share no adjacent pair. Case, punctuation and "&"/"and" are ignored.
 */
export function similarity(a: string, b: string): number {
  return similarityOf(prepare(a), prepare(b));
}

/** A string made ready for many comparisons: normalised, with its letter pairs counted. */
export interface Prepared {
  text: string;
  pairs: Map<string, number>;
  count: number;
}

export function prepare(s: string): Prepared {
  const text = normalise(s);
  const pairs = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const p = text.slice(i, i + 2);
    pairs.set(p, (pairs.get(p) ?? 0) + 1);
  }
  return { text, pairs, count: Math.max(0, text.length - 1) };
}

export function similarityOf(x: Prepared, y: Prepared): number {
  if (x.text === y.text) return x.text.length > 0 ? 1 : 0;
  if (x.count === 0 || y.count === 0) return 0;
  let shared = 0;
  for (const [pair, n] of y.pairs) shared += Math.min(n, x.pairs.get(pair) ?? 0);
  return (2 * shared) / (x.count + y.count);
}

function normalise(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/\band\b/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
