import { randomUUID } from 'node:crypto';
import { REGION_CODES, regionByCode } from '@crossmarket/domain';
import { MARKETPLACES } from '../../src/providers/marketplace/spapi/regions';
import {
  fulfillmentIssues,
  offerOnlyIssues,
  purchasableOfferIssues,
} from '../../src/providers/seller-store/offer-checks';
import type {
  AttributeValues,
  ListingIssue,
  ListingsItemPatchRequest,
  ListingsItemPutRequest,
} from '../../src/providers/seller-store';

export type ListingsOperation =
  'putListingsItem' | 'patchListingsItem' | 'deleteListingsItem' | 'getListingsItem' | 'searchListingsItems';

const ITEM_PATH = /^\/listings\/2021-08-01\/items\/([^/]+)\/([^/]+)$/;
const SEARCH_PATH = /^\/listings\/2021-08-01\/items\/([^/]+)$/;
const CURRENCY_OF = new Map(REGION_CODES.map((c) => [MARKETPLACES[c].id, regionByCode(c).currency.code]));

/** Which Listings Items operation a request is (listingsItems_2021-08-01.json), if any. */
export function listingsOperation(
  method: string | undefined,
  pathname: string,
): ListingsOperation | undefined {
  if (method === 'GET' && SEARCH_PATH.test(pathname)) return 'searchListingsItems';
  if (!ITEM_PATH.test(pathname)) return undefined;
  return (
    {
      PUT: 'putListingsItem',
      PATCH: 'patchListingsItem',
      DELETE: 'deleteListingsItem',
      GET: 'getListingsItem',
    } as const
  )[method ?? ''];
}

/** One call as the stand-in received it, for tests to read what was sent. */
export interface ListingsCall {
  operation: ListingsOperation;
  sellerId: string;
  sku: string;
  marketplaceId: string;
  mode: string | null;
  body: unknown;
}

/**
 * The Listings Items part of the SP-API stand-in: refuses what the model marks required (400
 * InvalidInput: `marketplaceIds`, one only for put and delete, `productType`, a known `mode`), answers
 * put and patch with `ListingsItemSubmissionResponse` and Amazon's issue codes (offer-checks.ts), keeps the
 * listings, and answers getListingsItem like Amazon (404 for an unknown SKU). `restricted` ASINs are
 * refused with Amazon's QUALIFICATION_REQUIRED category.
 */
export function createListingsStandIn(
  options: {
    restricted?: (asin: string) => boolean;
    /** The seller's shipping template ids: a `merchant_shipping_group` naming another is refused (90244). */
    templatesOf?: (sellerId: string, marketplaceId: string) => { id: string }[];
  } = {},
) {
  const store = new Map<
    string,
    { attributes: Record<string, AttributeValues>; productType: string; createdDate?: string }
  >();
  const calls: ListingsCall[] = [];
  const keyOf = (seller: string, marketplaceId: string, sku: string) => `${seller}\n${marketplaceId}\n${sku}`;
  /** What Amazon decided after it accepted a submission (`afterAcceptance`), by listing. */
  const later = new Map<string, { issues?: ListingIssue[]; status?: ('BUYABLE' | 'DISCOVERABLE')[] }>();
  /** Listings Amazon took but does not show yet (DONE is not live; reference §4.5). */
  const unseen = new Set<string>();

  /**
   * A kept listing as getListingsItem (and searchListingsItems) answer it: the shapes of the model's own
   * getListingsItem example (summaries with product type, condition, name and dates; offers with their
   * audience; the price amount a string), with what Amazon decided after acceptance.
   */
  const itemOf = (
    sku: string,
    marketplaceId: string,
    found: { attributes: Record<string, AttributeValues>; productType: string; createdDate?: string },
    decided: { issues?: ListingIssue[]; status?: ('BUYABLE' | 'DISCOVERABLE')[] } = {},
  ) => {
    const quantity = Number(found.attributes.fulfillment_availability?.[0]?.quantity ?? 0);
    const offer = found.attributes.purchasable_offer?.[0] as
      { our_price?: { schedule: { value_with_tax: number }[] }[]; currency?: string } | undefined;
    const price = offer?.our_price?.[0]?.schedule[0]?.value_with_tax;
    const issues = decided.issues ?? [];
    const suppressed = issues.some((i) =>
      i.enforcements?.actions?.some((a) => a.action === 'LISTING_SUPPRESSED'),
    );
    const date = found.createdDate ?? '2021-02-01T00:00:00Z';
    return {
      sku,
      summaries: [
        {
          marketplaceId,
          asin: found.attributes.merchant_suggested_asin?.[0]?.value,
          productType: found.productType,
          conditionType: found.attributes.condition_type?.[0]?.value ?? 'new_new',
          status:
            decided.status ?? (quantity > 0 && !suppressed ? ['BUYABLE', 'DISCOVERABLE'] : ['DISCOVERABLE']),
          itemName: 'Hardside Carry-On Spinner Suitcase Luggage',
          createdDate: date,
          lastUpdatedDate: date,
        },
      ],
      offers:
        price === undefined
          ? []
          : [
              {
                marketplaceId,
                offerType: 'B2C',
                price: { currencyCode: offer!.currency, amount: price.toFixed(2) },
                audience: { value: 'ALL', displayName: 'Sell on Amazon' },
              },
            ],
      fulfillmentAvailability: [{ fulfillmentChannelCode: 'DEFAULT', quantity }],
      issues,
    };
  };
  /** The listing as Amazon shows it now, if it shows it. */
  const shown = (seller: string, marketplaceId: string, sku: string) => {
    const key = keyOf(seller, marketplaceId, sku);
    const kept = store.get(key);
    return kept && !unseen.has(key) ? itemOf(sku, marketplaceId, kept, later.get(key)) : undefined;
  };

  /**
   * searchListingsItems by SKU (listingsItems_2021-08-01.json): `identifiers` at most 20 with
   * `identifiersType`, `pageSize` at most 20; the SKUs the seller has, in one page when they fit.
   */
  function search(url: URL): { status: number; body: unknown; problem?: string } {
    const seller = decodeURIComponent(SEARCH_PATH.exec(url.pathname)![1]!);
    const q = url.searchParams;
    const problem = (message: string) => ({
      status: 400,
      body: { errors: [{ code: 'InvalidInput', message }] },
      problem: message,
    });
    const marketplaceIds = (q.get('marketplaceIds') ?? '').split(',').filter(Boolean);
    if (marketplaceIds.length === 0) return problem('marketplaceIds is required');
    const identifiers = (q.get('identifiers') ?? '').split(',').filter(Boolean);
    if (identifiers.length > 20) return problem('Expected a maximum of 20 identifiers');
    if (identifiers.length > 0 && !q.get('identifiersType'))
      return problem('identifiersType is required with identifiers');
    const pageSize = Number(q.get('pageSize') ?? 10);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)
      return problem('pageSize must be 1 to 20');
    const marketplaceId = marketplaceIds[0]!;
    calls.push({
      operation: 'searchListingsItems',
      sellerId: seller,
      sku: identifiers.join(','),
      marketplaceId,
      mode: null,
      body: undefined,
    });
    const found = identifiers.flatMap((sku) => {
      const item = shown(seller, marketplaceId, sku);
      return item ? [item] : [];
    });
    return { status: 200, body: { numberOfResults: found.length, items: found.slice(0, pageSize) } };
  }

  function handle(
    operation: ListingsOperation,
    url: URL,
    body: unknown,
  ): { status: number; body: unknown; problem?: string } {
    if (operation === 'searchListingsItems') return search(url);
    const [, seller, skuRaw] = ITEM_PATH.exec(url.pathname)!;
    const sku = decodeURIComponent(skuRaw!);
    const marketplaceIds = (url.searchParams.get('marketplaceIds') ?? '').split(',').filter(Boolean);
    const mode = url.searchParams.get('mode');
    const problem = (message: string) => ({
      status: 400,
      body: { errors: [{ code: 'InvalidInput', message }] },
      problem: message,
    });
    if (marketplaceIds.length === 0) return problem('marketplaceIds is required');
    if ((operation === 'putListingsItem' || operation === 'deleteListingsItem') && marketplaceIds.length > 1)
      return problem('Expected a maximum of 1 marketplaceIds');
    if (mode !== null && mode !== 'VALIDATION_PREVIEW') return problem(`Invalid mode: ${mode}`);
    const marketplaceId = marketplaceIds[0]!;
    calls.push({ operation, sellerId: seller!, sku, marketplaceId, mode, body });
    const key = keyOf(seller!, marketplaceId, sku);
    const submission = (issues: ListingIssue[], ok: 'ACCEPTED' | 'VALID') => ({
      sku,
      status: issues.some((i) => i.severity === 'ERROR') ? 'INVALID' : ok,
      submissionId: randomUUID().replace(/-/g, ''),
      issues,
    });

    if (operation === 'getListingsItem') {
      const item = shown(seller!, marketplaceId, sku);
      if (!item)
        return { status: 404, body: { errors: [{ code: 'NOT_FOUND', message: `SKU '${sku}' not found.` }] } };
      return { status: 200, body: item };
    }
    if (operation === 'deleteListingsItem') {
      store.delete(key);
      return { status: 200, body: submission([], 'ACCEPTED') };
    }
    if (!body || typeof (body as { productType?: unknown }).productType !== 'string')
      return problem('productType is required');
    const currency = CURRENCY_OF.get(marketplaceId) ?? '';
    if (operation === 'putListingsItem') {
      const put = body as ListingsItemPutRequest;
      const issues = offerOnlyIssues(put, marketplaceId, currency);
      const asin = put.attributes?.merchant_suggested_asin?.[0]?.value;
      if (typeof asin === 'string' && options.restricted?.(asin))
        issues.push({
          code: '5665',
          message: 'You need approval to list in this brand.',
          severity: 'ERROR',
          categories: ['QUALIFICATION_REQUIRED'],
        });
      const template = put.attributes?.merchant_shipping_group?.[0]?.value;
      if (
        template !== undefined &&
        !(options.templatesOf?.(seller!, marketplaceId) ?? []).some((t) => t.id === template)
      )
        issues.push({
          code: '90244',
          message: "The value provided for 'merchant_shipping_group' is an invalid enumerated value.",
          severity: 'ERROR',
          attributeNames: ['merchant_shipping_group'],
          categories: ['INVALID_ATTRIBUTE'],
        });
      const answer = submission(issues, mode ? 'VALID' : 'ACCEPTED');
      if (!mode && answer.status === 'ACCEPTED')
        store.set(key, { attributes: put.attributes, productType: put.productType });
      return { status: 200, body: answer };
    }
    const patch = body as ListingsItemPatchRequest;
    if (!Array.isArray(patch.patches) || patch.patches.length === 0) return problem('patches is required');
    const current = store.get(key);
    const attributes = { ...(current?.attributes ?? {}) };
    for (const p of patch.patches) {
      const name = /^\/attributes\/([a-z0-9_]+)$/.exec(p.path)?.[1];
      // Only top-level attributes can be patched (the model's description; issue #4228).
      if (!name)
        return {
          status: 200,
          body: submission(
            [
              {
                code: '4000001',
                message: 'Invalid path provided in patch',
                severity: 'ERROR',
                categories: ['INVALID_ATTRIBUTE'],
              },
            ],
            'ACCEPTED',
          ),
        };
      if (p.op === 'merge')
        attributes[name] = [{ ...(attributes[name]?.[0] ?? {}), ...(p.value?.[0] ?? {}) }];
      else if (p.op === 'delete') delete attributes[name];
      else attributes[name] = p.value ?? [];
    }
    // A patch of a SKU the seller has no listing of is accepted without an issue, and nothing is listed:
    // Amazon takes the offer data and waits for the rest (Amazon staff, selling-partner-api-docs#3748;
    // the same in a feed, #4402). Only a read-back tells.
    if (!current) return { status: 200, body: submission([], mode ? 'VALID' : 'ACCEPTED') };
    const issues = [
      ...purchasableOfferIssues(attributes.purchasable_offer, marketplaceId, currency),
      ...fulfillmentIssues(attributes.fulfillment_availability, true),
    ];
    const answer = submission(issues, mode ? 'VALID' : 'ACCEPTED');
    if (!mode && answer.status === 'ACCEPTED') store.set(key, { ...current, attributes });
    return { status: 200, body: answer };
  }

  return {
    handle,
    /** Every well-formed Listings Items call, in order. */
    calls,
    /** The listing kept for a seller's SKU in a marketplace, as its attributes. */
    listing: (sellerId: string, marketplaceId: string, sku: string) =>
      store.get(keyOf(sellerId, marketplaceId, sku))?.attributes,
    /** A listing the seller already has (a benchmark's starting store), as an accepted put would keep it. */
    seed(sellerId: string, marketplaceId: string, sku: string, attributes: Record<string, AttributeValues>) {
      store.set(keyOf(sellerId, marketplaceId, sku), { attributes, productType: 'PRODUCT' });
    },
    /**
     * What Amazon decides after it accepted a listing: issues it raises (with their enforcements, as the
     * model's examples) and, when given, the summary's status; nothing given: no more than the listing's own.
     */
    afterAcceptance(
      sellerId: string,
      marketplaceId: string,
      sku: string,
      decided: { issues?: ListingIssue[]; status?: ('BUYABLE' | 'DISCOVERABLE')[] } | undefined,
    ) {
      const key = keyOf(sellerId, marketplaceId, sku);
      if (decided) later.set(key, decided);
      else later.delete(key);
    },
    /** Amazon keeps the listing out of its answers (taken, not shown yet) until told otherwise. */
    showLater(sellerId: string, marketplaceId: string, sku: string, hidden: boolean) {
      const key = keyOf(sellerId, marketplaceId, sku);
      if (hidden) unseen.add(key);
      else unseen.delete(key);
    },
    /** The seller changes the listing in Seller Central: its price and/or quantity, nothing else. */
    editInSellerCentral(
      sellerId: string,
      marketplaceId: string,
      sku: string,
      change: { price?: number; quantity?: number },
    ) {
      const found = store.get(keyOf(sellerId, marketplaceId, sku));
      if (!found) throw new Error(`no listing ${sku}`);
      const attributes = structuredClone(found.attributes);
      if (change.price !== undefined)
        attributes.purchasable_offer = [
          {
            ...attributes.purchasable_offer![0],
            our_price: [{ schedule: [{ value_with_tax: change.price }] }],
          },
        ];
      if (change.quantity !== undefined)
        attributes.fulfillment_availability = [
          { ...attributes.fulfillment_availability![0], quantity: change.quantity },
        ];
      store.set(keyOf(sellerId, marketplaceId, sku), { ...found, attributes });
    },
  };
}

const DEFINITION_PATH = /^\/definitions\/2020-09-01\/productTypes\/([^/]+)$/;
const SCHEMA_PATH = /^\/ptd-schemas\/([^/]+)$/;

/** Whether a request is getDefinitionsProductType (definitionsProductTypes_2020-09-01.json). */
export const definitionsOperation = (method: string | undefined, pathname: string) =>
  method === 'GET' && DEFINITION_PATH.test(pathname) ? ('getDefinitionsProductType' as const) : undefined;

/**
 * Product Type Definitions for `PRODUCT`: one marketplace (the model says so), and a schema link (served
 * by the stand-in without a token, as Amazon's presigned one) whose `merchant_shipping_group` value lists
 * the seller's templates as `enum` + `enumNames` only when asked with `sellerId`, as Amazon fills
 * seller-specific values.
 */
export function createDefinitionsStandIn(
  templatesOf: (sellerId: string, marketplaceId: string) => { id: string; name: string }[],
) {
  const schemas = new Map<string, unknown>();
  function handle(url: URL, base: string) {
    const problem = (message: string) => ({
      status: 400,
      body: { errors: [{ code: 'InvalidInput', message }] },
      problem: message,
    });
    const productType = decodeURIComponent(DEFINITION_PATH.exec(url.pathname)![1]!);
    const marketplaceIds = (url.searchParams.get('marketplaceIds') ?? '').split(',').filter(Boolean);
    if (marketplaceIds.length !== 1) return problem('Exactly one marketplaceIds is required');
    if (productType !== 'PRODUCT')
      return { status: 404, body: { errors: [{ code: 'NOT_FOUND', message: 'Product type not found.' }] } };
    const sellerId = url.searchParams.get('sellerId');
    const templates = sellerId ? templatesOf(sellerId, marketplaceIds[0]!) : [];
    const id = randomUUID();
    schemas.set(id, {
      $schema: 'https://schemas.amazon.com/selling-partners/definitions/product-types/meta-schema/v1',
      type: 'object',
      properties: {
        merchant_shipping_group: {
          title: 'Merchant Shipping Group',
          type: 'array',
          items: {
            type: 'object',
            required: ['value'],
            properties: {
              value: {
                type: 'string',
                ...(templates.length
                  ? { enum: templates.map((t) => t.id), enumNames: templates.map((t) => t.name) }
                  : {}),
              },
              marketplace_id: { type: 'string' },
            },
          },
        },
      },
    });
    return {
      status: 200,
      body: {
        productType,
        displayName: 'Product',
        marketplaceIds,
        requirements: url.searchParams.get('requirements') ?? 'LISTING',
        requirementsEnforced: 'ENFORCED',
        locale: url.searchParams.get('locale') ?? 'DEFAULT',
        propertyGroups: {},
        productTypeVersion: { version: 'U1', latest: true },
        schema: { link: { resource: `${base}/ptd-schemas/${id}`, verb: 'GET' }, checksum: id },
        metaSchema: { link: { resource: `${base}/ptd-schemas/meta`, verb: 'GET' }, checksum: 'meta' },
      },
    };
  }
  function serveSchema(method: string | undefined, pathname: string) {
    const id = SCHEMA_PATH.exec(pathname)?.[1];
    const schema = method === 'GET' && id ? schemas.get(id) : undefined;
    return schema === undefined ? undefined : { status: 200, body: JSON.stringify(schema) };
  }
  return { handle, serveSchema };
}
