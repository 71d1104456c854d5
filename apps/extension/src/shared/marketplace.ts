import { buyingRegions, regionByCode, REGIONS, sellingRegions, type RegionCode } from '@crossmarket/domain';

/**
 * The Amazon host names the content script runs on, from the domain's regions: `www.` and the bare
 * domain, as Amazon serves both. The manifest's `content_scripts.matches` are built from the same list
 * (build.mjs), since MV3 has no wildcard top-level domain.
 */
export const AMAZON_HOSTS: readonly { host: string; region: RegionCode }[] = REGIONS.flatMap((r) => [
  { host: `www.${r.domain}`, region: r.code },
  { host: r.domain, region: r.code },
]);

/** The marketplace a page belongs to, from its host name; null off Amazon (or a local test page). */
export function marketplaceOfHost(hostname: string): RegionCode | null {
  const host = hostname.toLowerCase().replace(/^smile\./, 'www.');
  return AMAZON_HOSTS.find((h) => h.host === host)?.region ?? null;
}

const BUYING = new Set<RegionCode>(buyingRegions().map((r) => r.code));
export const SELLING_COUNTRIES: readonly RegionCode[] = sellingRegions().map((r) => r.code);
export const BUYING_COUNTRIES: readonly RegionCode[] = [...BUYING];

/**
 * Which side of the check the page is: a buying marketplace (us, uk) is where the seller buys, and the
 * remembered selling country is the other side; any other marketplace is where they sell, bought in the
 * remembered buying country.
 */
export function checkCountries(
  page: RegionCode,
  remembered: { sellTo?: RegionCode | null; buyIn?: RegionCode | null },
): { from: RegionCode; to: RegionCode; pageSide: 'from' | 'to' } {
  if (BUYING.has(page)) {
    const to =
      remembered.sellTo && remembered.sellTo !== page
        ? remembered.sellTo
        : firstOther(SELLING_COUNTRIES, page);
    return { from: page, to, pageSide: 'from' };
  }
  const from =
    remembered.buyIn && remembered.buyIn !== page ? remembered.buyIn : firstOther(BUYING_COUNTRIES, page);
  return { from, to: page, pageSide: 'to' };
}

const firstOther = (list: readonly RegionCode[], not: RegionCode) => list.find((c) => c !== not)!;

/** A country's name in the panel's language (the browser's own names), else the domain's English one. */
export function countryName(code: RegionCode, lang: string): string {
  const region = regionByCode(code);
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(region.flag_code) ?? region.name;
  } catch {
    return region.name;
  }
}
