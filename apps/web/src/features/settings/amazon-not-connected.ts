import { isAmazonRegionCode, type AmazonRegionCode } from '@crossmarket/domain';
import { ApiError } from '../../lib/api-client';
import type { ErrorMessageOptions, Translate } from '../../lib/error-message';

/**
 * The region a 409 `amazon_not_connected` names (a report or an inventory update there needs the seller's
 * own authorisation, which they have not given), else null.
 */
export function notConnectedRegion(error: unknown): AmazonRegionCode | null {
  if (!(error instanceof ApiError) || error.code !== 'amazon_not_connected') return null;
  const region = error.details.region;
  return isAmazonRegionCode(region) ? region : null;
}

/** `errorMessage`'s params for such a refusal: the server names the region in English, the reader's language wins. */
export function notConnectedParams(error: unknown, t: Translate): ErrorMessageOptions['params'] {
  const region = notConnectedRegion(error);
  return region ? { region: t(`amazonConnections.regions.${region}`) } : undefined;
}
