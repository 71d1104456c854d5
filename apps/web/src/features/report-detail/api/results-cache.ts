import type { QueryClient } from '@tanstack/react-query';
import { reportDetailKeys } from './keys';

/**
 * Every filters and charts answer of one report fetched again, and its lists of matching IDs made stale
 * (after its prices or restrictions changed). A list on screen stays until its new answer is in (a Remove
 * All does not flicker back to Select All); a click that needs one (`loadIds`) waits for the new one.
 * `refetchLists: false` (restrictions still coming in, every few seconds) leaves the lists on screen to be
 * asked for when a click needs them or the page's count moves (useViewResults), not a second scan each time.
 */
export function invalidateReportResults(
  client: QueryClient,
  reportId: string,
  { refetchLists = true }: { refetchLists?: boolean } = {},
) {
  return Promise.all([
    client.invalidateQueries({
      queryKey: reportDetailKeys.filteredIds(reportId),
      refetchType: refetchLists ? 'active' : 'none',
    }),
    client.invalidateQueries({ queryKey: reportDetailKeys.results(reportId) }),
  ]);
}
