import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpapiClient, SpapiError } from '../src/providers/marketplace/spapi/client';
import { createSpapiSellerStore } from '../src/providers/marketplace/spapi/listings-items';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { sandboxSnapshot } from '../src/providers/marketplace/sandbox';
import { SANDBOX_BASELINE_DAY } from './helpers/sandbox';
import { sandboxRestriction } from '../src/providers/marketplace/sandbox-restrictions';
import { createSandboxSellerStore } from '../src/providers/seller-store';
import type { StoreTarget } from '../src/providers/seller-store';
import { offerPatchBody, offerPutBody } from '../src/features/listings/offer-body';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// The seller store: SP-API's Listings Items API against the stand-in (Amazon's shapes, limits and issue
// codes), and the sandbox's offline store in PostgreSQL.

const CA = MARKETPLACES.ca.id;
const OWN = { sellingPartnerId: 'A1SELLERCA', refreshToken: 'Atzr|seller-own' };
const target: StoreTarget = {
  country: 'ca',
  sellerId: OWN.sellingPartnerId,
  account: { own: OWN, tenant: 'u1' },
};
const figures = { price: 39.99, min: 34.99, max: 59.99, quantity: 5 };

let stand: SpapiStandIn;
const storeFor = (refreshTokens: Record<string, string> = {}) =>
  createSpapiSellerStore(
    createSpapiClient({
      credentials: { clientId: 'amzn1.application-oa2-client.test', clientSecret: 'secret', refreshTokens },
      endpoints: { na: stand.url, eu: stand.url, fe: stand.url },
      lwaUrl: stand.lwaUrl,
      backoffMs: 20,
    }),
  );

beforeAll(async () => {
  stand = await startSpapiStandIn(undefined, {
    restricted: (asin) => asin.startsWith('BGATED'),
    sellerOf: (token) => (token === OWN.refreshToken ? OWN.sellingPartnerId : undefined),
    shippingTemplates: (seller, marketplaceId) =>
      seller === OWN.sellingPartnerId && marketplaceId === CA
        ? [
            { id: 'legacy-template-id', name: 'Migrated Template' },
            { id: '3f1a0c9e-aaaa-4bbb-8ccc-000000000001', name: 'Heavy items' },
          ]
        : [],
  });
});
afterAll(() => stand.close());

describe("the SP-API seller store (Listings Items API 2021-08-01) against Amazon's shapes", () => {
  // One client for the file, as one worker has: its buckets follow the stand-in's since the first call.
  let store: ReturnType<typeof storeFor>;
  beforeAll(() => {
    store = storeFor();
  });

  it('a validation preview lists nothing and says what Amazon would refuse', async () => {
    const ok = await store.put(target, 'SKU-OK', offerPutBody('ca', 'B0000000A1', figures, 2), {
      preview: true,
    });
    const refused = await store.put(target, 'SKU-NO', offerPutBody('ca', 'BGATED0001', figures, 2), {
      preview: true,
    });
    expect(ok.status).toBe('VALID');
    expect(refused).toMatchObject({
      status: 'INVALID',
      issues: [expect.objectContaining({ severity: 'ERROR', categories: ['QUALIFICATION_REQUIRED'] })],
    });
    const sent = stand.listings.calls.filter((c) => c.sku === 'SKU-OK' || c.sku === 'SKU-NO');
    expect(sent.map((c) => [c.operation, c.mode, c.marketplaceId, c.sellerId])).toEqual([
      ['putListingsItem', 'VALIDATION_PREVIEW', CA, OWN.sellingPartnerId],
      ['putListingsItem', 'VALIDATION_PREVIEW', CA, OWN.sellingPartnerId],
    ]);
    expect(stand.listings.listing(OWN.sellingPartnerId, CA, 'SKU-OK')).toBeUndefined();
  });

  it("puts offer-only bodies within Amazon's default limits, patches only what changed, reads back and deletes", async () => {
    const before = stand.throttled.putListingsItem;
    const skus = Array.from({ length: 14 }, (_, i) => `SKU-${i}`);
    const answers = await Promise.all(
      skus.map((sku, i) => store.put(target, sku, offerPutBody('ca', `B00000000${i % 10}`, figures, 3))),
    );
    expect(answers.map((a) => a.status)).toEqual(skus.map(() => 'ACCEPTED'));
    // 14 puts against a burst of 10 at 5 a second: paced, never throttled, under the seller's own authorisation.
    expect(stand.throttled.putListingsItem - before).toBe(0);
    expect(stand.callsOf(OWN.refreshToken, 'putListingsItem')).toBeGreaterThanOrEqual(14);

    const patched = await store.patch(target, 'SKU-1', offerPatchBody('ca', { quantity: 0 }));
    expect(patched.status).toBe('ACCEPTED');
    // A quantity merge keeps the handling time (pitfall 9 of the reference).
    expect(stand.listings.listing(OWN.sellingPartnerId, CA, 'SKU-1')!.fulfillment_availability).toEqual([
      { fulfillment_channel_code: 'DEFAULT', quantity: 0, lead_time_to_ship_max_days: 3 },
    ]);
    const item = await store.get(target, 'SKU-1');
    expect(item).toMatchObject({
      sku: 'SKU-1',
      summaries: [{ marketplaceId: CA, status: ['DISCOVERABLE'] }],
      offers: [{ price: { currencyCode: 'CAD', amount: '39.99' } }],
      fulfillmentAvailability: [{ fulfillmentChannelCode: 'DEFAULT', quantity: 0 }],
    });
    expect((await store.delete(target, 'SKU-1')).status).toBe('ACCEPTED');
    expect(await store.get(target, 'SKU-1')).toBeNull();
    expect(stand.refused.filter((r) => r.operation.endsWith('ListingsItem'))).toEqual([]);
  });

  it('a minimum above the price is refused as Amazon does (18155, listing suppressed)', async () => {
    const tooLow = offerPutBody('ca', 'B0000000B1', figures, 2);
    (tooLow.attributes.purchasable_offer![0] as Record<string, unknown>).minimum_seller_allowed_price = [
      { schedule: [{ value_with_tax: 50 }] },
    ];
    const answer = await store.put(target, 'SKU-MIN', tooLow);
    expect(answer).toMatchObject({ status: 'INVALID', issues: [expect.objectContaining({ code: '18155' })] });
  });

  it("never writes under the operator's shared authorisation", async () => {
    // The store's client is given no shared token: a call without the seller's own authorisation fails.
    const shared: StoreTarget = { ...target, account: { tenant: 'u1' } };
    await expect(store.put(shared, 'SKU-X', offerPutBody('ca', 'B0000000C1', figures, 2))).rejects.toThrow(
      SpapiError,
    );
  });
});

describe("the sandbox's seller store", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  /** A product the sandbox restricts in Canada, and one it lets anyone list. */
  const pick = (restricted: boolean) => {
    for (let i = 1; i < 2000; i++) {
      const id = `B${String(i).padStart(9, '0')}`;
      const snapshot = sandboxSnapshot(id, 'ca', { shipTo: 'ca', role: 'to', today: SANDBOX_BASELINE_DAY });
      if (snapshot.side.status === 'dog') continue;
      if ((sandboxRestriction(snapshot, 'ca').state !== 'can_list') === restricted) return id;
    }
    throw new Error('no such product');
  };

  it('keeps what is put, answers like getListingsItem, and a preview keeps nothing', async () => {
    const store = createSandboxSellerStore(database.db);
    const sandboxTarget: StoreTarget = { country: 'ca', sellerId: 'ASANDBOX1', account: { tenant: 'u1' } };
    const asin = pick(false);
    const preview = await store.put(sandboxTarget, 'SB-1', offerPutBody('ca', asin, figures, 2), {
      preview: true,
    });
    expect(preview).toMatchObject({ status: 'VALID', identifiers: [{ marketplaceId: CA, asin }] });
    expect(await store.get(sandboxTarget, 'SB-1')).toBeNull();

    expect((await store.put(sandboxTarget, 'SB-1', offerPutBody('ca', asin, figures, 2))).status).toBe(
      'ACCEPTED',
    );
    expect(await store.get(sandboxTarget, 'SB-1')).toMatchObject({
      summaries: [{ asin, status: ['BUYABLE', 'DISCOVERABLE'] }],
      offers: [{ price: { currencyCode: 'CAD', amount: '39.99' } }],
      fulfillmentAvailability: [{ quantity: 5 }],
    });
    await store.patch(
      sandboxTarget,
      'SB-1',
      offerPatchBody('ca', { offer: { price: 45, min: 34.99, max: 59.99 }, quantity: 0 }),
    );
    expect(await store.get(sandboxTarget, 'SB-1')).toMatchObject({
      summaries: [{ status: ['DISCOVERABLE'] }],
      offers: [{ price: { amount: '45.00' } }],
      fulfillmentAvailability: [{ quantity: 0 }],
    });
  });

  it('refuses a product the sandbox restricts, with the category Amazon uses', async () => {
    const store = createSandboxSellerStore(database.db);
    const sandboxTarget: StoreTarget = { country: 'ca', sellerId: 'ASANDBOX1', account: { tenant: 'u1' } };
    const answer = await store.put(sandboxTarget, 'SB-2', offerPutBody('ca', pick(true), figures, 2), {
      preview: true,
    });
    expect(answer).toMatchObject({
      status: 'INVALID',
      issues: [expect.objectContaining({ categories: ['QUALIFICATION_REQUIRED'] })],
    });
  });

  it("reads the seller's shipping templates from Product Type Definitions and sends the chosen one's id", async () => {
    const store = storeFor();
    const templates = await store.shippingTemplates(target);
    expect(templates).toEqual([
      { id: 'legacy-template-id', name: 'Migrated Template' },
      { id: '3f1a0c9e-aaaa-4bbb-8ccc-000000000001', name: 'Heavy items' },
    ]);
    const heavy = templates[1]!.id;
    const chosen = await store.put(target, 'SKU-SHIP-1', offerPutBody('ca', 'B0SHIP0001', figures, 2, heavy));
    expect(chosen.status).toBe('ACCEPTED');
    expect(stand.listings.listing(OWN.sellingPartnerId, CA, 'SKU-SHIP-1')!.merchant_shipping_group).toEqual([
      { value: heavy, marketplace_id: CA },
    ]);
    // None chosen: no attribute at all, Amazon's default template applies.
    expect(offerPutBody('ca', 'B0SHIP0001', figures, 2).attributes).not.toHaveProperty(
      'merchant_shipping_group',
    );
    // A template's name is not its id: Amazon refuses it.
    const named = await store.put(
      target,
      'SKU-SHIP-2',
      offerPutBody('ca', 'B0SHIP0002', figures, 2, 'Heavy items'),
    );
    expect(named.status).toBe('INVALID');
    expect(named.issues![0]!.code).toBe('90244');
  });

  it('the sandbox store has shipping templates of its own', async () => {
    const templates = await createSandboxSellerStore(database.db).shippingTemplates(target);
    expect(templates.map((t) => t.name)).toEqual(['Migrated Template', 'Express']);
    expect(new Set(templates.map((t) => t.id)).size).toBe(2);
  });
});
