import type { MoneyRow } from '@crossmarket/domain';
import { Flex, Segmented, Skeleton, Table, Typography, theme } from 'antd';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../format';
import { monthName, monthShort } from '../months';
import { profitByMonth, profitOption, type ProfitPoint } from './money-chart-options';

const EChartsView = lazy(() => import('../../../lib/echarts-view'));
const HEIGHT = 280;

/** The currencies of the rows, the one with the most orders first: the chart shows one at a time. */
export function currenciesOf(rows: readonly MoneyRow[]): string[] {
  const orders = new Map<string, number>();
  for (const r of rows) if (r.currency) orders.set(r.currency, (orders.get(r.currency) ?? 0) + r.orders);
  return [...orders.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}

/**
 * Profit estimated against actual by month, in one currency at a time (a seller selling in two
 * currencies picks which): bars, or the same figures as a table for keyboards and screen readers, with a
 * sentence saying what the bars show.
 */
export function ProfitChart({ rows, months }: { rows: readonly MoneyRow[]; months: readonly string[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const f = useMoneyFormat();
  const titleId = useId();
  const currencies = useMemo(() => currenciesOf(rows), [rows]);
  const [picked, setPicked] = useState<string | null>(null);
  const currency = picked && currencies.includes(picked) ? picked : (currencies[0] ?? null);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const points = useMemo(
    () => (currency ? profitByMonth(rows, currency, months) : []),
    [rows, currency, months],
  );
  const option = useMemo(
    () =>
      currency
        ? profitOption(points, currency, token, {
            estimate: t('money.chart.estimate'),
            actual: t('money.chart.actual'),
            month: monthShort,
            money: (n) => f.money(n, currency),
          })
        : {},
    [points, currency, token, t, f],
  );
  if (!currency) return null;
  const estimate = points.reduce((s, p) => s + Math.round(p.estimate * 100), 0) / 100;
  const actual = points.reduce((s, p) => s + Math.round(p.actual * 100), 0) / 100;
  const summary = t('money.chart.summary', {
    from: monthName(months[0]!),
    to: monthName(months[months.length - 1]!),
    estimate: f.money(estimate, currency),
    actual: f.money(actual, currency),
  });

  return (
    <section aria-labelledby={titleId} data-testid="money-chart">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} id={titleId} style={{ margin: 0, fontSize: 16 }}>
          {t('money.chart.title', { currency })}
        </Typography.Title>
        <Flex gap={8} wrap>
          {currencies.length > 1 && (
            <Segmented<string>
              aria-label={t('money.chart.currency')}
              value={currency}
              onChange={setPicked}
              options={currencies}
            />
          )}
          <Segmented<'chart' | 'table'>
            aria-label={t('money.chart.view')}
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', label: t('money.chart.chart') },
              { value: 'table', label: t('money.chart.table') },
            ]}
          />
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="money-chart-summary">
        {summary}
      </Typography.Paragraph>
      {view === 'chart' ? (
        <div role="img" aria-label={summary}>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: HEIGHT }} />}>
            <EChartsView option={option} height={HEIGHT} />
          </Suspense>
        </div>
      ) : (
        <Table<ProfitPoint>
          size="small"
          rowKey="month"
          pagination={false}
          dataSource={points}
          data-testid="money-chart-table"
          columns={[
            { title: t('money.table.month'), dataIndex: 'month', render: (m: string) => monthName(m) },
            { title: t('money.table.orders'), dataIndex: 'orders' },
            {
              title: t('money.chart.estimate'),
              dataIndex: 'estimate',
              align: 'right',
              render: (n: number) => f.money(n, currency),
            },
            {
              title: t('money.chart.actual'),
              dataIndex: 'actual',
              align: 'right',
              render: (n: number) => f.money(n, currency),
            },
          ]}
        />
      )}
    </section>
  );
}
