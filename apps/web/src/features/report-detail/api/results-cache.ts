import type { QueryClient } from '@tanstack/react-query';

const RESULT_QUERIES = new Set(['filters', 'charts']);

/** Every filters and charts answer of one report, fetched again (after its prices changed). */
export function invalidateReportResults(client: QueryClient, reportId: string) {
  // The held ID lists go first: which products match a filter may have changed with the prices.
  client.removeQueries({ queryKey: ['filtered-ids', reportId] });
  return client.invalidateQueries({
    predicate: (q) =>
      RESULT_QUERIES.has(q.queryKey[0] as string) &&
      (q.queryKey[1] as { report_id?: string } | undefined)?.report_id === reportId,
  });
}
