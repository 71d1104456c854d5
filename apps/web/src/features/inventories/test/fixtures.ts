import { defaultReportSettings, type Inventory, type InventoryProduct } from '@crossmarket/domain';

export const INVENTORY_ID = '5b0c8e2d-0000-4000-8000-000000000001';
export const FILTER_SET_ID = '7c1e2f3a-0000-4000-8000-000000000001';

/** An inventory as the API answers it: US → CA, never updated, no products. */
export function inventoryFixture(overrides: Partial<Inventory> = {}): Inventory {
  return {
    id: INVENTORY_ID,
    title: 'Toys for Canada',
    sell_type: 'fbm',
    from_country: 'us',
    to_country: 'ca',
    from_marketplace: 'amazon',
    to_marketplace: 'amazon',
    amazon_store_id: null,
    filter_id: null,
    filter_set: null,
    settings: defaultReportSettings(1.37),
    created_at: '2026-11-20T10:00:00.000Z',
    products_count: 0,
    update: {
      status: 'never',
      finished_at: null,
      updated: 0,
      unavailable: 0,
      price_changed: 0,
      next_manual_at: null,
      rates_of: null,
      per_run: 0,
      full_lookup_max_days: 7,
      refreshed_by: null,
    },
    ...overrides,
  };
}

/** `n` products B000000001… as the products page lists them. */
export const productsFixture = (n: number, from = 1): InventoryProduct[] =>
  Array.from({ length: n }, (_, i) => ({
    code: `B${String(from + i).padStart(9, '0')}`,
    image: null,
    title: `Wooden toy ${from + i}`,
    created_at: '2026-11-21T10:00:00.000Z',
    available: i % 2 === 0,
    unavailable_reason: i % 2 === 0 ? null : 'cross_nostock',
    std_price: 12.5 + i,
    stock: 5,
    cost_in_tc: 8 + i,
    std_profit: 2.5,
    updated_at: '2026-11-21T10:00:00.000Z',
    full_lookup_at: null,
    restriction: null,
  }));
