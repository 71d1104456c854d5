import { regionByCode, type RegionCode } from '@crossmarket/domain';

/** A product's page on the given country's Amazon (the report's cells, the inventory's products). */
export const productUrl = (country: RegionCode, productId: string) =>
  `https://www.${regionByCode(country).domain}/dp/${encodeURIComponent(productId)}`;
