/**
 * The report page's query keys. A report's filters and charts answers sit under `results(reportId)`, so
 * new prices (saved settings, a product's own rates) invalidate them with one prefix. The lists of matching
 * IDs are apart: their key has no page or sort (see results-cache.ts).
 */
export const reportDetailKeys = {
  one: (id: string) => ['report', id] as const,
  offers: (reportId: string, productId: string | null) =>
    [...reportDetailKeys.offersOf(reportId), productId] as const,
  /** Every product's offers (and money lines) of one report. */
  offersOf: (reportId: string) => ['offers', reportId] as const,
  results: (reportId: string) => ['report-results', reportId] as const,
  // A disabled query (no view yet) has no report: it sits under the empty one.
  filters: <R extends { report_id: string }>(request: R | null) =>
    [...reportDetailKeys.results(request?.report_id ?? ''), 'filters', request] as const,
  charts: <R extends { report_id: string }>(request: R) =>
    [...reportDetailKeys.results(request.report_id), 'charts', request] as const,
  /** Every held ID list of one report. */
  filteredIds: (reportId: string) => ['filtered-ids', reportId] as const,
  filteredIdsOf: (reportId: string, filters: string) =>
    [...reportDetailKeys.filteredIds(reportId), filters] as const,
};
