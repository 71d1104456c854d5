import type { QueryClient } from '@tanstack/react-query';
import { reportDetailKeys } from './keys';

/**
 * Every filters and charts answer of one report, and its lists of matching IDs, fetched again (after its
 * prices or restrictions changed). A list on screen stays until its new answer is in (a Remove All does
 * not flicker back to Select All); a click that needs it (`loadIds`) waits for the new one.
 */
export function invalidateReportResults(client: QueryClient, reportId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: reportDetailKeys.filteredIds(reportId) }),
    client.invalidateQueries({ queryKey: reportDetailKeys.results(reportId) }),
  ]);
}
