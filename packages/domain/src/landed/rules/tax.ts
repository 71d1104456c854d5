import type { CollectionRule, FeeTaxRule, PriceTaxRule } from './types';

// Facts from shared/reference/cross-border.md (compiled 2026-11-26); `source` lists its §9 ids. Where the
// reference gives no start date, `effective_from` is the earliest day it shows the rule in force.

/** Reference §1: does the shelf price include the tax, and at what rate. */
export const PRICE_TAX_RULES: readonly PriceTaxRule[] = [
  {
    id: 'price-tax-us',
    country: 'us',
    price_includes_tax: false,
    rate: 0,
    source: 'S44 S45',
    effective_from: '2023-01-01',
    assumed: false,
  },
  {
    id: 'price-tax-ca',
    country: 'ca',
    price_includes_tax: false,
    rate: 5,
    source: 'S18 S23 S25',
    effective_from: '2021-07-01',
    assumed: false,
  },
  {
    id: 'price-tax-uk',
    country: 'uk',
    price_includes_tax: true,
    rate: 20,
    source: 'S4 S5 S79',
    effective_from: '2011-01-04',
    assumed: false,
  },
  {
    id: 'price-tax-mx',
    country: 'mx',
    price_includes_tax: true,
    rate: 16,
    source: 'S27 S80',
    effective_from: '2014-01-01',
    assumed: false,
  },
  {
    id: 'price-tax-au',
    country: 'au',
    price_includes_tax: true,
    rate: 10,
    source: 'S11 S12 S81',
    effective_from: '2000-07-01',
    assumed: false,
  },
  {
    id: 'price-tax-ae',
    country: 'ae',
    price_includes_tax: true,
    rate: 5,
    source: 'S39 S82',
    effective_from: '2018-01-01',
    assumed: false,
  },
  {
    id: 'price-tax-sg-2023',
    country: 'sg',
    price_includes_tax: true,
    rate: 8,
    source: 'S15 S16',
    effective_from: '2023-01-01',
    assumed: false,
  },
  {
    id: 'price-tax-sg-2024',
    country: 'sg',
    price_includes_tax: true,
    rate: 9,
    source: 'S15 S16',
    effective_from: '2024-01-01',
    assumed: false,
  },
];

/**
 * Reference §2: Amazon keeps the tax inside the price on low-value goods shipped from abroad. US and CA add
 * tax on top (the seller never sees it; CA excludes goods sent from outside Canada), AE collects at the
 * border only. Mexico: the withholding for a foreign seller without an RFC is unverified (§11.6); we keep
 * the whole IVA at any value (docs/decisions.md).
 */
export const COLLECTION_RULES: readonly CollectionRule[] = [
  {
    id: 'collect-uk',
    country: 'uk',
    up_to: 135,
    rate: 20,
    domestic_nonestablished: true,
    source: 'S1 S2 S3 S4',
    effective_from: '2021-01-01',
    assumed: false,
  },
  {
    id: 'collect-au',
    country: 'au',
    up_to: 1000,
    rate: 10,
    source: 'S10 S11 S12',
    effective_from: '2018-07-01',
    assumed: false,
  },
  {
    id: 'collect-sg-2023',
    country: 'sg',
    up_to: 400,
    rate: 8,
    source: 'S14 S15 S16',
    effective_from: '2023-01-01',
    assumed: true,
  },
  {
    id: 'collect-sg-2024',
    country: 'sg',
    up_to: 400,
    rate: 9,
    source: 'S14 S15 S16',
    effective_from: '2024-01-01',
    assumed: true,
  },
  {
    id: 'collect-mx',
    country: 'mx',
    up_to: Infinity,
    rate: 16,
    source: 'S27 S31',
    effective_from: '2020-06-01',
    assumed: true,
  },
];

/**
 * Reference §4: VAT/GST Amazon adds to its fees, for sellers established in that country (and not
 * registered there, where registration makes it recoverable). Turkey: the help page cites 18 %, the rate
 * is believed to be 20 % and the page is Seller Central Europe's, so we apply it to the UK store only.
 */
export const FEE_TAX_RULES: readonly FeeTaxRule[] = [
  {
    id: 'fee-tax-uk',
    store: 'uk',
    resident_of: 'uk',
    rate: 20,
    source: 'S51 S52',
    effective_from: '2024-08-01',
    assumed: false,
  },
  {
    id: 'fee-tax-mx',
    store: 'mx',
    resident_of: 'mx',
    rate: 16,
    source: 'S29',
    effective_from: '2020-06-01',
    assumed: false,
  },
  {
    id: 'fee-tax-au',
    store: 'au',
    resident_of: 'au',
    rate: 10,
    source: 'S53',
    effective_from: '2017-07-01',
    assumed: false,
  },
  {
    id: 'fee-tax-ae',
    store: 'ae',
    resident_of: 'ae',
    rate: 5,
    source: 'S41',
    effective_from: '2018-01-01',
    assumed: false,
  },
  {
    id: 'fee-tax-sg-2023',
    store: 'sg',
    resident_of: 'sg',
    rate: 8,
    source: 'S54',
    effective_from: '2023-01-01',
    assumed: false,
  },
  {
    id: 'fee-tax-sg-2024',
    store: 'sg',
    resident_of: 'sg',
    rate: 9,
    source: 'S54',
    effective_from: '2024-01-01',
    assumed: false,
  },
  {
    id: 'fee-tax-ca',
    store: 'ca',
    resident_of: 'ca',
    rate: 5,
    source: 'S24',
    effective_from: '2021-07-01',
    assumed: true,
  },
  {
    id: 'fee-tax-tr',
    store: 'uk',
    resident_of: 'tr',
    rate: 20,
    source: 'S85',
    effective_from: '2023-07-10',
    assumed: true,
  },
];
