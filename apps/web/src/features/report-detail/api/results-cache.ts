import type { QueryClient } from '@tanstack/react-query';
import { reportDetailKeys } from './keys';

/** Every filters and charts answer of one report, fetched again (after its prices changed). */
export function invalidateReportResults(client: QueryClient, reportId: string) {
  // The held ID lists go first: which products match a filter may have changed with the prices.
  client.removeQueries({ queryKey: reportDetailKeys.filteredIds(reportId) });
  return client.invalidateQueries({ queryKey: reportDetailKeys.results(reportId) });
}
