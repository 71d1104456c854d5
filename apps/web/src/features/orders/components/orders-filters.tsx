import {
  ORDER_DEADLINE_FILTERS,
  ORDER_STATES,
  sellingRegions,
  type OrderCounts,
  type OrderDeadlineFilter,
  type OrderState,
  type RegionCode,
} from '@crossmarket/domain';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryOption } from '../../../lib/country';
import { formatNumber } from '../../../lib/format-number';
import { Labelled } from '../../../lib/labelled';
import type { OrdersFilters } from '../api/orders';
import { ACTION_FILTERS, isActionFilter, type ActionFilter } from '../order-states';

/**
 * The list's filters: what waits on the seller (the sidebar's counts, one press each), then by state,
 * marketplace and deadline. Every change goes back to the first page.
 */
export function OrdersFilterBar({
  filters,
  counts,
  onChange,
}: {
  filters: OrdersFilters;
  counts: OrderCounts | undefined;
  onChange: (filters: OrdersFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const set = (next: OrdersFilters) => onChange({ ...next, page: undefined });
  const actions = Object.keys(ACTION_FILTERS) as ActionFilter[];
  return (
    <Flex vertical gap={12} data-testid="orders-filters">
      <Flex wrap gap={8} role="group" aria-label={t('ordersPage.filters.needsAction')}>
        {actions.map((action) => {
          const pressed = isActionFilter(filters, action);
          const count = counts ? ` (${formatNumber(counts[action], i18n.language)})` : '';
          return (
            <Button
              key={action}
              aria-pressed={pressed}
              type={pressed ? 'primary' : 'default'}
              onClick={() => set(pressed ? {} : { ...ACTION_FILTERS[action] })}
              data-testid={`orders-action-${action}`}
            >
              {`${t(`ordersPage.actions.${action}`)}${count}`}
            </Button>
          );
        })}
      </Flex>
      <Flex wrap gap={16} align="center">
        <Labelled label={t('ordersPage.filters.state')}>
          {(id) => (
            <Select<OrderState[]>
              mode="multiple"
              allowClear
              aria-labelledby={id}
              style={{ minWidth: 240 }}
              placeholder={t('ordersPage.filters.allStates')}
              value={filters.state ?? []}
              onChange={(state) => set({ ...filters, state: state.length ? state : undefined })}
              options={ORDER_STATES.map((s) => ({ value: s, label: t(`orders.states.${s}`) }))}
            />
          )}
        </Labelled>
        <Labelled label={t('ordersPage.filters.marketplace')}>
          {(id) => (
            <Select<RegionCode | 'all'>
              aria-labelledby={id}
              style={{ minWidth: 200 }}
              value={filters.marketplace ?? 'all'}
              onChange={(m) => set({ ...filters, marketplace: m === 'all' ? undefined : m })}
              options={[
                { value: 'all', label: t('ordersPage.filters.allMarketplaces') },
                ...sellingRegions().map((r) => countryOption(r.code, i18n.language)),
              ]}
            />
          )}
        </Labelled>
        <Labelled label={t('ordersPage.filters.deadline')}>
          {(id) => (
            <Select<OrderDeadlineFilter | 'all'>
              aria-labelledby={id}
              style={{ minWidth: 200 }}
              value={filters.deadline ?? 'all'}
              onChange={(d) => set({ ...filters, deadline: d === 'all' ? undefined : d })}
              options={[
                { value: 'all', label: t('ordersPage.filters.anyDeadline') },
                ...ORDER_DEADLINE_FILTERS.map((d) => ({ value: d, label: t(`orders.deadlines.${d}`) })),
              ]}
            />
          )}
        </Labelled>
      </Flex>
    </Flex>
  );
}
