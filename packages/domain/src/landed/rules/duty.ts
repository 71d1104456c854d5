import type { DutyRule } from './types';

/**
 * Reference §3a: a default duty percent per selling country, with a category row where one number is far
 * off. Every default is shown to the seller as assumed (duty depends on HS code and origin); a lane's
 * duty override replaces it. Rates with no source are our choice (docs/decisions.md).
 */
export const DUTY_RULES: readonly DutyRule[] = [
  {
    id: 'duty-ae',
    country: 'ae',
    category: null,
    rate: 5,
    source: 'S38',
    effective_from: '2023-03-01',
    assumed: true,
  },
  {
    id: 'duty-sg',
    country: 'sg',
    category: null,
    rate: 0,
    source: 'S17',
    effective_from: '2023-01-01',
    assumed: true,
  },
  {
    id: 'duty-au',
    country: 'au',
    category: null,
    rate: 5,
    source: 'S77',
    effective_from: '2018-07-01',
    assumed: true,
  },
  {
    id: 'duty-uk',
    country: 'uk',
    category: null,
    rate: 4,
    source: 'none (our choice)',
    effective_from: '2021-01-01',
    assumed: true,
  },
  {
    id: 'duty-uk-clothing',
    country: 'uk',
    category: 'Clothing & Accessories',
    rate: 12,
    source: 'S84',
    effective_from: '2021-01-01',
    assumed: true,
  },
  {
    id: 'duty-ca',
    country: 'ca',
    category: null,
    rate: 8,
    source: 'none (our choice)',
    effective_from: '2020-07-01',
    assumed: true,
  },
  {
    id: 'duty-ca-clothing',
    country: 'ca',
    category: 'Clothing & Accessories',
    rate: 18,
    source: 'S20 (indicative, §11.15)',
    effective_from: '2020-07-01',
    assumed: true,
  },
  {
    id: 'duty-us',
    country: 'us',
    category: null,
    rate: 5,
    source: 'S48 (MFN varies; our choice)',
    effective_from: '2025-08-29',
    assumed: true,
  },
  {
    id: 'duty-mx',
    country: 'mx',
    category: null,
    rate: 3,
    source: 'S33',
    effective_from: '2025-01-01',
    assumed: true,
  },
];
