import { laneModel, laneSettingsSchema, type MoneyBreakdown, type RegionCode } from '@crossmarket/domain';
import { createHash } from 'node:crypto';
import type { SandboxSale, SandboxSales } from '../../src/providers/seller-finances';
import { MARKETPLACES } from '../../src/providers/marketplace/spapi/regions';

const DAY = 86_400_000;
export const MONTH_START = Date.UTC(2026, 9, 1);

/** The three lanes of the sandbox month (all selling in NA): from, to, parity, currency. */
export const LANES: readonly { from: RegionCode; to: RegionCode; parity: number; currency: string }[] = [
  { from: 'us', to: 'ca', parity: 1.35, currency: 'CAD' },
  { from: 'us', to: 'mx', parity: 18, currency: 'MXN' },
  { from: 'uk', to: 'us', parity: 1.27, currency: 'USD' },
];

const digits = (seed: string, n: number) =>
  BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 24)}`)
    .toString()
    .padStart(n, '7')
    .slice(-n);

export interface MonthSale extends SandboxSale {
  lane: (typeof LANES)[number];
  buyPrice: number;
}

/** `count` orders of one seller over October 2026, spread over the three lanes, the same every time. */
export function sandboxMonth(count = 200): MonthSale[] {
  return Array.from({ length: count }, (_, i) => {
    const lane = LANES[i % LANES.length]!;
    const d = digits(`order:${i}`, 17);
    const buyPrice = 10 + (i % 37);
    return {
      orderId: `${d.slice(0, 3)}-${d.slice(3, 10)}-${d.slice(10)}`,
      orderItemId: digits(`item:${i}`, 14),
      marketplaceId: MARKETPLACES[lane.to].id,
      country: lane.to,
      sku: `CM-${lane.from}-${i}`,
      quantity: 1 + (i % 5 === 0 ? 1 : 0),
      unitPrice: Math.round(buyPrice * lane.parity * 1.6 * 100) / 100,
      currency: lane.currency,
      createdAt: MONTH_START + Math.floor((i * 31 * DAY) / count) + 3_600_000,
      lane,
      buyPrice,
    };
  });
}

export const salesOf =
  (sales: readonly SandboxSale[], seller: string): SandboxSales =>
  async (sellerId) =>
    sellerId === seller ? [...sales] : [];

/** What the landed model says for a sale on its day: the estimate kept with the order. */
export function estimateOf(sale: MonthSale): MoneyBreakdown {
  const on = new Date(sale.createdAt).toISOString().slice(0, 10);
  const model = laneModel(
    {
      from: sale.lane.from,
      to: sale.lane.to,
      on,
      parity: sale.lane.parity,
      lane: laneSettingsSchema.parse({}),
      seller: { establishment: 'tr', registered_home: false },
    },
    {
      buy_price: sale.buyPrice * sale.quantity,
      shipping_fee: 0,
      import_fee: 0,
      parcel: { weight_kg: 1, dims_cm: { length: 20, width: 15, height: 10 } },
      schedule: { kind: 'flat', rate: 0.15 },
      fee_source: 'table',
      category: null,
    },
  );
  return model.breakdown(sale.unitPrice * sale.quantity);
}
