import type { CustomsValueRule } from './types';

/**
 * Reference §3 and §3a: what the border's percentages and thresholds are taken on. The UK and Australia
 * name the price charged to the buyer without the international freight; the UAE levies its 5 % duty and
 * 5 % import VAT on CIF (the goods plus the freight to the border); that its AED 1,000 courier threshold is
 * on the same CIF value is our reading (assumed). Singapore's basis conflicts (§11.9); Canada, Mexico and the US are not named
 * by the reference: each keeps the goods alone, marked assumed.
 */
export const CUSTOMS_VALUE_RULES: readonly CustomsValueRule[] = [
  {
    id: 'customs-uk-item',
    country: 'uk',
    basis: 'item',
    source: 'S1 S6',
    effective_from: '2021-01-01',
    assumed: false,
  },
  {
    id: 'customs-au-item',
    country: 'au',
    basis: 'item',
    source: 'S10 S12',
    effective_from: '2018-07-01',
    assumed: false,
  },
  {
    id: 'customs-ae-cif',
    country: 'ae',
    basis: 'cif',
    source: 'S38',
    effective_from: '2023-01-01',
    assumed: true,
  },
  {
    id: 'customs-sg-item',
    country: 'sg',
    basis: 'item',
    source: 'S14 S17',
    effective_from: '2023-01-01',
    assumed: true,
  },
  {
    id: 'customs-ca-item',
    country: 'ca',
    basis: 'item',
    source: 'S20 S23',
    effective_from: '2020-07-01',
    assumed: true,
  },
  {
    id: 'customs-mx-item',
    country: 'mx',
    basis: 'item',
    source: 'S32',
    effective_from: '2025-01-01',
    assumed: true,
  },
  {
    id: 'customs-us-item',
    country: 'us',
    basis: 'item',
    source: 'S48',
    effective_from: '2025-08-29',
    assumed: true,
  },
];
