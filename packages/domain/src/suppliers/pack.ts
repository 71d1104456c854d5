import { round2 } from '../regions';

/**
 * How the supplier's line compares with what one Amazon product holds. `same`: Amazon's item package
 * quantity is the supplier's pack; `differs`: it is not (a multipack or a single of the supplier's case):
 * priced as unit cost × Amazon's quantity, and flagged for the seller to confirm; `unknown`: Amazon did
 * not say, priced as the supplier's line and flagged.
 */
export type PackMatch = 'same' | 'differs' | 'unknown';

export interface PackPrice {
  /** The supplier's cost of one unit, in the supplier's currency (before rounding). */
  unitCost: number;
  /** Units one Amazon product holds, as priced: Amazon's quantity, else the supplier's pack. */
  units: number;
  /** What one Amazon product costs from this supplier: unit cost × units, to the cent. */
  buyPrice: number;
  pack: PackMatch;
}

/**
 * The cost of one unit of a supplier's line: the price as given when it is per unit, else the price of the
 * supplier's pack divided by the units in it.
 */
export function unitCostOf(cost: number, basis: 'unit' | 'pack', supplierPack: number): number {
  if (!(supplierPack >= 1) || !Number.isInteger(supplierPack)) throw new Error(`bad pack ${supplierPack}`);
  return basis === 'pack' ? cost / supplierPack : cost;
}

/**
 * The buy price of one Amazon product from a supplier line: unit cost × the ASIN's item package quantity.
 * Amazon's quantity is never guessed from a title: without it the supplier's pack is priced and the row
 * says `unknown`.
 */
export function packPrice(
  line: { cost: number; basis: 'unit' | 'pack'; supplierPack: number },
  amazonQuantity: number | null | undefined,
): PackPrice {
  const unitCost = unitCostOf(line.cost, line.basis, line.supplierPack);
  const known = typeof amazonQuantity === 'number' && Number.isInteger(amazonQuantity) && amazonQuantity >= 1;
  const units = known ? amazonQuantity : line.supplierPack;
  const pack: PackMatch = !known ? 'unknown' : amazonQuantity === line.supplierPack ? 'same' : 'differs';
  return { unitCost, units, buyPrice: round2(unitCost * units), pack };
}

export interface MinimumOrder {
  /** Supplier lines (packs) the minimum order asks for. */
  packs: number;
  /** Units those packs hold. */
  units: number;
  /** Whole Amazon products the units make (a remainder is left over, not sold). */
  products: number;
  /** The order's cost in the supplier's currency: packs × the pack's cost. */
  cost: number;
  /** The profit of selling those products, at `profitPerProduct` each; null without a profit. */
  profit: number | null;
}

/**
 * The minimum order of a line (in the supplier's packs; 1 when the supplier sets none) and what it yields:
 * its cost, the whole Amazon products its units make, and their profit at the row's per-product profit
 * (in the currency the profit is in).
 */
export function minimumOrderOf(
  line: { cost: number; basis: 'unit' | 'pack'; supplierPack: number; minOrder: number | null },
  unitsPerProduct: number,
  profitPerProduct: number | null,
): MinimumOrder {
  const packs = Math.max(1, Math.ceil(line.minOrder ?? 1));
  const units = packs * line.supplierPack;
  const products = Math.floor(units / Math.max(1, unitsPerProduct));
  const packCost = unitCostOf(line.cost, line.basis, line.supplierPack) * line.supplierPack;
  return {
    packs,
    units,
    products,
    cost: round2(packCost * packs),
    profit: profitPerProduct === null ? null : round2(profitPerProduct * products),
  };
}
