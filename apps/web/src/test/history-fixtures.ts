import type { HistoryPoint } from '@crossmarket/domain';

/** One point of a product's history as the server answers it: an in-stock hour, changed by `o`. */
export const historyPoint = (o: Partial<HistoryPoint> = {}): HistoryPoint => ({
  at: '2026-11-20T09:00:00.000Z',
  source: 'observed',
  buybox_price: 10,
  buybox_is_amazon: false,
  lowest_new_price: 9.5,
  lowest_fba_price: null,
  new_offers: 3,
  fba_offers: 1,
  sales_rank: 1200,
  rank_category: 'Toys & Games',
  in_stock: true,
  ...o,
});
