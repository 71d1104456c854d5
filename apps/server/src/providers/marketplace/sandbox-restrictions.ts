import {
  regionByCode,
  type ListingRestriction,
  type ProductSnapshot,
  type RegionCode,
} from '@crossmarket/domain';
import { hash } from './seed';

/** Brands the sandbox gates: listing them needs Amazon's approval, as real brand gating does. */
export const SANDBOX_GATED_BRANDS: readonly string[] = ['Stark', 'Wayne'];

/**
 * The sandbox's listing restriction of a product in a marketplace, from the same generated data as its
 * lookup: unknown products cannot be listed (Amazon's ASIN_NOT_FOUND), one product in 25 is not eligible,
 * gated brands need approval (with a Seller Central link shaped like Amazon's), the rest can be listed.
 */
export function sandboxRestriction(snapshot: ProductSnapshot, region: RegionCode): ListingRestriction {
  const asin = snapshot.product_id;
  if (snapshot.side.status === 'dog')
    return {
      state: 'cannot_list',
      reasons: ['The ASIN was not found in this marketplace.'],
      approval_url: null,
    };
  if (hash(`${asin}:${region}:restriction`) % 25 === 0)
    return {
      state: 'cannot_list',
      reasons: ['You cannot list this product in this marketplace.'],
      approval_url: null,
    };
  const brand = snapshot.side.brand;
  if (brand && SANDBOX_GATED_BRANDS.includes(brand))
    return {
      state: 'approval_required',
      reasons: [`You need approval to list ${brand} products.`],
      approval_url: `https://sellercentral.${regionByCode(region).domain}/hz/approvalrequest/restrictions/approve?asin=${asin}`,
    };
  return { state: 'can_list', reasons: [], approval_url: null };
}
