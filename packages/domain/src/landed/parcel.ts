import type { ProductSide } from '../product';
import type { Parcel } from './types';

const KG: Record<NonNullable<ProductSide['weight']>['unit'], number> = {
  kg: 1,
  g: 0.001,
  lb: 0.45359237,
  oz: 0.028349523125,
};
const CM = { cm: 1, in: 2.54 } as const;

/** The parcel of a product side (its package weight and dimensions), for the rate card. */
export function parcelOf(side: Pick<ProductSide, 'weight' | 'package_dimensions'>): Parcel | null {
  const w = side.weight;
  const d = side.package_dimensions;
  if (!w && !d) return null;
  return {
    weight_kg: w ? w.value * KG[w.unit] : null,
    dims_cm: d
      ? { length: d.length * CM[d.unit], width: d.width * CM[d.unit], height: d.height * CM[d.unit] }
      : null,
  };
}
