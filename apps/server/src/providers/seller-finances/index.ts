import {
  amazonRegionOfCountry,
  REGION_CODES,
  type AmazonRegionCode,
  type RegionCode,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { postgresCallCounter } from '../marketplace/spapi/call-counter';
import { createSpapiClient } from '../marketplace/spapi/client';
import { createSpapiFinances } from '../marketplace/spapi/finances';
import { MARKETPLACES } from '../marketplace/spapi/regions';
import { postgresPacing } from '../marketplace/spapi/shared-pacing';
import { createSandboxFinances, type SandboxSales } from './sandbox';
import type { SandboxSale } from './sandbox-money';
import type { SellerFinances } from './types';

export type * from './types';
export { SETTLEMENT_REPORT_TYPE } from './types';
export { createSandboxFinances, type SandboxSales } from './sandbox';
export { sandboxMoney, type SandboxSale } from './sandbox-money';

const countryOf = (marketplaceId: string): RegionCode | undefined =>
  REGION_CODES.find((c) => MARKETPLACES[c].id === marketplaceId);

/** An Orders 2026 `Order` (the sandbox store's orders), the parts the finances read. */
interface StoredOrder {
  orderId: string;
  createdTime: string;
  salesChannel?: { marketplaceId?: string };
  fulfillment?: { fulfillmentStatus?: string };
  orderItems?: {
    orderItemId: string;
    quantityOrdered: number;
    product?: { sellerSku?: string; price?: { unitPrice?: { amount: string; currencyCode: string } } };
  }[];
}

/**
 * The sandbox store's orders (orders' `sandbox_orders`, issue 60) as sales: paid, priced items only.
 * Before that table exists there are none.
 */
export function sandboxOrderSales(db: Db): SandboxSales {
  return async (sellerId: string, region: AmazonRegionCode) => {
    const { rows } = await db
      .execute<{ order: StoredOrder }>(sql`select "order" from sandbox_orders where seller_id = ${sellerId}`)
      .catch((error: unknown) => {
        // 42P01: no such table (a database without the orders migration).
        if ((error as { code?: string }).code === '42P01') return { rows: [] as { order: StoredOrder }[] };
        throw error;
      });
    const sales: SandboxSale[] = [];
    for (const { order } of rows) {
      const country = countryOf(order.salesChannel?.marketplaceId ?? '');
      if (!country || amazonRegionOfCountry(country) !== region) continue;
      if (
        order.fulfillment?.fulfillmentStatus === 'PENDING' ||
        order.fulfillment?.fulfillmentStatus === 'CANCELLED'
      )
        continue;
      for (const item of order.orderItems ?? []) {
        const price = item.product?.price?.unitPrice;
        if (!price) continue;
        sales.push({
          orderId: order.orderId,
          orderItemId: item.orderItemId,
          marketplaceId: MARKETPLACES[country].id,
          country,
          sku: item.product?.sellerSku ?? '',
          quantity: item.quantityOrdered,
          unitPrice: Number(price.amount),
          currency: price.currencyCode,
          createdAt: Date.parse(order.createdTime),
        });
      }
    }
    return sales;
  };
}

/**
 * The sellers' finances `MARKETPLACE_PROVIDER` names: SP-API under each seller's own authorisation, paced
 * through the shared PostgreSQL buckets, or the sandbox's, from the sandbox store's orders.
 */
export function createSellerFinances(config: Config, deps: { db: Db; logger?: Logger }): SellerFinances {
  if (config.MARKETPLACE_PROVIDER !== 'spapi') return createSandboxFinances(sandboxOrderSales(deps.db));
  const base = config.SPAPI_ENDPOINT;
  return createSpapiFinances(
    createSpapiClient({
      // Sellers' own authorisations only: finance data is never read under the shared one.
      credentials: {
        clientId: config.SPAPI_CLIENT_ID!,
        clientSecret: config.SPAPI_CLIENT_SECRET!,
        refreshTokens: {},
      },
      endpoints: base ? { na: base, eu: base, fe: base } : undefined,
      lwaUrl: config.LWA_TOKEN_URL,
      pacing: postgresPacing(deps.db),
      countCall: postgresCallCounter(deps.db, deps.logger),
    }),
  );
}
