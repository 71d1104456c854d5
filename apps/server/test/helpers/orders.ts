import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { tokenBoxFor } from '../../src/features/amazon';
import type { OrdersDeps } from '../../src/features/orders';
import type { Db } from '../../src/db/client';
import { createMarketplace } from '../../src/providers/marketplace';
import { createSellerOrders } from '../../src/providers/seller-orders';
import { KEY_A } from './amazon';
import { testConfig } from './app';
import { spapiSeller, type SpapiSeller } from './spapi-seller';

export const TOKEN = 'Atzr|orders-alice';
export const SELLER = 'A1ALICESELLER';
export { amazonOrder, CA, nextOrderId } from './order-fixtures';
import { CA } from './order-fixtures';

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
