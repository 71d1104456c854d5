import type { HistoryPoint } from '@crossmarket/domain';
import type { GlobalToken } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';

/** One marketplace's line on the chart: its points, its currency, and the rate into the seller's. */
export interface HistorySide {
  name: string;
  points: readonly HistoryPoint[];
  currency: string;
  /** Units of the seller's currency per unit of this side's (1 on the selling side). */
  rate: number;
}

export interface HistoryTexts {
  price: (side: string) => string;
  rank: string;
  offers: (side: string) => string;
  /** A price in the seller's currency, with the source's own where it differs. */
  money: (amount: number, currency: string) => string;
  number: (n: number) => string;
  date: (iso: string) => string;
}

const priceOf = (p: HistoryPoint) => p.buybox_price ?? p.lowest_new_price;

/**
 * The history as two stacked plots sharing one time axis: prices of both sides in the seller's currency
 * (the tooltip adds the source's own), then the selling side's sales rank (better is higher) with both
 * sides' new offer counts. Coloured from the antd theme, so light and dark both read.
 */
export function historyOption(
  sides: readonly HistorySide[],
  /** Whose sales rank is drawn: the selling side, once its answer is in. */
  ranked: HistorySide | null,
  sellerCurrency: string,
  token: GlobalToken,
  texts: HistoryTexts,
): EChartsCoreOption {
  const axis = {
    axisLabel: { color: token.colorTextSecondary, fontSize: 11 },
    axisLine: { lineStyle: { color: token.colorBorder } },
    splitLine: { lineStyle: { color: token.colorBorderSecondary } },
  };
  const colours = [token.colorWarning, token.colorPrimary];
  const sourceOf = new Map<string, { side: HistorySide; at: Map<number, number | null> }>();
  const series: object[] = [];
  sides.forEach((side, i) => {
    const name = texts.price(side.name);
    sourceOf.set(name, { side, at: new Map(side.points.map((p) => [Date.parse(p.at), priceOf(p)])) });
    series.push({
      type: 'line',
      name,
      step: 'end',
      showSymbol: false,
      connectNulls: false,
      lineStyle: { color: colours[i % 2], width: 2 },
      itemStyle: { color: colours[i % 2] },
      data: side.points.map((p) => {
        const price = priceOf(p);
        return [Date.parse(p.at), price == null ? null : Math.round(price * side.rate * 100) / 100];
      }),
    });
    series.push({
      type: 'line',
      name: texts.offers(side.name),
      step: 'end',
      showSymbol: false,
      xAxisIndex: 1,
      yAxisIndex: 2,
      lineStyle: { color: colours[i % 2], type: 'dotted', width: 1 },
      itemStyle: { color: colours[i % 2] },
      data: side.points.map((p) => [Date.parse(p.at), p.new_offers]),
    });
  });
  series.push({
    type: 'line',
    name: texts.rank,
    showSymbol: false,
    xAxisIndex: 1,
    yAxisIndex: 1,
    lineStyle: { color: token.colorSuccess, width: 2 },
    itemStyle: { color: token.colorSuccess },
    data: (ranked?.points ?? []).map((p) => [Date.parse(p.at), p.sales_rank]),
  });
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: token.fontFamily, color: token.colorText },
    legend: { top: 0, textStyle: { color: token.colorText }, type: 'scroll' },
    grid: [
      { left: 8, right: 16, top: 36, height: '38%', containLabel: true },
      { left: 8, right: 16, top: '62%', bottom: 8, containLabel: true },
    ],
    xAxis: [
      { ...axis, type: 'time', gridIndex: 0, axisLabel: { ...axis.axisLabel, hideOverlap: true } },
      { ...axis, type: 'time', gridIndex: 1, axisLabel: { ...axis.axisLabel, hideOverlap: true } },
    ],
    yAxis: [
      { ...axis, type: 'value', gridIndex: 0, scale: true, name: sellerCurrency },
      { ...axis, type: 'log', gridIndex: 1, inverse: true, name: texts.rank },
      { ...axis, type: 'value', gridIndex: 1, minInterval: 1, splitLine: { show: false } },
    ],
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    tooltip: {
      trigger: 'axis',
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText },
      formatter: (items: { seriesName: string; value: [number, number | null]; marker: string }[]) => {
        const lines = items.flatMap((item) => {
          const [at, value] = item.value;
          if (value == null) return [];
          const source = sourceOf.get(item.seriesName);
          if (!source) return [`${item.marker}${item.seriesName}: ${texts.number(value)}`];
          const own = source.at.get(at);
          const shown = texts.money(value, sellerCurrency);
          const extra =
            own != null && source.side.currency !== sellerCurrency
              ? ` (${texts.money(own, source.side.currency)})`
              : '';
          return [`${item.marker}${item.seriesName}: ${shown}${extra}`];
        });
        const at = items[0]?.value[0];
        return [at == null ? '' : texts.date(new Date(at).toISOString()), ...lines].join('<br/>');
      },
    },
    series,
  };
}
