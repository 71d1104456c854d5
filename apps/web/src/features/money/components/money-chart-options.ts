import type { MoneyRow } from '@crossmarket/domain';
import type { GlobalToken } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';

/** One month of one currency: the profit estimated before the sales and the profit Amazon's money made. */
export interface ProfitPoint {
  month: string;
  estimate: number;
  actual: number;
  orders: number;
}

const cents = (n: number) => Math.round(n * 100);

/**
 * Each month's rows in `currency` added up (lanes selling in the same currency only: never two
 * currencies together), every month of the range present so a month without sales shows as none.
 */
export function profitByMonth(rows: readonly MoneyRow[], currency: string, months: readonly string[]) {
  const by = new Map<string, { estimate: number; actual: number; orders: number }>();
  for (const m of months) by.set(m, { estimate: 0, actual: 0, orders: 0 });
  for (const r of rows) {
    if (r.currency !== currency) continue;
    const p = by.get(r.month);
    if (!p) continue;
    p.estimate += cents(r.estimate_profit);
    p.actual += cents(r.profit);
    p.orders += r.orders;
  }
  return months.map((month): ProfitPoint => ({
    month,
    estimate: by.get(month)!.estimate / 100,
    actual: by.get(month)!.actual / 100,
    orders: by.get(month)!.orders,
  }));
}

export interface ProfitTexts {
  estimate: string;
  actual: string;
  month: (month: string) => string;
  money: (amount: number) => string;
}

/** Two bars a month, estimated and actual profit, coloured from the antd theme so light and dark both read. */
export function profitOption(
  points: readonly ProfitPoint[],
  currency: string,
  token: GlobalToken,
  texts: ProfitTexts,
): EChartsCoreOption {
  const axis = {
    axisLabel: { color: token.colorTextSecondary, fontSize: 11 },
    axisLine: { lineStyle: { color: token.colorBorder } },
    splitLine: { lineStyle: { color: token.colorBorderSecondary } },
  };
  const bar = (name: string, color: string, data: number[]) => ({
    type: 'bar',
    name,
    data,
    barMaxWidth: 28,
    itemStyle: { color },
  });
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: token.fontFamily, color: token.colorText },
    legend: { top: 0, textStyle: { color: token.colorText } },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { ...axis, type: 'category', data: points.map((p) => texts.month(p.month)) },
    yAxis: { ...axis, type: 'value', name: currency },
    tooltip: {
      trigger: 'axis',
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText },
      valueFormatter: (v: number) => texts.money(v),
    },
    series: [
      bar(
        texts.estimate,
        token.colorWarning,
        points.map((p) => p.estimate),
      ),
      bar(
        texts.actual,
        token.colorPrimary,
        points.map((p) => p.actual),
      ),
    ],
  };
}
