import type { OrderList, OrderRow } from '@crossmarket/domain';
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Country } from '../../../lib/country';
import { formatMoney } from '../../../lib/format-number';
import { sellerDateTime } from '../deadline';
import { STATE_COLORS } from '../order-states';
import { DeadlineText } from './deadline-text';

/** "Not from Crossmarket": no item's SKU is one of the seller's listings, so there is no source to buy from. */
export function NotFromCrossmarket() {
  const { t } = useTranslation();
  return (
    <Tag data-testid="not-from-crossmarket" title={t('ordersPage.notFromCrossmarketHint')}>
      {t('orders.notFromCrossmarket')}
    </Tag>
  );
}

/** An order's state as a tag, with why it was cancelled or is a problem. */
export function OrderStateTag({ order }: { order: Pick<OrderRow, 'state' | 'reason'> }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag color={STATE_COLORS[order.state]} data-testid="order-state">
        {t(`orders.states.${order.state}`)}
      </Tag>
      {order.reason && (
        <Typography.Text type="secondary">{t(`orders.reasons.${order.reason}`)}</Typography.Text>
      )}
    </Flex>
  );
}

/**
 * A page of orders (the server pages them): the order with its first item, where it was sold, its state,
 * the next deadline counting down in the seller's time zone, its total and when it was placed. The order
 * number opens its drawer (a link: the drawer has an address of its own).
 */
export function OrdersTable({
  list,
  loading,
  now,
  search,
  onPage,
}: {
  list: OrderList | undefined;
  loading: boolean;
  now: number;
  /** The list's filters (`?…`), kept when a drawer opens and closes. */
  search: string;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table<OrderRow>
      size="small"
      rowKey="id"
      data-testid="orders-table"
      dataSource={list?.orders ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: list?.page ?? 1,
        pageSize: list?.page_size ?? 25,
        total: list?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        {
          title: t('ordersPage.table.order'),
          key: 'order',
          render: (_, o) => (
            <Flex vertical gap={2} style={{ maxWidth: 360 }}>
              <Link
                to={`/orders/${o.id}${search}`}
                aria-label={t('ordersPage.table.open', { order: o.amazon_order_id })}
              >
                {o.amazon_order_id}
              </Link>
              <Typography.Text ellipsis={{ tooltip: o.title }}>{o.title}</Typography.Text>
              <Flex gap={4} wrap>
                {o.item_count > 1 && <Tag>{t('ordersPage.table.items', { count: o.item_count })}</Tag>}
                {!o.from_crossmarket && <NotFromCrossmarket />}
              </Flex>
            </Flex>
          ),
        },
        {
          title: t('ordersPage.table.marketplace'),
          dataIndex: 'marketplace',
          render: (m: OrderRow['marketplace']) => <Country code={m} />,
        },
        {
          title: t('ordersPage.table.state'),
          key: 'state',
          render: (_, o) => <OrderStateTag order={o} />,
        },
        {
          title: t('ordersPage.table.deadline'),
          key: 'deadline',
          render: (_, o) =>
            o.next_deadline ? (
              <DeadlineText
                at={o.next_deadline.at}
                now={now}
                overdue={o.next_deadline.overdue}
                label={t(`ordersPage.deadlineKinds.${o.next_deadline.kind}`)}
              />
            ) : (
              '—'
            ),
        },
        {
          title: t('ordersPage.table.total'),
          dataIndex: 'total',
          render: (v: OrderRow['total']) => (v ? formatMoney(v.amount, v.currency, i18n.language) : '—'),
        },
        {
          title: t('ordersPage.table.purchasedAt'),
          dataIndex: 'purchased_at',
          render: (v: string) => <time dateTime={v}>{sellerDateTime(v)}</time>,
        },
      ]}
    />
  );
}
