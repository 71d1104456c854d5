import type { OrderState } from '@crossmarket/domain';
import type { OrdersFilters } from './api/orders';

/** Each state's tag colour (antd presets: their text keeps 4.5:1 in light and dark). */
export const STATE_COLORS: Record<OrderState, string> = {
  pending: 'default',
  new: 'blue',
  to_buy: 'gold',
  bought: 'cyan',
  at_forwarder: 'geekblue',
  shipped: 'purple',
  confirmed: 'green',
  delivered: 'green',
  cancelled: 'default',
  problem: 'red',
};

/**
 * The quick filters over the sidebar's counts: what waits on the seller. `to_buy` is an order paid and not
 * bought; `to_ship` one bought and not yet shipped; `problem` waits on the seller's decision.
 */
export const ACTION_FILTERS = {
  to_buy: { state: ['new', 'to_buy'] },
  to_ship: { state: ['bought', 'at_forwarder'] },
  problem: { state: ['problem'] },
  overdue: { deadline: 'overdue' },
} as const satisfies Record<string, OrdersFilters>;
export type ActionFilter = keyof typeof ACTION_FILTERS;

/** Whether the filters are exactly one quick filter's (its button shows pressed). */
export function isActionFilter(filters: OrdersFilters, action: ActionFilter): boolean {
  const preset: OrdersFilters = ACTION_FILTERS[action];
  return (
    (filters.state ?? []).join(',') === (preset.state ?? []).join(',') &&
    filters.deadline === preset.deadline &&
    !filters.marketplace
  );
}
