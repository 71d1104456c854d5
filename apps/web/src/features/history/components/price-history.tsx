import type { CountryInfo, HistoryPoint, HistoryRange, ProductHistory } from '@crossmarket/domain';
import { Alert, Descriptions, Flex, Segmented, Skeleton, Table, Typography, theme } from 'antd';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney, formatNumber } from '../../../lib/format-number';
import { useProductHistory } from '../api/history';
import { historyOption, type HistorySide } from './history-chart-options';

const EChartsView = lazy(() => import('../../../lib/echarts-view'));
const HEIGHT = 320;
const RANGES: HistoryRange[] = [30, 90, 365];

/** The two sides of a product: where it is bought, where it is sold. */
export interface HistoryCountries {
  from: CountryInfo;
  to: CountryInfo;
}

/** Amounts in a currency, in the interface language; missing values show NA. */
function useMoney() {
  const { t, i18n } = useTranslation();
  const na = t('reportDetail.na');
  return (amount: number | null | undefined, currency: string) =>
    amount == null || !Number.isFinite(amount) ? na : formatMoney(amount, currency, i18n.language);
}

/** One side's history with its rate into the seller's currency, once its answer is in. */
function sideOf(history: ProductHistory | undefined, name: string, rate: number): HistorySide | null {
  return history ? { name, points: history.points, currency: history.currency, rate } : null;
}

/** The table view of one side: what the chart draws, for keyboards and screen readers. */
function HistoryTable({ side, sellerCurrency }: { side: HistorySide; sellerCurrency: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const na = t('reportDetail.na');
  const price = (amount: number | null) =>
    amount == null
      ? na
      : side.currency === sellerCurrency
        ? money(amount, side.currency)
        : `${money(amount * side.rate, sellerCurrency)} (${money(amount, side.currency)})`;
  return (
    <Table<HistoryPoint>
      size="small"
      rowKey="at"
      dataSource={[...side.points].reverse()}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      caption={side.name}
      columns={[
        {
          title: t('reportDetail.history.when'),
          dataIndex: 'at',
          render: (at: string, p) =>
            `${dayjs(at).format('L LT')}${p.source === 'sandbox' ? ` · ${t('reportDetail.history.sandbox')}` : ''}`,
        },
        { title: t('reportDetail.history.buybox'), render: (_, p) => price(p.buybox_price) },
        { title: t('reportDetail.history.lowest'), render: (_, p) => price(p.lowest_new_price) },
        {
          title: t('reportDetail.history.offersColumn'),
          render: (_, p) => (p.new_offers == null ? na : formatNumber(p.new_offers, i18n.language)),
        },
        {
          title: t('reportDetail.history.rankColumn'),
          render: (_, p) => (p.sales_rank == null ? na : formatNumber(p.sales_rank, i18n.language)),
        },
        {
          title: t('reportDetail.history.stock'),
          render: (_, p) =>
            p.in_stock == null
              ? na
              : p.in_stock
                ? t('reportDetail.history.inStock')
                : t('reportDetail.history.outOfStock'),
        },
      ]}
    />
  );
}

/** What the range says under the chart, and what it rests on (the selling side's signals). */
function Signals({ history, sellerCurrency }: { history: ProductHistory; sellerCurrency: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const s = history.signals;
  const priced = (p: ProductHistory['signals']['lowest_price']) =>
    p ? `${money(p.price, sellerCurrency)} · ${dayjs(p.at).format('L')}` : t('reportDetail.na');
  return (
    <Descriptions size="small" column={1} data-testid="history-signals">
      <Descriptions.Item label={t('reportDetail.history.lowestInRange')}>
        {priced(s.lowest_price)}
      </Descriptions.Item>
      <Descriptions.Item label={t('reportDetail.history.highestInRange')}>
        {priced(s.highest_price)}
      </Descriptions.Item>
      <Descriptions.Item label={t('reportDetail.history.daysOut')}>
        {formatNumber(s.days_out_of_stock, i18n.language)}
      </Descriptions.Item>
      <Descriptions.Item label={t('reportDetail.history.rankUps')}>
        {t('reportDetail.history.rankUpsValue', { count: s.rank_improvements })}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Price and rank history (issue 49), in Sellers & Prices and on an inventory's product: both sides' prices in the seller's currency (the
 * source's own on hover and in the table), the selling side's rank and both offer counts over 30, 90 or
 * 365 days; a table view of the same; the signals; and a caption that says what it rests on.
 */
export function PriceHistory({
  productId,
  countries,
  parity,
  extra,
}: {
  productId: string;
  countries: HistoryCountries;
  /** Units of the selling currency per unit of the buying one (the report's or inventory's parity). */
  parity: number;
  /** Beside the range and view switches (Watch). */
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const money = useMoney();
  const titleId = useId();
  const [days, setDays] = useState<HistoryRange>(90);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const buying = useProductHistory(countries.from.code, productId, days);
  const selling = useProductHistory(countries.to.code, productId, days);
  const sellerCurrency = countries.to.currency.code;
  const { sides, sellingSide } = useMemo(() => {
    const selling_ = sideOf(selling.data, countries.to.flag_code, 1);
    const both = [sideOf(buying.data, countries.from.flag_code, parity), selling_];
    return { sides: both.filter((s): s is HistorySide => s !== null), sellingSide: selling_ };
  }, [buying.data, selling.data, countries, parity]);
  const option = useMemo(
    () =>
      historyOption(sides, sellingSide, sellerCurrency, token, {
        price: (side) => t('reportDetail.history.priceOf', { side }),
        offers: (side) => t('reportDetail.history.offersOf', { side }),
        rank: t('reportDetail.history.rank'),
        money,
        number: (n) => formatNumber(n, i18n.language),
        date: (iso) => dayjs(iso).format(days > 90 ? 'L' : 'L LT'),
      }),
    [sides, sellingSide, sellerCurrency, token, t, money, i18n.language, days],
  );
  const error = buying.error ?? selling.error;
  const main = selling.data;
  // No count of lookups and no first date: those are every seller's research (issue 57).
  const caption = main
    ? main.points.some((p) => p.source === 'observed')
      ? t('reportDetail.history.caption')
      : t('reportDetail.history.noObservations')
    : '';
  return (
    <section aria-labelledby={titleId} data-testid="price-history">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} id={titleId} style={{ margin: 0 }}>
          {t('reportDetail.history.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          {extra}
          <Segmented<HistoryRange>
            aria-label={t('reportDetail.history.range')}
            value={days}
            onChange={setDays}
            options={RANGES.map((d) => ({ value: d, label: t('reportDetail.history.days', { count: d }) }))}
          />
          <Segmented<'chart' | 'table'>
            aria-label={t('reportDetail.history.view')}
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', label: t('reportDetail.history.chart') },
              { value: 'table', label: t('reportDetail.history.table') },
            ]}
          />
        </Flex>
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error, t)} />}
      {!main && !error && <Skeleton active />}
      {main && (
        <>
          <Typography.Paragraph type="secondary" data-testid="history-caption" style={{ marginTop: 8 }}>
            {caption}
            {main.signals.sandbox_days > 0 &&
              ` ${t('reportDetail.history.sandboxDays', { count: main.signals.sandbox_days })}`}
          </Typography.Paragraph>
          {view === 'chart' ? (
            <div role="img" aria-label={`${t('reportDetail.history.title')}. ${caption}`}>
              <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: HEIGHT }} />}>
                <EChartsView option={option} height={HEIGHT} />
              </Suspense>
            </div>
          ) : (
            <Flex vertical gap={12} data-testid="history-table">
              {sides.map((side) => (
                <HistoryTable key={side.name} side={side} sellerCurrency={sellerCurrency} />
              ))}
            </Flex>
          )}
          <Signals history={main} sellerCurrency={sellerCurrency} />
        </>
      )}
    </section>
  );
}
