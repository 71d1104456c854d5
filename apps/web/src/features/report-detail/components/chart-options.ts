import type { Histogram, RankCell } from '@crossmarket/domain';
import type { GlobalToken } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';

export interface ChartTexts {
  products: string;
  /** A bar's label, from its range. */
  range: (bin: Histogram['bins'][number]) => string;
  salesRank: string;
  ppr: string;
  number: (n: number) => string;
  /** Short numbers for a crowded axis (10K, 1M; 10 B in Turkish). */
  compact: (n: number) => string;
}

/** The parts every chart shares, coloured from the active antd theme so dark and light both read well. */
function frame(token: GlobalToken) {
  const axis = {
    axisLabel: { color: token.colorTextSecondary, fontSize: 11 },
    axisLine: { lineStyle: { color: token.colorBorder } },
    splitLine: { lineStyle: { color: token.colorBorderSecondary } },
    nameTextStyle: { color: token.colorTextSecondary },
  };
  return {
    axis,
    base: {
      animation: false,
      backgroundColor: 'transparent',
      textStyle: { fontFamily: token.fontFamily, color: token.colorText },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorderSecondary,
        textStyle: { color: token.colorText },
      },
    },
  };
}

/** A histogram as category bars; a click on a bar reports its index. */
export function histogramOption(h: Histogram, token: GlobalToken, texts: ChartTexts): EChartsCoreOption {
  const { axis, base } = frame(token);
  return {
    ...base,
    tooltip: { ...base.tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      ...axis,
      type: 'category',
      data: h.bins.map(texts.range),
      axisLabel: { ...axis.axisLabel, hideOverlap: true },
    },
    // The card's title names the figure and the tooltip the count: no axis names to crowd the plot.
    yAxis: { ...axis, type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: texts.products,
        data: h.bins.map((b) => b.count),
        barCategoryGap: '8%',
        itemStyle: { color: token.colorPrimary, borderRadius: [2, 2, 0, 0] },
        emphasis: { itemStyle: { color: token.colorPrimaryHover } },
        cursor: 'pointer',
      },
    ],
  };
}

/** PPR against sales rank on a log axis; each point a cell of products, sized by how many. */
export function rankOption(cells: RankCell[], token: GlobalToken, texts: ChartTexts): EChartsCoreOption {
  const { axis, base } = frame(token);
  const largest = Math.max(1, ...cells.map((c) => c.count));
  return {
    ...base,
    grid: { ...base.grid, bottom: 24 },
    tooltip: {
      ...base.tooltip,
      trigger: 'item',
      formatter: (p: { value: [number, number, number] }) =>
        `${texts.salesRank}: ${texts.number(p.value[0])}<br/>${texts.ppr}: ${texts.number(p.value[1])} %` +
        `<br/>${texts.products}: ${texts.number(p.value[2])}`,
    },
    xAxis: {
      ...axis,
      type: 'log',
      logBase: 10,
      name: texts.salesRank,
      nameLocation: 'middle',
      nameGap: 24,
      axisLabel: { ...axis.axisLabel, formatter: texts.compact, hideOverlap: true },
    },
    yAxis: { ...axis, type: 'value', scale: true, axisLabel: { ...axis.axisLabel, formatter: '{value} %' } },
    series: [
      {
        type: 'scatter',
        data: cells.map((c) => [c.rank, c.ppr, c.count]),
        symbolSize: (v: [number, number, number]) => 4 + 14 * Math.sqrt(v[2] / largest),
        itemStyle: { color: token.colorPrimary, opacity: 0.7 },
      },
    ],
  };
}
