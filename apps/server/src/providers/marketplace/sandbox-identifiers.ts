import { readIdentifier, type RegionCode } from '@crossmarket/domain';
import { hash } from './seed';
import type { CatalogIdentifier, CatalogMatch } from './types';

/** Units one sandbox product holds: mostly singles, some multipacks, sometimes not said (null). */
const QUANTITIES = [1, 1, 1, 1, 1, 2, 6, 12, null] as const;

const asinOf = (seed: number) => `B0${seed.toString(36).toUpperCase().padStart(8, '0').slice(-8)}`;

function product(asin: string, title: (asin: string) => string | null): CatalogMatch {
  const h = hash(`pack:${asin}`);
  return {
    asin,
    title: title(asin),
    brand: null,
    package_quantity: QUANTITIES[h % QUANTITIES.length]!,
    bundle: h % 23 === 0,
  };
}

/**
 * The sandbox's catalogue search by identifier: offline and decided by the identifier alone (the same
 * product however it is written: a UPC and its EAN match alike), like Amazon's in shape. About one in
 * eight identifiers matches nothing, most match one product, one in six two or three (a single and its
 * multipacks). An ASIN matches itself. The marketplace does not change the answer.
 */
export function sandboxSearchIdentifiers(
  ids: readonly CatalogIdentifier[],
  _region: RegionCode,
  title: (asin: string) => string | null,
): CatalogMatch[][] {
  return ids.map(({ kind, value }) => {
    if (kind === 'ASIN') return [product(value, title)];
    const read = readIdentifier(value);
    const key = read.ok ? read.id.key : value;
    const h = hash(`identifier:${key}`);
    const u = h % 100;
    const count = u < 12 ? 0 : u < 84 ? 1 : u < 95 ? 2 : 3;
    return Array.from({ length: count }, (_, n) => product(asinOf(hash(`${key}:${n}`)), title));
  });
}
