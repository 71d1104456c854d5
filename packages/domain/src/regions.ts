/** The seven marketplaces of the specification, with their roles and currencies. */
export const REGION_CODES = ['us', 'ca', 'uk', 'mx', 'au', 'ae', 'sg'] as const;
export type RegionCode = (typeof REGION_CODES)[number];
export type RegionRole = 'buying' | 'selling' | 'inventory';

export interface Currency {
  symbol: string;
  native_symbol: string;
  decimal_digits: number;
  code: string;
  name: string;
  /** Units of this currency per US dollar in the specification's fixed table. */
  rate: number;
}

export interface Region {
  code: RegionCode;
  name: string;
  flag: string;
  flag_code: string;
  domain: string;
  roles: RegionRole[];
  currency: Currency;
}

const currency = (
  code: string,
  name: string,
  symbol: string,
  native_symbol: string,
  rate: number,
): Currency => ({
  code,
  name,
  symbol,
  native_symbol,
  decimal_digits: 2,
  rate,
});

export const REGIONS: readonly Region[] = [
  {
    code: 'us',
    name: 'United States',
    flag: '🇺🇸',
    flag_code: 'US',
    domain: 'amazon.com',
    roles: ['buying', 'selling', 'inventory'],
    currency: currency('USD', 'US Dollar', '$', '$', 1),
  },
  {
    code: 'ca',
    name: 'Canada',
    flag: '🇨🇦',
    flag_code: 'CA',
    domain: 'amazon.ca',
    roles: ['selling', 'inventory'],
    currency: currency('CAD', 'Canadian Dollar', 'CA$', '$', 1.35),
  },
  {
    code: 'uk',
    name: 'United Kingdom',
    flag: '🇬🇧',
    flag_code: 'GB',
    domain: 'amazon.co.uk',
    roles: ['buying', 'selling', 'inventory'],
    currency: currency('GBP', 'British Pound Sterling', '£', '£', 0.94),
  },
  {
    code: 'mx',
    name: 'Mexico',
    flag: '🇲🇽',
    flag_code: 'MX',
    domain: 'amazon.com.mx',
    roles: ['selling', 'inventory'],
    currency: currency('MXN', 'Mexican Peso', 'MX$', '$', 1.12),
  },
  {
    code: 'au',
    name: 'Australia',
    flag: '🇦🇺',
    flag_code: 'AU',
    domain: 'amazon.com.au',
    roles: ['selling', 'inventory'],
    currency: currency('AUD', 'Australian Dollar', 'AU$', '$', 1.12),
  },
  {
    code: 'ae',
    name: 'United Arab Emirates',
    flag: '🇦🇪',
    flag_code: 'AE',
    domain: 'amazon.ae',
    roles: ['selling', 'inventory'],
    currency: currency('AED', 'United Arab Emirates Dirham', 'AED', 'د.إ.‏', 1.12),
  },
  {
    code: 'sg',
    name: 'Singapore',
    flag: '🇸🇬',
    flag_code: 'SG',
    domain: 'amazon.sg',
    roles: ['selling', 'inventory'],
    currency: currency('SGD', 'Singapore Dollar', 'S$', '$', 1.12),
  },
];

export const isRegionCode = (value: unknown): value is RegionCode =>
  REGION_CODES.includes(value as RegionCode);

export function regionByCode(code: RegionCode): Region {
  return REGIONS.find((r) => r.code === code)!;
}

export const buyingRegions = () => REGIONS.filter((r) => r.roles.includes('buying'));
export const sellingRegions = () => REGIONS.filter((r) => r.roles.includes('selling'));
/** Inventories offer regions with the inventory role that can also buy or sell (the specification). */
export const inventoryRegions = () =>
  REGIONS.filter(
    (r) => r.roles.includes('inventory') && (r.roles.includes('buying') || r.roles.includes('selling')),
  );
/** An inventory's buying country: the inventory role plus buying. */
export const inventoryBuyingRegions = () =>
  REGIONS.filter((r) => r.roles.includes('inventory') && r.roles.includes('buying'));
/** An inventory's selling country: the inventory role plus selling. */
export const inventorySellingRegions = () =>
  REGIONS.filter((r) => r.roles.includes('inventory') && r.roles.includes('selling'));

/** The fixed rate table, by currency code. */
export const FIXED_RATES: Readonly<Record<string, number>> = Object.fromEntries(
  REGIONS.map((r) => [r.currency.code, r.currency.rate]),
);

export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/**
 * Parity = selling currency rate ÷ buying currency rate, to two decimals: how many units of the selling
 * currency one unit of the buying currency buys. `rates` is keyed by currency code.
 */
export function parityFor(
  from: RegionCode,
  to: RegionCode,
  rates: Readonly<Record<string, number>> = FIXED_RATES,
) {
  const source = rates[regionByCode(from).currency.code];
  const target = rates[regionByCode(to).currency.code];
  if (!source || !target) throw new Error(`no exchange rate for ${from} or ${to}`);
  return round2(target / source);
}
