import { linesFromTransaction, orderActual } from '@crossmarket/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxFinances, sandboxOrderSales } from '../src/providers/seller-finances';
import { placeSandboxOrder } from '../src/providers/seller-orders';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const DAY = 86_400_000;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

describe('the sandbox’s finances of the sandbox store’s orders', () => {
  it('pays for an order the sandbox store placed: held first, with its release date', async () => {
    const at = Date.UTC(2026, 9, 5);
    const placed = await placeSandboxOrder(database.db, {
      sellerId: 'A1SANDBOXSELLER',
      country: 'ca',
      sku: 'CM-1',
      price: 49.99,
      at,
      seed: 'finances-sandbox',
    });
    const sales = sandboxOrderSales(database.db);
    const found = await sales('A1SANDBOXSELLER', 'na');
    expect(found).toEqual([
      expect.objectContaining({ orderId: placed.orderId, country: 'ca', unitPrice: 49.99, currency: 'CAD' }),
    ]);
    expect(await sales('A1SANDBOXSELLER', 'eu')).toEqual([]);
    expect(await sales('ANOTHERSELLER', 'na')).toEqual([]);
    const account = { own: { sellingPartnerId: 'A1SANDBOXSELLER', refreshToken: '' } };
    const finances = createSandboxFinances(sales, () => at + 5 * DAY);
    const { transactions } = await finances.listTransactions('na', account, {
      postedAfter: new Date(at - DAY).toISOString(),
    });
    const actual = orderActual(transactions.flatMap(linesFromTransaction));
    expect(actual.pending).toBe(true);
    expect(actual.release_at).toBe(new Date(at + 21 * DAY).toISOString());
    expect(actual.by_kind.principal).toBe(4999);
    // Not in v0 until released (reference §4.3).
    expect((await finances.listFinancialEventsByOrderId('na', account, placed.orderId)).events).toEqual({});
  });
});
