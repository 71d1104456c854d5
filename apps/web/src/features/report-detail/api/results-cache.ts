import type { QueryClient } from '@tanstack/react-query';
import { reportDetailKeys } from './keys';

/** Every filters and charts answer of one report, fetched again (after its prices changed). */
export function invalidateReportResults(client: QueryClient, reportId: string) {
  // Which products match a filter may have changed with the prices: a held ID list is never offered
  // again (a Select All waits for the new one).
  return Promise.all([
    client.resetQueries({ queryKey: reportDetailKeys.filteredIds(reportId) }),
    client.invalidateQueries({ queryKey: reportDetailKeys.results(reportId) }),
  ]);
}
