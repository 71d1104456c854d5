import type { MoneyRow, MoneySummary } from '@crossmarket/domain';
import { Button, Card, Col, Descriptions, Flex, Row, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../format';
import { monthName } from '../months';

type Figures = Omit<MoneyRow, 'month' | 'lane'>;

/** The figure columns shared by the summary's rows and its totals, each in the row's own currency. */
export function useFigureColumns<T extends Figures>(): ColumnsType<T> {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const amount = (key: keyof Figures & string, title: string) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, r: T) => f.money(r[key] as number, r.currency),
  });
  return [
    amount('sales', t('money.figures.sales')),
    amount('amazon_fees', t('money.figures.amazon_fees')),
    amount('tax_kept', t('money.figures.tax_kept')),
    amount('promotions', t('money.figures.promotions')),
    amount('refunds', t('money.figures.refunds')),
    amount('net', t('money.figures.net')),
    amount('cost_of_goods', t('money.figures.cost_of_goods')),
    amount('shipping_and_duties', t('money.figures.shipping_and_duties')),
    {
      key: 'profit',
      title: t('money.figures.profit'),
      align: 'right',
      render: (_, r) => <Typography.Text strong>{f.money(r.profit, r.currency)}</Typography.Text>,
    },
    {
      key: 'margin',
      title: t('money.figures.margin'),
      align: 'right',
      render: (_, r) => f.percent(r.margin),
    },
    amount('estimate_profit', t('money.figures.estimate_profit')),
    {
      key: 'difference',
      title: t('money.figures.difference'),
      align: 'right',
      render: (_, r) => f.money(Math.round((r.profit - r.estimate_profit) * 100) / 100, r.currency),
    },
  ];
}

/** How many orders, how many flagged, and how many Amazon still holds with the latest release date. */
export function OrdersCount({ row }: { row: Figures }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  return (
    <Flex gap={4} wrap>
      <span>{t('money.table.ordersCount', { count: row.orders })}</span>
      {row.flagged > 0 && <Tag color="warning">{t('money.table.flagged', { count: row.flagged })}</Tag>}
      {row.pending > 0 && (
        <Tag color="processing" data-testid="money-pending">
          {row.release_at
            ? t('money.table.pendingUntil', { count: row.pending, date: f.date(row.release_at) })
            : t('money.table.pending', { count: row.pending })}
        </Tag>
      )}
    </Flex>
  );
}

/**
 * By month and lane, one row per currency; each row's button opens the orders behind its figures (the
 * row answers a click too, the button is what a keyboard reaches).
 */
export function MoneyTable({
  summary,
  loading,
  onOpen,
}: {
  summary: MoneySummary;
  loading: boolean;
  onOpen: (row: MoneyRow) => void;
}) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const figures = useFigureColumns<MoneyRow>();
  return (
    <Table<MoneyRow>
      size="small"
      data-testid="money-table"
      loading={loading}
      rowKey={(r) => `${r.month}|${r.lane.from}-${r.lane.to}|${r.currency}`}
      dataSource={[...summary.rows].reverse()}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(r) => ({ onClick: () => onOpen(r), style: { cursor: 'pointer' } })}
      columns={[
        {
          key: 'month',
          title: t('money.table.month'),
          fixed: 'left',
          render: (_, r) => (
            <Button
              type="link"
              style={{ padding: 0, height: 'auto' }}
              aria-label={t('money.table.open', { month: monthName(r.month), lane: f.lane(r.lane) })}
              onClick={(e) => {
                e.stopPropagation();
                onOpen(r);
              }}
            >
              {monthName(r.month)}
            </Button>
          ),
        },
        { key: 'lane', title: t('money.table.lane'), render: (_, r) => f.lane(r.lane) },
        { key: 'orders', title: t('money.table.orders'), render: (_, r) => <OrdersCount row={r} /> },
        ...figures,
      ]}
    />
  );
}

const TOTAL_FIGURES = [
  'sales',
  'amazon_fees',
  'tax_kept',
  'net',
  'cost_of_goods',
  'shipping_and_duties',
] as const;

/** The range's figures per currency: lanes selling in different currencies are never added together. */
export function MoneyTotals({ summary }: { summary: MoneySummary }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  return (
    <Row gutter={[16, 16]} data-testid="money-totals">
      {summary.totals.map((total) => (
        <Col key={total.currency ?? 'none'} xs={24} md={12} xl={8}>
          <Card
            size="small"
            title={t('money.totals.title', { currency: total.currency ?? '—' })}
            data-testid={`money-total-${total.currency ?? 'none'}`}
          >
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('money.table.orders')}>
                <OrdersCount row={total} />
              </Descriptions.Item>
              {TOTAL_FIGURES.map((key) => (
                <Descriptions.Item key={key} label={t(`money.figures.${key}`)}>
                  {f.money(total[key], total.currency)}
                </Descriptions.Item>
              ))}
              <Descriptions.Item label={t('money.figures.profit')}>
                {/* One inline run: the item's content is a flex box, which would drop the space. */}
                <span>
                  <Typography.Text strong data-testid="money-total-profit">
                    {f.money(total.profit, total.currency)}
                  </Typography.Text>{' '}
                  ({f.percent(total.margin)})
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('money.figures.estimate_profit')}>
                {f.money(total.estimate_profit, total.currency)}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
