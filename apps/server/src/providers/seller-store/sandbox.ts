import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxListings } from '../../db/schema';
import { sandboxRestriction } from '../marketplace/sandbox-restrictions';
import { sandboxSnapshot } from '../marketplace/sandbox';
import { currencyOf } from '../marketplace/spapi/currency';
import { MARKETPLACES } from '../marketplace/spapi/regions';
import { fulfillmentIssues, offerOnlyIssues, offerPrices, purchasableOfferIssues } from './offer-checks';
import type {
  AttributeValues,
  ListingIssue,
  ListingsItem,
  ListingSubmission,
  PatchOperation,
  SellerStore,
  ShippingTemplate,
  StoreTarget,
} from './types';

const DAY = 86_400_000;

/**
 * The sandbox's own issue for a product the seller may not list: Amazon's documented category
 * QUALIFICATION_REQUIRED with the sandbox restriction's reason; the code is the sandbox's, not Amazon's.
 */
function restrictionIssue(asin: string, target: StoreTarget): ListingIssue | undefined {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const snapshot = sandboxSnapshot(asin, target.country, { shipTo: target.country, role: 'to', today });
  const restriction = sandboxRestriction(snapshot, target.country);
  if (restriction.state === 'can_list') return undefined;
  return {
    code: 'SANDBOX_QUALIFICATION',
    message: restriction.reasons.join(' '),
    severity: 'ERROR',
    attributeNames: ['merchant_suggested_asin'],
    categories: ['QUALIFICATION_REQUIRED'],
  };
}

/** A patch applied as Amazon describes it: top-level attributes only; `merge` by the first entry. */
function applyPatches(
  attributes: Record<string, AttributeValues>,
  patches: PatchOperation[],
): { attributes: Record<string, AttributeValues> } | { error: string } {
  const next = { ...attributes };
  for (const patch of patches) {
    const name = /^\/attributes\/([a-z0-9_]+)$/.exec(patch.path)?.[1];
    if (!name) return { error: 'Invalid path provided in patch' };
    if (patch.op === 'delete') delete next[name];
    else if (patch.op === 'merge') {
      const [current, ...rest] = next[name] ?? [{}];
      next[name] = [{ ...current, ...(patch.value?.[0] ?? {}) }, ...rest];
    } else next[name] = patch.value ?? [];
  }
  return { attributes: next };
}

/**
 * Every sandbox seller's shipping templates in a marketplace: Seller Central's default one (created with
 * every account) and one more, with ids shaped like the enum values Amazon gives.
 */
export function sandboxShippingTemplates(target: StoreTarget): ShippingTemplate[] {
  const marketplaceId = MARKETPLACES[target.country].id;
  return [
    { id: `legacy-template-id-${marketplaceId}`, name: 'Migrated Template' },
    { id: `sandbox-express-${marketplaceId}`, name: 'Express' },
  ];
}

const hasError = (issues: ListingIssue[]) => issues.some((i) => i.severity === 'ERROR');

/**
 * The sandbox marketplace's stand-in for a seller's Amazon store: listings kept in PostgreSQL
 * (`sandbox_listings`), answered in Amazon's shapes with the issues Amazon would give (offer-checks.ts),
 * and products the sandbox restricts refused (sandbox-restrictions.ts). Needs no authorisation.
 */
export function createSandboxSellerStore(db: Db): SellerStore {
  const key = (target: StoreTarget, sku: string) =>
    and(
      eq(sandboxListings.sellerId, target.sellerId),
      eq(sandboxListings.marketplaceId, MARKETPLACES[target.country].id),
      eq(sandboxListings.sku, sku),
    );
  const answer = (
    sku: string,
    issues: ListingIssue[],
    ok: 'ACCEPTED' | 'VALID',
    extra: Partial<ListingSubmission> = {},
  ): ListingSubmission => ({
    sku,
    status: hasError(issues) ? 'INVALID' : ok,
    submissionId: randomUUID().replace(/-/g, ''),
    issues,
    ...extra,
  });

  return {
    name: 'sandbox',
    needsOwnAuthorisation: false,
    async put(target, sku, body, options = {}) {
      const marketplaceId = MARKETPLACES[target.country].id;
      const issues = offerOnlyIssues(body, marketplaceId, currencyOf(target.country));
      const asin = body.attributes.merchant_suggested_asin?.[0]?.value;
      const restricted = typeof asin === 'string' ? restrictionIssue(asin, target) : undefined;
      if (restricted) issues.push(restricted);
      if (options.preview) {
        const identifiers = typeof asin === 'string' && !hasError(issues) ? [{ marketplaceId, asin }] : [];
        return answer(sku, issues, 'VALID', { identifiers });
      }
      const submitted = answer(sku, issues, 'ACCEPTED');
      if (submitted.status === 'INVALID') return submitted;
      await db
        .insert(sandboxListings)
        .values({
          sellerId: target.sellerId,
          marketplaceId,
          sku,
          productType: body.productType,
          attributes: body.attributes,
          submissionId: submitted.submissionId,
        })
        .onConflictDoUpdate({
          target: [sandboxListings.sellerId, sandboxListings.marketplaceId, sandboxListings.sku],
          set: {
            productType: body.productType,
            attributes: body.attributes,
            issues: [],
            submissionId: submitted.submissionId,
            updatedAt: sql`now()`,
          },
        });
      return submitted;
    },
    async patch(target, sku, body) {
      const [row] = await db.select().from(sandboxListings).where(key(target, sku));
      // Amazon accepts a patch of a SKU the seller has no listing of, without an issue, and lists nothing
      // (Amazon staff, selling-partner-api-docs#3748): only a read-back tells.
      if (!row) return answer(sku, [], 'ACCEPTED');
      const patched = applyPatches(row.attributes as Record<string, AttributeValues>, body.patches);
      if ('error' in patched)
        return answer(
          sku,
          [{ code: '4000001', message: patched.error, severity: 'ERROR', categories: ['INVALID_ATTRIBUTE'] }],
          'ACCEPTED',
        );
      const issues = [
        ...purchasableOfferIssues(
          patched.attributes.purchasable_offer,
          row.marketplaceId,
          currencyOf(target.country),
        ),
        ...fulfillmentIssues(patched.attributes.fulfillment_availability, true),
      ];
      const submitted = answer(sku, issues, 'ACCEPTED');
      if (submitted.status === 'INVALID') return submitted;
      await db
        .update(sandboxListings)
        .set({ attributes: patched.attributes, submissionId: submitted.submissionId, updatedAt: sql`now()` })
        .where(key(target, sku));
      return submitted;
    },
    async delete(target, sku) {
      await db.delete(sandboxListings).where(key(target, sku));
      return answer(sku, [], 'ACCEPTED');
    },
    async search(target, skus) {
      const rows = await db
        .select()
        .from(sandboxListings)
        .where(
          and(
            eq(sandboxListings.sellerId, target.sellerId),
            eq(sandboxListings.marketplaceId, MARKETPLACES[target.country].id),
            inArray(sandboxListings.sku, skus),
          ),
        );
      return rows.map(toListingsItem);
    },
    async shippingTemplates(target) {
      return sandboxShippingTemplates(target);
    },
    async get(target, sku) {
      const [row] = await db.select().from(sandboxListings).where(key(target, sku));
      return row ? toListingsItem(row) : null;
    },
  };
}

type Row = typeof sandboxListings.$inferSelect;

/** A kept listing as getListingsItem answers it (summaries, offers, fulfillment availability, issues). */
export function toListingsItem(row: Row): ListingsItem {
  const attributes = row.attributes as Record<string, AttributeValues>;
  const offer = attributes.purchasable_offer?.[0] ?? {};
  const { price } = offerPrices(offer);
  const quantity = Number(attributes.fulfillment_availability?.[0]?.quantity ?? 0);
  const issues = row.issues as ListingIssue[];
  const asin = attributes.merchant_suggested_asin?.[0]?.value;
  return {
    sku: row.sku,
    summaries: [
      {
        marketplaceId: row.marketplaceId,
        ...(typeof asin === 'string' ? { asin } : {}),
        status: quantity > 0 && !hasError(issues) ? ['BUYABLE', 'DISCOVERABLE'] : ['DISCOVERABLE'],
      },
    ],
    offers:
      price === null || Number.isNaN(price)
        ? []
        : [
            {
              marketplaceId: row.marketplaceId,
              offerType: 'B2C',
              price: { currencyCode: String(offer.currency), amount: price.toFixed(2) },
            },
          ],
    fulfillmentAvailability: [{ fulfillmentChannelCode: 'DEFAULT', quantity }],
    issues,
  };
}

/** Every listing the sandbox store keeps (the /dev page), newest change first. */
export async function sandboxStoreListings(db: Db, limit = 500) {
  const rows = await db
    .select()
    .from(sandboxListings)
    .orderBy(asc(sandboxListings.sellerId), asc(sandboxListings.sku))
    .limit(limit);
  return rows.map((row) => ({
    seller_id: row.sellerId,
    updated_at: row.updatedAt.toISOString(),
    ...toListingsItem(row),
  }));
}
