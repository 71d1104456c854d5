import type { OrderMoneyAnswer } from '@crossmarket/domain';
import { Alert, Flex, Table, Tag, Typography, theme } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Country } from '../../../lib/country';
import { RuleSource } from '../../lanes';
import { useMoneyFormat } from '../format';
import { OrderCostsForm } from './order-costs-form';

type CompareLine = OrderMoneyAnswer['compare'][number];
type ActualLine = OrderMoneyAnswer['lines'][number];

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <Typography.Title level={3} id={id} style={{ fontSize: 16, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** Estimate, actual and difference per line; a line beyond the threshold is marked and names its rule. */
function CompareTable({ money }: { money: OrderMoneyAnswer }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const f = useMoneyFormat();
  const amount = (n: number | null) => f.money(n, money.currency);
  return (
    <Table<CompareLine>
      size="small"
      rowKey="row"
      pagination={false}
      dataSource={money.compare}
      data-testid="money-compare"
      scroll={{ x: 'max-content' }}
      onRow={(l) => ({
        className: l.flagged ? 'money-flagged' : undefined,
        style: l.flagged ? { background: token.colorWarningBg } : undefined,
      })}
      columns={[
        {
          key: 'row',
          title: t('money.compare.line'),
          render: (_, l) => (
            <Flex vertical gap={2}>
              <Typography.Text strong={l.row === 'profit' || l.row === 'payout'}>
                {t(`money.compare.rows.${l.row}`)}
              </Typography.Text>
              {l.flagged && (
                <Flex vertical gap={2} data-testid={`flagged-${l.row}`}>
                  <span>
                    <Tag color="warning">{t('money.compare.flagged', { percent: money.flag_percent })}</Tag>
                  </span>
                  {l.rule ? (
                    <Typography.Text>
                      {t('money.compare.rule')} <RuleSource rule={l.rule} />
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">{t('money.compare.noRule')}</Typography.Text>
                  )}
                </Flex>
              )}
            </Flex>
          ),
        },
        {
          key: 'estimate',
          title: t('money.compare.estimate'),
          align: 'right',
          render: (_, l) => amount(l.estimate),
        },
        {
          key: 'actual',
          title: t('money.compare.actual'),
          align: 'right',
          render: (_, l) => (l.actual === null ? t('money.compare.notRecorded') : amount(l.actual)),
        },
        {
          key: 'difference',
          title: t('money.compare.difference'),
          align: 'right',
          render: (_, l) =>
            l.difference === null ? '—' : `${l.difference > 0 ? '+' : ''}${amount(l.difference)}`,
        },
      ]}
    />
  );
}

/** Every amount Amazon booked against the order, as Amazon names it, and whether the actual counts it. */
function AmazonLines({ money }: { money: OrderMoneyAnswer }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  return (
    <Table<ActualLine & { key: number }>
      size="small"
      pagination={false}
      // Two lines can share every field (two equal fees on one item): their place tells them apart.
      dataSource={money.lines.map((l, i) => ({ ...l, key: i }))}
      data-testid="money-lines"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('money.lines.none') }}
      columns={[
        {
          key: 'source',
          title: t('money.lines.source'),
          render: (_, l) => t(`money.lines.sources.${l.source}`),
        },
        {
          key: 'type',
          title: t('money.lines.amazonName'),
          render: (_, l) => (
            <Flex vertical gap={0}>
              <Typography.Text code>{l.amazon_type}</Typography.Text>
              <Typography.Text type="secondary">{t(`money.lines.events.${l.event}`)}</Typography.Text>
            </Flex>
          ),
        },
        {
          key: 'amount',
          title: t('money.lines.amount'),
          align: 'right',
          render: (_, l) => f.money(l.amount, l.currency),
        },
        { key: 'posted', title: t('money.lines.posted'), render: (_, l) => f.date(l.posted_at) },
        {
          key: 'status',
          title: t('money.lines.status'),
          render: (_, l) =>
            l.status === 'DEFERRED' ? (
              <Tag color="processing">
                {l.maturity_at
                  ? t('money.lines.deferredUntil', { date: f.date(l.maturity_at) })
                  : t('money.lines.deferred')}
              </Tag>
            ) : (
              <Tag color="success">{t('money.lines.released')}</Tag>
            ),
        },
        {
          key: 'counted',
          title: t('money.lines.counted'),
          render: (_, l) => (l.counted ? t('common.yes') : t('money.lines.notCounted')),
        },
      ]}
    />
  );
}

/**
 * One order's money (issue 61): whether Amazon still holds it and until when, the estimate against the
 * actual line by line, Amazon's own lines, and the forwarder and duty the seller paid.
 */
export function OrderMoneyView({ money, orderId }: { money: OrderMoneyAnswer; orderId: string | null }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  return (
    <Flex vertical gap={20} data-testid="order-money">
      <Flex gap={8} wrap align="center">
        {money.marketplace && <Country code={money.marketplace} />}
        <Typography.Text strong data-testid="order-money-net">
          {t('money.order.net', { amount: f.money(money.net, money.currency) })}
        </Typography.Text>
        {money.pending ? (
          <Tag color="processing" data-testid="order-money-pending">
            {money.release_at
              ? t('money.orders.pendingUntil', { date: f.date(money.release_at) })
              : t('money.orders.pendingUnknown')}
          </Tag>
        ) : (
          <Tag color="success">{t('money.orders.released')}</Tag>
        )}
      </Flex>
      {money.pending && (
        <Alert
          type="info"
          showIcon
          title={t('money.order.pendingNote')}
          data-testid="order-money-pending-note"
        />
      )}
      {!money.has_estimate && <Alert type="info" showIcon title={t('money.order.noEstimate')} />}
      <Section title={t('money.order.compareTitle')} testId="order-money-compare">
        <Typography.Paragraph type="secondary">
          {t('money.order.compareIntro', { percent: money.flag_percent })}
        </Typography.Paragraph>
        <CompareTable money={money} />
      </Section>
      <Section title={t('money.order.linesTitle')} testId="order-money-lines">
        <AmazonLines money={money} />
      </Section>
      <Section title={t('money.costs.title')} testId="order-money-costs">
        {orderId ? (
          <OrderCostsForm key={money.costs?.updated_at ?? 'none'} orderId={orderId} money={money} />
        ) : (
          <Typography.Text type="secondary">{t('money.costs.notFollowed')}</Typography.Text>
        )}
      </Section>
    </Flex>
  );
}
