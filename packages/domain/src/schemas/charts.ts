import { z } from 'zod';
import { filtersRequestSchema } from './analysis';

/** How many bars a histogram aims for; the step is rounded to 1, 2 or 5 × a power of ten. */
export const CHART_TARGET_BINS = 20;
/** Sales rank cells per decade on the scatter's log axis. */
export const RANK_CELLS_PER_DECADE = 10;

/** POST /v1/charts: the same report and filters as POST /v1/filters (no page, no sort). */
export const chartsRequestSchema = filtersRequestSchema.pick({ report_id: true, filters: true });
export type ChartsRequest = z.input<typeof chartsRequestSchema>;

/**
 * One bar: the values in [from, to). `from` is null on the first bar when it also holds the low outliers
 * (below the 2nd percentile) and `to` null on the last when it holds the high ones, so that clicking an
 * edge bar narrows the filter without cutting them off.
 */
export const histogramBinSchema = z.object({
  from: z.number().nullable(),
  to: z.number().nullable(),
  /** The bar's nominal range, where it is drawn (an open edge's outliers lie beyond it). */
  start: z.number(),
  end: z.number(),
  count: z.number().int(),
});
export type HistogramBin = z.output<typeof histogramBinSchema>;

export const histogramSchema = z.object({
  /** The bars' width; null when no row has a value. */
  step: z.number().nullable(),
  bins: z.array(histogramBinSchema),
});
export type Histogram = z.output<typeof histogramSchema>;

/** A cell of the scatter: the rows whose rank falls in one tenth of a decade and whose PPR in one bar. */
export const rankCellSchema = z.object({
  rank: z.number(),
  ppr: z.number(),
  count: z.number().int(),
});
export type RankCell = z.output<typeof rankCellSchema>;

/**
 * The answer of POST /v1/charts, computed by PostgreSQL over every filtered row: PPR and profit amount
 * (at the buy box, fbm) histograms and PPR against the selling country's sales rank. The money and PPR
 * figures need settings; before they exist `settings_defined` is false and the charts are empty.
 */
export const chartsResponseSchema = z.object({
  filtered_count: z.number().int(),
  settings_defined: z.boolean(),
  ppr: histogramSchema,
  profit: histogramSchema,
  rank_ppr: z.array(rankCellSchema),
});
export type ChartsResponse = z.output<typeof chartsResponseSchema>;

/** The range filter a click on a bar applies: stored figures are cents, so `to` becomes `to − 0.01`. */
export function binFilterRange(bin: Pick<HistogramBin, 'from' | 'to'>): { min?: number; max?: number } {
  const range: { min?: number; max?: number } = {};
  if (bin.from !== null) range.min = bin.from;
  if (bin.to !== null) range.max = Math.round((bin.to - 0.01) * 100) / 100;
  return range;
}
