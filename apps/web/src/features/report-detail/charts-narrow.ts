import { binFilterRange, type ActiveFilter, type HistogramBin, type RangeValue } from '@crossmarket/domain';

/** The histogram each chart narrows: the selling side's fbm PPR and profit amount filters. */
export const CHART_FILTERS = { ppr: 'to_ppr_percent', profit: 'to_ppr_amount' } as const;
export type HistogramKind = keyof typeof CHART_FILTERS;

const tighter = (
  a: number | null | undefined,
  b: number | undefined,
  pick: (x: number, y: number) => number,
) => (a == null ? b : b === undefined ? a : pick(a, b));

/**
 * The filters after a click on a bar: the chart's range filter becomes the bar's range, intersected with
 * the range already applied (a bar of the current rows only ever narrows them). Other filters stay.
 */
export function narrowToBin(
  filters: readonly ActiveFilter[],
  kind: HistogramKind,
  bin: Pick<HistogramBin, 'from' | 'to'>,
): ActiveFilter[] {
  const id = CHART_FILTERS[kind];
  const current = filters.find((f) => f.id === id)?.value as RangeValue | undefined;
  const range = binFilterRange(bin);
  const min = tighter(current?.min, range.min, Math.max);
  const max = tighter(current?.max, range.max, Math.min);
  const value: RangeValue = {};
  if (min != null) value.min = min;
  if (max != null) value.max = max;
  const others = filters.filter((f) => f.id !== id);
  return min == null && max == null ? others : [...others, { id, value } as ActiveFilter];
}
