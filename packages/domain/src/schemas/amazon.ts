import { z } from 'zod';
import { REGION_CODES, type RegionCode } from '../regions';
import { timestampSchema } from './api-responses';

/**
 * Amazon selling accounts connected to Crossmarket, one authorisation per SP-API region. The catalogue
 * lives here, beside the schemas, because the settings tab is drawn from it and the server builds the
 * consent links and checks Amazon's callback hosts with it.
 */
export const AMAZON_REGION_CODES = ['na', 'eu', 'fe'] as const;
export type AmazonRegionCode = (typeof AMAZON_REGION_CODES)[number];

export interface AmazonRegion {
  code: AmazonRegionCode;
  /** Its English name, for server texts (the web app says it through `amazonConnections.regions.*`). */
  name: string;
  /** Our marketplaces this authorisation covers. */
  countries: readonly RegionCode[];
  /** Where a seller of the region gives consent (`/apps/authorize/consent`). */
  seller_central: string;
  /** Every Seller Central host of the region: Amazon's Appstore may send the seller from any of them. */
  seller_central_hosts: readonly string[];
  /**
   * Each marketplace's own Seller Central: a seller authorises on the one of the marketplace their account
   * lives in (Amazon's authorisation guide), so the consent link is built from the marketplace they pick.
   */
  seller_centrals: Readonly<Partial<Record<RegionCode, string>>>;
}

// Seller Central per marketplace, as Amazon's SP-API documentation lists it; the first host is the one a
// consent link opens (Europe's unified Seller Central serves the UK).
export const AMAZON_REGIONS: readonly AmazonRegion[] = [
  {
    code: 'na',
    name: 'North America',
    countries: ['us', 'ca', 'mx'],
    seller_central: 'https://sellercentral.amazon.com',
    seller_central_hosts: [
      'sellercentral.amazon.com',
      'sellercentral.amazon.ca',
      'sellercentral.amazon.com.mx',
    ],
    seller_centrals: {
      us: 'https://sellercentral.amazon.com',
      ca: 'https://sellercentral.amazon.ca',
      mx: 'https://sellercentral.amazon.com.mx',
    },
  },
  {
    code: 'eu',
    name: 'Europe',
    countries: ['uk', 'ae'],
    seller_central: 'https://sellercentral-europe.amazon.com',
    seller_central_hosts: [
      'sellercentral-europe.amazon.com',
      'sellercentral.amazon.co.uk',
      'sellercentral.amazon.ae',
    ],
    seller_centrals: {
      uk: 'https://sellercentral-europe.amazon.com',
      ae: 'https://sellercentral.amazon.ae',
    },
  },
  {
    code: 'fe',
    name: 'Far East',
    countries: ['au', 'sg'],
    seller_central: 'https://sellercentral.amazon.com.au',
    seller_central_hosts: ['sellercentral.amazon.com.au', 'sellercentral.amazon.sg'],
    seller_centrals: {
      au: 'https://sellercentral.amazon.com.au',
      sg: 'https://sellercentral.amazon.sg',
    },
  },
];

export const amazonRegionOf = (code: AmazonRegionCode): AmazonRegion =>
  AMAZON_REGIONS.find((r) => r.code === code)!;

/** The region a marketplace of ours belongs to. */
export const amazonRegionOfCountry = (country: RegionCode): AmazonRegionCode =>
  AMAZON_REGIONS.find((r) => r.countries.includes(country))!.code;

export const isAmazonRegionCode = (value: unknown): value is AmazonRegionCode =>
  (AMAZON_REGION_CODES as readonly unknown[]).includes(value);

/**
 * Why a connection attempt came back to `/settings/amazon?error=<code>`: each code's text is the i18n key
 * beside it (`apiErrors.*`), for the settings tab to show.
 */
export const AMAZON_CONNECT_ERRORS = {
  amazon_state_invalid: 'apiErrors.amazonStateInvalid',
  amazon_declined: 'apiErrors.amazonDeclined',
  amazon_exchange_failed: 'apiErrors.amazonExchangeFailed',
  amazon_seller_mismatch: 'apiErrors.amazonSellerMismatch',
} as const;
export type AmazonConnectError = keyof typeof AMAZON_CONNECT_ERRORS;

const region = z.enum(AMAZON_REGION_CODES, { error: 'validation.amazon.region' });

/**
 * POST /api/amazon/connections: start connecting a region, from the Seller Central of the marketplace the
 * seller's account lives in (one of the region's; its first when not given).
 */
export const amazonConnectRequestSchema = z
  .object({ region, marketplace: z.string({ error: 'validation.amazon.marketplace' }).optional() })
  .superRefine((body, ctx) => {
    if (body.marketplace === undefined) return;
    if (!(amazonRegionOf(body.region).countries as readonly string[]).includes(body.marketplace))
      ctx.addIssue({ code: 'custom', path: ['marketplace'], message: 'validation.amazon.marketplace' });
  })
  .transform((body) => ({
    region: body.region,
    marketplace: (body.marketplace ?? amazonRegionOf(body.region).countries[0]!) as RegionCode,
  }));
export type AmazonConnectRequest = z.output<typeof amazonConnectRequestSchema>;

/** Its answer: where to send the seller (Seller Central's consent page, or the local one in the sandbox). */
export const amazonConnectResponseSchema = z.object({ authorize_url: z.url() });
export type AmazonConnectResponse = z.output<typeof amazonConnectResponseSchema>;

/** One region as the settings tab shows it. The refresh token never leaves the server. */
export const amazonConnectionSchema = z.object({
  region,
  status: z.enum(['not_connected', 'connected', 'revoked']),
  /** The first four characters and an ellipsis (`A1B2…`): enough to tell accounts apart. */
  selling_partner_id: z.string().nullable(),
  connected_at: timestampSchema.nullable(),
  /** Amazon asks for a new consent a year after the last one. */
  renew_by: timestampSchema.nullable(),
  /**
   * True when this deployment looks the region's marketplaces up only under the seller's own
   * authorisation (no shared one): reports there need this region connected.
   */
  required: z.boolean(),
  /**
   * The region's marketplaces Amazon says this seller does not participate in (Sellers API, read at
   * connect time): they cannot sell there with this account. Empty when connected nowhere or unknown.
   */
  not_selling_in: z.array(z.enum(REGION_CODES)),
});
export type AmazonConnection = z.output<typeof amazonConnectionSchema>;

/** GET /api/amazon/connections: every region, in the catalogue's order. */
export const amazonConnectionListSchema = z.array(amazonConnectionSchema);
export type AmazonConnectionList = z.output<typeof amazonConnectionListSchema>;

/** Amazon's redirect to us after consent (or a refusal): every member optional, checked by the handler. */
export const amazonCallbackQuerySchema = z.looseObject({
  state: z.string().optional(),
  selling_partner_id: z.string().optional(),
  spapi_oauth_code: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** Amazon's Appstore opening our log-in URI. */
export const amazonLoginQuerySchema = z.looseObject({
  amazon_callback_uri: z.string().optional(),
  amazon_state: z.string().optional(),
  selling_partner_id: z.string().optional(),
  version: z.string().optional(),
});

/** A route that answers 302 with a Location and no body (the browser-facing steps of the flow). */
export const redirectSchema = z.undefined().meta({ description: 'A redirect: see the Location header.' });
