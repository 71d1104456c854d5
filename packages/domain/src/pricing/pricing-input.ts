import type { Parcel } from '../landed/types';
import type { Offer, ProductSide } from '../product';
import type { FeeEstimate } from './fee-estimate';

// What pricing reads of a row, and its stored form: a settings change re-prices a 50,000-product report
// from these instead of the wide snapshots.

/** What pricing reads of an offer and of each side; full ones have it all. */
export type PricingOffer = Pick<
  Offer,
  'seller_id' | 'buy_price' | 'shipping_fee' | 'import_fee' | 'available_later'
>;
export interface CrossPricingSide extends Pick<ProductSide, 'status' | 'stocks'> {
  buybox: PricingOffer | null;
  lowest: PricingOffer | null;
  lowest_fba: PricingOffer | null;
}
export interface ToPricingSide extends Pick<ProductSide, 'status' | 'categories' | 'sales_rank'> {
  buybox: PricingOffer | null;
  lowest: PricingOffer | null;
}

const slim = (o: PricingOffer | null): PricingOffer | null =>
  o && {
    seller_id: o.seller_id,
    buy_price: o.buy_price,
    shipping_fee: o.shipping_fee,
    import_fee: o.import_fee,
  };

export interface PricingInput {
  row_cross: CrossPricingSide;
  row_to: ToPricingSide;
  /** Amazon's fee estimate in the selling marketplace, once the seller's account has asked for it. */
  fees?: FeeEstimate | null;
  /** The product's parcel (weight, dimensions) for a lane's rate card (landed/parcel.ts `parcelOf`). */
  parcel?: Parcel | null;
}

/**
 * The part of a row that pricing reads (a few hundred bytes instead of both whole sides), stored so that
 * a settings change re-prices a 50,000-product report without reading the wide snapshots.
 */
export function pricingInput(row: PricingInput): PricingInput {
  const c = row.row_cross;
  const t = row.row_to;
  return {
    row_cross: {
      status: c.status,
      stocks: c.stocks,
      // A buy box that ships only later cannot be bought now: pricing buys from the lowest offer instead.
      buybox: c.buybox?.available_later ? null : slim(c.buybox),
      lowest: slim(c.lowest),
      lowest_fba: slim(c.lowest_fba),
    },
    row_to: {
      status: t.status,
      categories: t.categories,
      sales_rank: t.sales_rank,
      buybox: slim(t.buybox),
      lowest: slim(t.lowest),
    },
    ...(row.fees ? { fees: row.fees } : {}),
    ...(row.parcel ? { parcel: row.parcel } : {}),
  };
}

type PackedParcel = [number | null, number, number, number] | [number | null];
const packParcel = (p: Parcel): PackedParcel =>
  p.dims_cm ? [p.weight_kg, p.dims_cm.length, p.dims_cm.width, p.dims_cm.height] : [p.weight_kg];
const unpackParcel = (p: PackedParcel): Parcel => ({
  weight_kg: p[0],
  dims_cm: p.length === 4 ? { length: p[1], width: p[2], height: p[3] } : null,
});

type PackedOffer = [string | null, number | null, number | null, number | null] | null;
/** An offer, or the index (within its side) of an earlier offer it repeats. */
type PackedSlot = PackedOffer | number;
const packOffer = (o: PricingOffer | null): PackedOffer =>
  o && [o.seller_id, o.buy_price, o.shipping_fee, o.import_fee];
const unpackOffer = (o: PackedOffer): PricingOffer | null =>
  o && { seller_id: o[0], buy_price: o[1], shipping_fee: o[2], import_fee: o[3] };

/** A side's offers, each one that repeats an earlier one (the buy box is often also the lowest) as its index. */
const sameOffer = (a: PackedOffer, b: PackedOffer) =>
  a !== null && b !== null && a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

function packOffers(offers: readonly (PricingOffer | null)[]): PackedSlot[] {
  // Runs for every product the worker writes: field comparisons, no serialising to compare.
  const packed = offers.map(packOffer);
  return packed.map((o, i) => {
    for (let j = 0; j < i; j++) if (sameOffer(packed[j]!, o)) return j;
    return o;
  });
}

function unpackOffers(slots: readonly PackedSlot[]): (PricingOffer | null)[] {
  const out: (PricingOffer | null)[] = [];
  for (const slot of slots) out.push(typeof slot === 'number' ? out[slot]! : unpackOffer(slot));
  return out;
}

/**
 * A pricing input as a short positional JSON text (about a fifth of the object form, repeated offers
 * stored once): a settings change reads and parses 50,000 of these, and PostgreSQL hands text over
 * without converting it as it would jsonb.
 */
export function packPricingInput(row: PricingInput): string {
  const c = row.row_cross;
  const t = row.row_to;
  const rank = t.sales_rank && [t.sales_rank.rank, t.sales_rank.category, t.sales_rank.level];
  const packed: unknown[] = [
    c.status,
    c.stocks,
    ...packOffers([c.buybox, c.lowest, c.lowest_fba]),
    t.status,
    t.categories,
    rank,
    ...packOffers([t.buybox, t.lowest]),
  ];
  // Optional last: inputs written before estimates existed, and those without one, stay as they were;
  // the parcel (issue 45) after them, the estimate's slot null when there is a parcel but no estimate.
  const f = row.fees;
  // Shipping and the other fee lines only when there are any: older rows keep their three figures.
  if (f || row.parcel)
    packed.push(
      !f
        ? null
        : f.other_fees?.length
          ? [f.price, f.referral_fee, f.closing_fee, f.shipping ?? 0, f.other_fees]
          : f.shipping
            ? [f.price, f.referral_fee, f.closing_fee, f.shipping]
            : [f.price, f.referral_fee, f.closing_fee],
    );
  if (row.parcel) packed.push(packParcel(row.parcel));
  return JSON.stringify(packed);
}

/** The inverse of `packPricingInput`, from its parsed JSON. */
export function unpackPricingInput(packed: unknown): PricingInput {
  const p = packed as [
    CrossPricingSide['status'],
    number | null,
    PackedSlot,
    PackedSlot,
    PackedSlot,
    ToPricingSide['status'],
    string[],
    [number, string, 'top' | 'sub'] | null,
    PackedSlot,
    PackedSlot,
    ([number, number, number, number?, { type: string; amount: number }[]?] | null)?,
    PackedParcel?,
  ];
  const [buybox, lowest, lowestFba] = unpackOffers([p[2], p[3], p[4]]);
  const [toBuybox, toLowest] = unpackOffers([p[8], p[9]]);
  return {
    row_cross: {
      status: p[0],
      stocks: p[1],
      buybox: buybox ?? null,
      lowest: lowest ?? null,
      lowest_fba: lowestFba ?? null,
    },
    row_to: {
      status: p[5],
      categories: p[6],
      sales_rank: p[7] && { rank: p[7][0], category: p[7][1], level: p[7][2] },
      buybox: toBuybox ?? null,
      lowest: toLowest ?? null,
    },
    ...(p[10]
      ? {
          fees: {
            price: p[10][0],
            referral_fee: p[10][1],
            closing_fee: p[10][2],
            ...(p[10][3] ? { shipping: p[10][3] } : {}),
            ...(p[10][4]?.length ? { other_fees: p[10][4] } : {}),
          },
        }
      : {}),
    ...(p[11] ? { parcel: unpackParcel(p[11]) } : {}),
  };
}
