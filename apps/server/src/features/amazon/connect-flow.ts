import { AMAZON_REGIONS, amazonRegionOf, type AmazonRegionCode, type RegionCode } from '@crossmarket/domain';
import type { Config } from '../../config';
import { createSandboxLwa, lwaCodeExchange, type CodeExchange } from './lwa';

/** The sandbox's application id when SPAPI_APP_ID is unset: the local consent page only checks it matches. */
export const SANDBOX_APP_ID = 'amzn1.sp.solution.crossmarket-sandbox';
export const CALLBACK_PATH = '/api/amazon/callback';
export const SANDBOX_CONSENT_PATH = '/dev/amazon/consent';
/** Where the settings tab reads the outcome (`?connected=<region>` or `?error=<code>`). */
export const SETTINGS_PATH = '/settings/amazon';

/**
 * How this server connects a seller: Amazon's website authorisation workflow with SP-API, or the sandbox's
 * offline copy of it (the local consent page and an in-process code exchange).
 */
export interface ConnectFlow {
  /** False when a seller cannot connect here: SP-API without SPAPI_APP_ID, or the sandbox in production. */
  available: boolean;
  applicationId: string;
  /** A draft application (SPAPI_APP_DRAFT): Amazon shows it to the seller only with `version=beta`. */
  draft: boolean;
  /** Our OAuth redirect URI, as registered with the application. */
  redirectUri: string;
  /**
   * The consent page for a region and state, on the Seller Central of the marketplace the seller's account
   * lives in (the region's first when not named).
   */
  authorizeUrl(region: AmazonRegionCode, state: string, marketplace?: RegionCode): string;
  exchange: CodeExchange;
  /** The sandbox's code minting, for the local consent page; absent with SP-API. */
  sandbox?: ReturnType<typeof createSandboxLwa>;
  /** Appstore log-in: the region of a Seller Central callback we may send the seller to; null if not Amazon's. */
  regionOfCallback(url: URL): AmazonRegionCode | null;
}

export function createConnectFlow(config: Config): ConnectFlow {
  const redirectUri = new URL(CALLBACK_PATH, config.APP_URL).toString();
  const sandbox = config.MARKETPLACE_PROVIDER === 'sandbox' ? createSandboxLwa() : undefined;
  const applicationId = config.SPAPI_APP_ID ?? (sandbox ? SANDBOX_APP_ID : '');
  /** Amazon's guide: a seller authorises on the Seller Central of the marketplace their account is in. */
  const sellerCentral = (region: AmazonRegionCode, marketplace?: RegionCode) => {
    const r = amazonRegionOf(region);
    return (marketplace && r.seller_centrals[marketplace]) ?? r.seller_central;
  };
  const consentBase = (region: AmazonRegionCode, marketplace?: RegionCode) => {
    if (!sandbox)
      return new URL(
        '/apps/authorize/consent',
        config.SELLER_CENTRAL_URL ?? sellerCentral(region, marketplace),
      );
    // The local page says which Seller Central the seller would be sent to.
    const url = new URL(SANDBOX_CONSENT_PATH, config.APP_URL);
    url.searchParams.set('seller_central', sellerCentral(region, marketplace));
    return url;
  };
  return {
    // The local consent page is a /dev page: production never registers one.
    available: sandbox
      ? config.NODE_ENV !== 'production'
      : Boolean(config.SPAPI_APP_ID && config.SPAPI_CLIENT_ID && config.SPAPI_CLIENT_SECRET),
    applicationId,
    draft: config.SPAPI_APP_DRAFT,
    redirectUri,
    authorizeUrl(region, state, marketplace) {
      const url = consentBase(region, marketplace);
      url.searchParams.set('application_id', applicationId);
      url.searchParams.set('state', state);
      // Optional for Amazon (the first registered URI is the default), explicit so the code exchange's
      // redirect_uri matches whichever environment this is.
      url.searchParams.set('redirect_uri', redirectUri);
      // A draft application is only offered to the seller with version=beta.
      if (config.SPAPI_APP_DRAFT) url.searchParams.set('version', 'beta');
      return url.toString();
    },
    exchange:
      sandbox ??
      lwaCodeExchange({
        url: config.LWA_TOKEN_URL,
        clientId: config.SPAPI_CLIENT_ID ?? '',
        clientSecret: config.SPAPI_CLIENT_SECRET ?? '',
        redirectUri,
      }),
    sandbox,
    regionOfCallback(url) {
      // Only Amazon's own Seller Central over HTTPS: anything else would make the log-in URI an open redirect.
      if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return null;
      const host = url.hostname.toLowerCase();
      return AMAZON_REGIONS.find((r) => r.seller_central_hosts.includes(host))?.code ?? null;
    },
  };
}
