import type { ActiveFilter, Histogram, HistogramBin } from '@crossmarket/domain';
import { Alert, Button, Card, Col, Collapse, Empty, Row, Segmented, Skeleton, Table, theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { useCharts } from '../api/charts';
import { narrowToBin, type HistogramKind } from '../charts-narrow';
import { readOpen, writeOpen } from '../panel-state';
import { rankOption, histogramOption, type ChartTexts } from './chart-options';
import { moneyFormat, numberFormat } from './money';

const EChartsView = lazy(() => import('../../../lib/echarts-view'));
const OPEN_KEY = 'crossmarket.report.chartsOpen';
const HEIGHT = 240;

export interface ChartsPanelProps {
  reportId: string;
  /** The applied filters, encoded (what the table shows) and decoded (what a click narrows). */
  encoded: string;
  /** False until the table's first page is in: the charts' scan waits for the page's (default true). */
  ready?: boolean;
  applied: readonly ActiveFilter[];
  settingsDefined: boolean;
  currency: string;
  onNarrow: (filters: ActiveFilter[]) => void;
}

/**
 * Above the table: PPR and profit histograms and PPR against sales rank for every filtered product,
 * aggregated by the server. A click on a bar (or its Narrow button in the table view) narrows the
 * filters to that bar's range.
 */
export const ChartsPanel = memo(function ChartsPanel(props: ChartsPanelProps) {
  const { t } = useTranslation();
  // Folded until the seller opens them once (then remembered): open above the table, the charts pushed a
  // new seller's first rows below a 900 px screen (issue 59).
  const [open, setOpen] = useState(() => readOpen(OPEN_KEY, false));
  const toggle = (next: boolean) => {
    setOpen(next);
    writeOpen(OPEN_KEY, next);
  };
  return (
    <Collapse
      activeKey={open ? ['charts'] : []}
      onChange={(keys) => toggle(keys.includes('charts'))}
      items={[
        {
          key: 'charts',
          label: t('reportDetail.charts.title'),
          children: open ? <ChartsBody {...props} /> : null,
        },
      ]}
      data-testid="charts-panel"
    />
  );
});

function ChartsBody({
  reportId,
  encoded,
  ready = true,
  applied,
  settingsDefined,
  currency,
  onNarrow,
}: ChartsPanelProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const charts = useCharts({ report_id: reportId, filters: encoded }, settingsDefined && ready);
  const texts = useMemo(() => {
    const number = numberFormat(i18n.language, t('reportDetail.na'));
    const money = moneyFormat(i18n.language, t('reportDetail.na'));
    const ranges = (unit: (n: number) => string) => (b: HistogramBin) =>
      b.from === null
        ? t('reportDetail.charts.below', { to: unit(b.to ?? b.end) })
        : b.to === null
          ? t('reportDetail.charts.above', { from: unit(b.from) })
          : t('reportDetail.charts.range', { from: unit(b.from), to: unit(b.to) });
    const base = {
      compact: (n: number) => formatNumber(n, i18n.language, { notation: 'compact' }),
      products: t('reportDetail.charts.products'),
      salesRank: t('reportDetail.charts.salesRank'),
      ppr: t('reportDetail.charts.pprAxis'),
      number,
    };
    return {
      ppr: { ...base, range: ranges((n) => `${number(n)} %`) } satisfies ChartTexts,
      profit: { ...base, range: ranges((n) => money(n, currency)) } satisfies ChartTexts,
    };
  }, [t, i18n.language, currency]);

  // Built once per answer: a new option object (its formatters are new functions) makes echarts-for-react
  // draw the chart again, and the panel re-renders on every Apply and when the table's page comes in,
  // while the last charts stay on screen (bench: ui.click_to_paint).
  const data = charts.data;
  const options = useMemo(
    () =>
      data && data.filtered_count > 0
        ? {
            ppr: histogramOption(data.ppr, token, texts.ppr),
            profit: histogramOption(data.profit, token, texts.profit),
            rank: rankOption(data.rank_ppr, token, texts.ppr),
          }
        : null,
    [data, token, texts],
  );

  if (!settingsDefined) {
    return <Alert type="info" showIcon title={t('reportDetail.charts.needSettings')} />;
  }
  if (charts.isError && !charts.data) {
    return <Alert type="error" showIcon title={t('reportDetail.charts.failed')} />;
  }
  if (!charts.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (charts.data.filtered_count === 0 || !options) {
    return <Empty description={t('reportDetail.charts.empty')} />;
  }
  const narrow = (kind: HistogramKind) => (bin: HistogramBin) => onNarrow(narrowToBin(applied, kind, bin));
  const { ppr, profit, rank_ppr: cells } = charts.data;
  return (
    <Row gutter={[16, 16]} data-testid="charts">
      <Col xs={24} xl={8}>
        <HistogramCard
          kind="ppr"
          title={t('reportDetail.charts.ppr')}
          histogram={ppr}
          texts={texts.ppr}
          onBin={narrow('ppr')}
          option={options.ppr}
        />
      </Col>
      <Col xs={24} xl={8}>
        <HistogramCard
          kind="profit"
          title={t('reportDetail.charts.profit', { currency })}
          histogram={profit}
          texts={texts.profit}
          onBin={narrow('profit')}
          option={options.profit}
        />
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('reportDetail.charts.rank')} data-testid="chart-rank">
          <ChartFigure
            label={t('reportDetail.charts.rankSummary', { count: cells.reduce((n, c) => n + c.count, 0) })}
            option={options.rank}
          />
        </Card>
      </Col>
    </Row>
  );
}

function ChartFigure(props: {
  label: string;
  option: EChartsCoreOption;
  onItemClick?: (index: number) => void;
}) {
  return (
    <div role="img" aria-label={props.label}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: HEIGHT }} />}>
        <EChartsView option={props.option} onItemClick={props.onItemClick} height={HEIGHT} />
      </Suspense>
    </div>
  );
}

interface HistogramCardProps {
  kind: HistogramKind;
  title: string;
  histogram: Histogram;
  texts: ChartTexts;
  option: EChartsCoreOption;
  onBin: (bin: HistogramBin) => void;
}

/** A histogram as a chart (bars clickable) or as a table whose Narrow buttons work from the keyboard. */
function HistogramCard({ kind, title, histogram, texts, option, onBin }: HistogramCardProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'chart' | 'table'>('chart');
  const bins = histogram.bins;
  const summary = t('reportDetail.charts.histogramSummary', {
    title,
    bars: bins.length,
    count: bins.reduce((n, b) => n + b.count, 0),
  });
  return (
    <Card
      size="small"
      title={title}
      data-testid={`chart-${kind}`}
      extra={
        <Segmented
          size="small"
          aria-label={t('reportDetail.charts.viewAs')}
          value={mode}
          onChange={(v) => setMode(v as 'chart' | 'table')}
          options={[
            { value: 'chart', label: t('reportDetail.charts.chart') },
            { value: 'table', label: t('reportDetail.charts.table') },
          ]}
        />
      }
    >
      {bins.length === 0 ? (
        <Empty description={t('reportDetail.charts.empty')} />
      ) : mode === 'chart' ? (
        <ChartFigure label={summary} option={option} onItemClick={(i) => bins[i] && onBin(bins[i])} />
      ) : (
        <Table
          size="small"
          // At phone widths the table scrolls inside its card, not the page.
          scroll={{ x: 'max-content' }}
          rowKey="start"
          dataSource={bins}
          pagination={{ pageSize: 8, hideOnSinglePage: true, size: 'small' }}
          columns={[
            { key: 'range', title: t('reportDetail.charts.rangeColumn'), render: (_, b) => texts.range(b) },
            { key: 'count', title: texts.products, dataIndex: 'count', align: 'right' },
            {
              key: 'narrow',
              title: t('reportDetail.charts.narrowColumn'),
              render: (_, b) => (
                <Button size="small" disabled={b.count === 0} onClick={() => onBin(b)}>
                  {t('reportDetail.charts.narrow')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
