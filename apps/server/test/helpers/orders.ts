import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { tokenBoxFor } from '../../src/features/amazon';
import type { OrdersDeps } from '../../src/features/orders';
import type { Db } from '../../src/db/client';
import { createMarketplace } from '../../src/providers/marketplace';
import { MARKETPLACES } from '../../src/providers/marketplace/spapi/regions';
import { createSellerOrders, type AmazonOrder } from '../../src/providers/seller-orders';
import { KEY_A } from './amazon';
import { testConfig } from './app';
import { spapiSeller, type SpapiSeller } from './spapi-seller';

export const TOKEN = 'Atzr|orders-alice';
export const SELLER = 'A1ALICESELLER';
export const CA = MARKETPLACES.ca.id;

/** A test clock the stand-in's Orders operations and the use cases share. */
export function testClock(start = Date.now()) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms), set: (ms: number) => (at = ms) };
}

/** Alice, connected (NA) to the SP-API stand-in, her US → CA inventory holding `codes`, each listed in Canada. */
export async function ordersSeller(
  codes: string[],
  options: Parameters<typeof spapiSeller>[1] = {},
  logs?: string[],
): Promise<SpapiSeller & { orderDeps: OrdersDeps; sent: { name: string; data: unknown }[] }> {
  const seller = await spapiSeller(
    TOKEN,
    options,
    codes.map((code) => ({ code, std: 30 })),
    logs ? { logs } : {},
    // The source lookups of the to-buy step, fast enough for a test (Amazon's rate is announced per answer).
    { getItemOffersBatch: { rate: 20, burst: 5 }, searchCatalogItems: { rate: 20, burst: 5 } },
  );
  for (const code of codes) await seedListing(seller.database.db, seller.inventoryId, seller.userId, code);
  const cfg = testConfig({
    MARKETPLACE_PROVIDER: 'spapi',
    SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
    SPAPI_CLIENT_SECRET: 'secret',
    SPAPI_ENDPOINT: seller.stand.url,
    LWA_TOKEN_URL: seller.stand.lwaUrl,
    TOKEN_ENCRYPTION_KEY: KEY_A,
  });
  const sent: { name: string; data: unknown }[] = [];
  const logger = pino({ level: 'silent' });
  const orderDeps: OrdersDeps = {
    db: seller.database.db,
    logger,
    orders: createSellerOrders(cfg, { db: seller.database.db }),
    box: tokenBoxFor(cfg, logger),
    accounts: seller.deps.accounts,
    marketplace: createMarketplace(cfg, { db: seller.database.db }),
    store: seller.deps.store,
    queue: {
      send: async (name: string, data: unknown) => {
        sent.push({ name, data });
        return null;
      },
      retry: async () => false,
    } as unknown as OrdersDeps['queue'],
  };
  return { ...seller, orderDeps, sent };
}

/** A live Crossmarket listing of `code` in Canada, SKU `CM-<code>`, quantity 5 pushed. */
export async function seedListing(db: Db, inventoryId: string, userId: string, code: string) {
  await db.execute(sql`
    insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, pushed_price, pushed_quantity, pushed_at)
    values (${inventoryId}::uuid, ${userId}, ${code}, ${`CM-${code}`}, ${CA}, 'live', 30, 5, now())`);
}

let serial = 1_000_000;
/** An Amazon order id (3-7-7), new each call. */
export const nextOrderId = () =>
  `702-${String((serial += 1)).padStart(7, '0')}-${String(serial * 7).padStart(7, '0')}`;

/** A Canadian merchant-fulfilled order of one SKU as Orders 2026 answers it. */
export function amazonOrder(
  over: {
    orderId?: string;
    sku?: string;
    status?: NonNullable<AmazonOrder['fulfillment']>['fulfillmentStatus'];
    updated?: number;
    created?: number;
    programs?: string[];
    cancelledBy?: 'BUYER' | 'AMAZON' | 'MERCHANT';
    price?: number;
  } = {},
): AmazonOrder {
  const created = over.created ?? over.updated ?? Date.now() - 3_600_000;
  const updated = over.updated ?? created;
  const pending = over.status === 'PENDING';
  return {
    orderId: over.orderId ?? nextOrderId(),
    createdTime: new Date(created).toISOString(),
    lastUpdatedTime: new Date(updated).toISOString(),
    programs: over.programs ?? [],
    salesChannel: { channelName: 'AMAZON', marketplaceId: CA, marketplaceName: 'Amazon.ca' },
    fulfillment: {
      fulfillmentStatus: over.status ?? 'UNSHIPPED',
      fulfilledBy: 'MERCHANT',
      fulfillmentServiceLevel: 'STANDARD',
      shipByWindow: {
        earliestDateTime: new Date(created).toISOString(),
        latestDateTime: new Date(created + 5 * 86_400_000).toISOString(),
      },
      deliverByWindow: {
        earliestDateTime: new Date(created + 10 * 86_400_000).toISOString(),
        latestDateTime: new Date(created + 20 * 86_400_000).toISOString(),
      },
    },
    ...(pending
      ? {}
      : {
          recipient: {
            deliveryAddress: {
              name: 'Jane Buyer',
              addressLine1: '42 Maple Crescent',
              city: 'Toronto',
              stateOrRegion: 'ON',
              postalCode: 'M5V 2T6',
              countryCode: 'CA',
              phone: '+1 416 555 0199',
            },
          },
        }),
    proceeds: { grandTotal: { amount: String(over.price ?? 49.99), currencyCode: 'CAD' } },
    orderItems: [
      {
        orderItemId: '11223344556677',
        quantityOrdered: 1,
        product: {
          asin: (over.sku ?? 'CM-B000000001').replace(/^CM-/, ''),
          title: 'A test product',
          sellerSku: over.sku ?? 'CM-B000000001',
          ...(pending
            ? {}
            : { price: { unitPrice: { amount: String(over.price ?? 49.99), currencyCode: 'CAD' } } }),
        },
        ...(over.cancelledBy
          ? {
              cancellation: {
                ...(over.cancelledBy === 'BUYER'
                  ? { cancellationRequest: { requester: 'BUYER', cancelReason: 'Changed my mind' } }
                  : {}),
                cancellationExecution: { cancelledBy: over.cancelledBy, cancelReason: 'Cancelled' },
              },
            }
          : {}),
      },
    ],
  };
}

/** Every row of every table (public and pg-boss's) as text: to search for a buyer's data at rest. */
export async function everythingStored(db: Db): Promise<string> {
  const tables = await db.execute<{ s: string; t: string }>(sql`
    select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'pgboss')`);
  const parts: string[] = [];
  for (const { s, t } of tables.rows) {
    const rows = await db.execute<{ j: string }>(
      sql.raw(`select row_to_json(x)::text as j from "${s}"."${t}" x`),
    );
    for (const r of rows.rows) parts.push(r.j);
  }
  return parts.join('\n');
}
