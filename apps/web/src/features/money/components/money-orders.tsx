import type { MoneyOrderRow } from '@crossmarket/domain';
import { Alert, Button, Drawer, Empty, Flex, Segmented, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useMoneyOrders, type MoneyOrdersFilters } from '../api/money';
import { useMoneyFormat } from '../format';
import { monthName } from '../months';

type Only = 'all' | 'flagged' | 'pending';

/** Whose orders a list shows: the range, one month and lane of the summary (or all of them). */
export type MoneyListTarget = MoneyOrdersFilters;

/** The orders behind a figure, newest sale first, paged; each opens its estimate against its actual. */
export function MoneyOrdersList({
  filters,
  onFilters,
  onOpenOrder,
}: {
  filters: MoneyListTarget;
  onFilters: (next: MoneyListTarget) => void;
  onOpenOrder: (row: MoneyOrderRow) => void;
}) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const list = useMoneyOrders(filters);
  const money = (key: keyof MoneyOrderRow & string, title: string) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, o: MoneyOrderRow) => f.money(o[key] as number | null, o.currency),
  });

  let body: React.ReactNode;
  if (list.isError && !list.data)
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(list.error, t, { fallback: t('money.orders.loadFailed') })}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('money.retry')}
          </Button>
        }
        data-testid="money-orders-error"
      />
    );
  else if (!list.data)
    body = (
      <div data-testid="money-orders-loading">
        <Skeleton active />
      </div>
    );
  else if (list.data.total === 0)
    body = (
      <Empty
        description={t(filters.only ? `money.orders.empty_${filters.only}` : 'money.orders.empty')}
        data-testid="money-orders-empty"
      />
    );
  else
    body = (
      <Table<MoneyOrderRow>
        size="small"
        rowKey="amazon_order_id"
        data-testid="money-orders-table"
        dataSource={list.data.orders}
        loading={list.isFetching && list.isPlaceholderData}
        scroll={{ x: 'max-content' }}
        onRow={(o) => ({ onClick: () => onOpenOrder(o), style: { cursor: 'pointer' } })}
        pagination={{
          current: list.data.page,
          pageSize: list.data.page_size,
          total: list.data.total,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (page) => onFilters({ ...filters, page }),
        }}
        columns={[
          {
            key: 'order',
            title: t('money.orders.order'),
            fixed: 'left',
            render: (_, o) => (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto' }}
                aria-label={t('money.orders.open', { order: o.amazon_order_id })}
                onClick={(e) => {
                  e.stopPropagation();
                  onOpenOrder(o);
                }}
              >
                {o.amazon_order_id}
              </Button>
            ),
          },
          { key: 'sold', title: t('money.orders.sold'), render: (_, o) => f.date(o.sold_at) },
          { key: 'lane', title: t('money.table.lane'), render: (_, o) => f.lane(o.lane) },
          {
            key: 'state',
            title: t('money.orders.state'),
            render: (_, o) => (
              <Flex gap={4} wrap>
                {o.flagged > 0 && (
                  <Tag color="warning">{t('money.orders.flaggedLines', { count: o.flagged })}</Tag>
                )}
                {o.pending ? (
                  <Tag color="processing">
                    {o.release_at
                      ? t('money.orders.pendingUntil', { date: f.date(o.release_at) })
                      : t('money.orders.pendingUnknown')}
                  </Tag>
                ) : (
                  <Tag>{t('money.orders.released')}</Tag>
                )}
              </Flex>
            ),
          },
          money('sales', t('money.figures.sales')),
          money('amazon_fees', t('money.figures.amazon_fees')),
          money('tax_kept', t('money.figures.tax_kept')),
          money('net', t('money.figures.net')),
          money('cost_of_goods', t('money.figures.cost_of_goods')),
          money('shipping_and_duties', t('money.figures.shipping_and_duties')),
          money('profit', t('money.figures.profit')),
          money('estimate_profit', t('money.figures.estimate_profit')),
        ]}
      />
    );

  return (
    <Flex vertical gap={12} data-testid="money-orders">
      <Segmented<Only>
        aria-label={t('money.orders.filter')}
        value={filters.only ?? 'all'}
        onChange={(only) =>
          onFilters({ ...filters, only: only === 'all' ? undefined : only, page: undefined })
        }
        options={[
          { value: 'all', label: t('money.orders.all') },
          { value: 'flagged', label: t('money.orders.onlyFlagged') },
          { value: 'pending', label: t('money.orders.onlyPending') },
        ]}
      />
      {list.data && list.data.total > 0 && (
        <Typography.Text type="secondary">
          {t('money.orders.count', { count: list.data.total })}
        </Typography.Text>
      )}
      {body}
    </Flex>
  );
}

/** The list in a drawer over the Money page, titled by its month and lane. */
export function MoneyOrdersDrawer({
  filters,
  laneLabel,
  onFilters,
  onOpenOrder,
  onClose,
}: {
  filters: MoneyListTarget | null;
  laneLabel: string;
  onFilters: (next: MoneyListTarget) => void;
  onOpenOrder: (row: MoneyOrderRow) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = filters
    ? t('money.orders.title', {
        month: filters.month ? monthName(filters.month) : t('money.orders.allMonths'),
        lane: laneLabel,
      })
    : '';
  return (
    <Drawer
      title={title}
      aria-label={title}
      open={filters !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      data-testid="money-orders-drawer"
    >
      {filters && <MoneyOrdersList filters={filters} onFilters={onFilters} onOpenOrder={onOpenOrder} />}
    </Drawer>
  );
}
