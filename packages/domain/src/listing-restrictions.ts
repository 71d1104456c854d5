import { z } from 'zod';

/**
 * Whether the seller's account may list a product new in a marketplace (Amazon's Listings Restrictions
 * API): `can_list`; `approval_required` (Amazon names an approval request link); `cannot_list` (not
 * eligible, or the ASIN is unknown there).
 */
export const LISTING_RESTRICTIONS = ['can_list', 'approval_required', 'cannot_list'] as const;
export type ListingRestrictionState = (typeof LISTING_RESTRICTIONS)[number];

/** How long an answer is kept per seller, marketplace and ASIN before it is asked again. */
export const LISTING_RESTRICTION_DAYS = 7;
/**
 * How long a `cannot_list` answer is trusted before a report asks again (issue 63): a report spends no
 * offers on a product its seller cannot list, so a seller approved meanwhile would get none for up to
 * {@link LISTING_RESTRICTION_DAYS} days. Restrictions are the plentiful allowance (5 a second); offers the
 * scarce one. The other answers keep the full period: they never withhold an offers call.
 */
export const CANNOT_LIST_TRUSTED_HOURS = 24;
/** How long Amazon's fee estimate for a product is kept per seller and marketplace before it is asked again. */
export const FEE_ESTIMATE_DAYS = 7;

export const listingRestrictionSchema = z.object({
  state: z.enum(LISTING_RESTRICTIONS),
  /** Amazon's reason texts, in the order it gives them; empty when the product can be listed. */
  reasons: z.array(z.string()),
  /** Amazon's approval request page, for `approval_required`; null otherwise. */
  approval_url: z.url().nullable(),
});
export type ListingRestriction = z.output<typeof listingRestrictionSchema>;

/** A report's product as checked: the answer, and when Amazon gave it (kept {@link LISTING_RESTRICTION_DAYS}). */
export const reportRestrictionSchema = listingRestrictionSchema.extend({ checked_at: z.string() });
export type ReportRestriction = z.output<typeof reportRestrictionSchema>;

/** What the "Listing restrictions" filter picks from: Amazon's answers, or a product not checked (yet). */
export const RESTRICTION_FILTER_STATES = [...LISTING_RESTRICTIONS, 'not_checked'] as const;
export type RestrictionFilterState = (typeof RESTRICTION_FILTER_STATES)[number];

/**
 * Where a report's restriction phase stands: `waiting` (queued after the lookups), `checking`, `done`,
 * `not_connected` (no authorisation of the seller's own for the selling region: nothing is checked).
 */
export const RESTRICTION_PHASES = ['waiting', 'checking', 'done', 'not_connected'] as const;
export type RestrictionPhase = (typeof RESTRICTION_PHASES)[number];
