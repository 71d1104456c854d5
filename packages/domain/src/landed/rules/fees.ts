import type { DsfRule } from './types';

/**
 * Reference §4: Amazon's Digital Services Fee, a percent of the selling fees (referral + closing), by
 * store and the seller's country of establishment; '*' = established anywhere but the store's country.
 * A standalone fee since 1 Oct 2024 (the UK's 2 % was inside the fees from 1 Sep 2020). The Canada-store
 * 2 % after Canada rescinded its DST (29 Jun 2025) and the UK seller's "any store" 2 % on .com.au, .ae and
 * .sg are unverified (§11.2, §11.3): kept, as the reference's worked lanes keep them.
 */
export const DSF_RULES: readonly DsfRule[] = [
  {
    id: 'dsf-us-uk',
    store: 'us',
    established_in: 'uk',
    rate: 2,
    source: 'S57 S58',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-us-fr',
    store: 'us',
    established_in: 'fr',
    rate: 3,
    source: 'S57 S58',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-us-it',
    store: 'us',
    established_in: 'it',
    rate: 3,
    source: 'S57 S58',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-us-es',
    store: 'us',
    established_in: 'es',
    rate: 3,
    source: 'S57 S58',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-us-ca',
    store: 'us',
    established_in: 'ca',
    rate: 3,
    source: 'S58 S60',
    effective_from: '2024-10-01',
    assumed: true,
  },
  {
    id: 'dsf-ca',
    store: 'ca',
    established_in: '*',
    rate: 2,
    source: 'S57 S58 S60',
    effective_from: '2024-10-01',
    assumed: true,
  },
  {
    id: 'dsf-uk',
    store: 'uk',
    established_in: '*',
    rate: 2,
    source: 'S57 S58',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-mx-uk',
    store: 'mx',
    established_in: 'uk',
    rate: 2,
    source: 'S57',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-mx-fr',
    store: 'mx',
    established_in: 'fr',
    rate: 3,
    source: 'S57',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-mx-it',
    store: 'mx',
    established_in: 'it',
    rate: 3,
    source: 'S57',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-mx-es',
    store: 'mx',
    established_in: 'es',
    rate: 3,
    source: 'S57',
    effective_from: '2024-10-01',
    assumed: false,
  },
  {
    id: 'dsf-au-uk',
    store: 'au',
    established_in: 'uk',
    rate: 2,
    source: 'S58',
    effective_from: '2024-10-01',
    assumed: true,
  },
  {
    id: 'dsf-ae-uk',
    store: 'ae',
    established_in: 'uk',
    rate: 2,
    source: 'S58',
    effective_from: '2024-10-01',
    assumed: true,
  },
  {
    id: 'dsf-sg-uk',
    store: 'sg',
    established_in: 'uk',
    rate: 2,
    source: 'S58',
    effective_from: '2024-10-01',
    assumed: true,
  },
];

/** Amazon's currency converter below US$500k a year (reference §5): the lane's default conversion fee. */
export const DEFAULT_CONVERSION_FEE = {
  id: 'accs-1.5',
  rate: 1.5,
  source: 'S61 S62',
  effective_from: '2026-11-26',
  assumed: false,
} as const;
