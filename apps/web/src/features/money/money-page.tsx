import { REGION_CODES, type MoneyRow } from '@crossmarket/domain';
import { Alert, App, Breadcrumb, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiFile } from '../../lib/api-client';
import { downloadText } from '../../lib/download';
import { errorMessage } from '../../lib/error-message';
import { usePageTitle } from '../../lib/page-title';
import { moneyPath, useMoneySummary, type MoneyRange } from './api/money';
import { MoneyFilters } from './components/money-filters';
import { MoneyOrdersDrawer, type MoneyListTarget } from './components/money-orders';
import { MoneyTable, MoneyTotals } from './components/money-table';
import { OrderMoneyDrawer, type OrderMoneyTarget } from './components/order-money-drawer';
import { ProfitChart } from './components/profit-chart';
import { laneKey, useMoneyFormat } from './format';
import { defaultRange, monthsBetween } from './months';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const isLane = (l: string | null): l is string =>
  !!l &&
  /^[a-z]{2}-[a-z]{2}$/.test(l) &&
  l.split('-').every((c) => (REGION_CODES as readonly string[]).includes(c));

/** The range and lane the address carries; anything it does not know falls back to the last six months. */
export function readMoneyRange(params: URLSearchParams): MoneyRange {
  const fallback = defaultRange();
  let from = params.get('from');
  let to = params.get('to');
  if (!from || !MONTH.test(from) || !to || !MONTH.test(to)) ({ from, to } = fallback);
  if (from > to) [from, to] = [to, from];
  // The server takes at most 24 months: a longer range keeps its last 24.
  const months = monthsBetween(from, to);
  if (months.length > 24) from = months[months.length - 24]!;
  const lane = params.get('lane');
  return { from, to, ...(isLane(lane) && { lane }) };
}

function writeMoneyRange(range: MoneyRange): URLSearchParams {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (range.lane) params.set('lane', range.lane);
  return params;
}

/**
 * `/money` (issue 61): what Amazon really paid against what was estimated, by month and lane, with the
 * totals per currency, a chart of profit estimated against actual, the orders behind each row, and each
 * order's lines side by side.
 */
export function MoneyPage() {
  const { t } = useTranslation();
  usePageTitle('money.title');
  const { message } = App.useApp();
  const f = useMoneyFormat();
  const [params, setParams] = useSearchParams();
  const range = readMoneyRange(params);
  const summary = useMoneySummary(range);
  // The lane selector offers the lanes with money in the range, whichever lane is shown.
  const everyLane = useMoneySummary({ from: range.from, to: range.to });
  const lanes = [
    ...new Set((everyLane.data?.rows ?? []).map((r) => laneKey(r.lane)).filter((l) => l !== null)),
  ];
  const [list, setList] = useState<{ filters: MoneyListTarget; laneLabel: string } | null>(null);
  const [order, setOrder] = useState<OrderMoneyTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const months = monthsBetween(range.from, range.to);

  const openRow = (row: MoneyRow) =>
    setList({
      filters: { from: range.from, to: range.to, month: row.month, lane: laneKey(row.lane) ?? range.lane },
      laneLabel: f.lane(row.lane),
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await apiFile(moneyPath(range, '/export'));
      downloadText(file.name ?? `money-${range.from}-${range.to}.csv`, file.text);
    } catch (error) {
      void message.error(errorMessage(error, t, { fallback: t('money.exportFailed') }));
    } finally {
      setExporting(false);
    }
  };

  let body: React.ReactNode;
  if (summary.isError && !summary.data)
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(summary.error, t, { fallback: t('money.loadFailed') })}
        action={
          <Button size="small" onClick={() => void summary.refetch()}>
            {t('money.retry')}
          </Button>
        }
        data-testid="money-error"
      />
    );
  else if (!summary.data)
    body = (
      <div data-testid="money-loading">
        <Skeleton active />
      </div>
    );
  else if (summary.data.rows.length === 0)
    body = (
      <Empty description={t('money.empty')} data-testid="money-empty">
        <Typography.Paragraph type="secondary">{t('money.emptyHint')}</Typography.Paragraph>
        <Flex gap={16} justify="center" wrap>
          <Link to="/settings/amazon">{t('money.connectAmazon')}</Link>
          <Link to="/orders">{t('money.seeOrders')}</Link>
        </Flex>
      </Empty>
    );
  else
    body = (
      <>
        <MoneyTotals summary={summary.data} />
        <ProfitChart rows={summary.data.rows} months={months} />
        <section aria-label={t('money.table.title')}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('money.table.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('money.table.hint')}</Typography.Paragraph>
          <MoneyTable
            summary={summary.data}
            loading={summary.isFetching && summary.isPlaceholderData}
            onOpen={openRow}
          />
        </section>
      </>
    );

  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/">{t('nav.home')}</Link> }, { title: t('money.title') }]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('money.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('money.intro')}</Typography.Paragraph>
      <Flex vertical gap={16}>
        <MoneyFilters
          range={range}
          lanes={lanes}
          onChange={(next) => setParams(writeMoneyRange(next))}
          onExport={() => void exportCsv()}
          exporting={exporting}
        />
        {summary.isError && summary.data && (
          <Alert
            type="warning"
            showIcon
            title={errorMessage(summary.error, t, { fallback: t('money.stale') })}
          />
        )}
        {body}
      </Flex>
      <MoneyOrdersDrawer
        filters={list?.filters ?? null}
        laneLabel={list?.laneLabel ?? ''}
        onFilters={(filters) => setList((l) => (l ? { ...l, filters } : l))}
        onOpenOrder={(o) => setOrder({ ref: { amazonOrderId: o.amazon_order_id }, orderId: o.order_id })}
        onClose={() => setList(null)}
      />
      <OrderMoneyDrawer target={order} onClose={() => setOrder(null)} />
    </>
  );
}
