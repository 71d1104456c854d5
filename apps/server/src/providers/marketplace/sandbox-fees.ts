import {
  feeAt,
  matchCommission,
  minimumReferralFee,
  round2,
  type FeeEstimate,
  type ProductSnapshot,
  type RegionCode,
} from '@crossmarket/domain';
import { sandboxRate } from './sandbox-rates';
import { hash } from './seed';

/** Media categories, where Amazon adds its variable closing fee ($1.80 a sale) to the referral fee. */
const MEDIA = ['Video Games', 'Books', 'Music', 'Movies & TV'];
const CLOSING_FEE_USD = 1.8;

/**
 * The sandbox's fee estimate for selling a product at `price`, from the same generated data as its
 * lookup: the category table's referral fee with a small, deterministic difference (Amazon files some
 * products under another category than their name suggests: a point more or less for one in four), never
 * below the minimum, and the closing fee for media. Products the marketplace does not know get none.
 */
export function sandboxFeeEstimate(
  snapshot: ProductSnapshot,
  region: RegionCode,
  price: number,
  shipping = 0,
): FeeEstimate | null {
  const { side } = snapshot;
  if (side.status === 'dog' || !(price > 0)) return null;
  const categories = side.sales_rank ? [...side.categories, side.sales_rank.category] : side.categories;
  const table = matchCommission(categories, region, 15).schedule;
  const shift = [-0.01, 0, 0, 0, 0, 0, 0, 0.01][hash(`${snapshot.product_id}:${region}:fees`) % 8]!;
  // Charged on price plus shipping, as Amazon charges a merchant-fulfilled referral fee.
  const base = price + Math.max(0, shipping);
  const rate = feeAt(base, table) / base + shift;
  const media = categories.some((c) => MEDIA.includes(c));
  return {
    price,
    ...(shipping > 0 ? { shipping } : {}),
    referral_fee: round2(Math.max(base * rate, minimumReferralFee(region))),
    closing_fee: media ? round2(CLOSING_FEE_USD * sandboxRate(region)) : 0,
  };
}
