import type { FilterResults, FiltersRequest } from '@crossmarket/domain';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { useStableCallback } from '../../../lib/use-stable-callback';
import { reportDetailKeys } from './keys';

export type { FilterResults, ResultRowView } from '@crossmarket/domain';

export type FiltersView = Omit<Required<FiltersRequest>, 'with_ids'>;

/** One page of a view and its count, without the list of every matching ID (see {@link useViewResults}). */
const pageQuery = (request: FiltersView | null) =>
  queryOptions({
    queryKey: reportDetailKeys.filters(request),
    queryFn: () => api<FilterResults>('/v1/filters', { body: { ...request!, with_ids: false } }),
    staleTime: 60_000,
    retry: false,
  });

/**
 * Every product ID a view's filters match (27,000 IDs is ~300 kB), held per report and filter string: page
 * and sort changes reuse it (it stays on screen while their page is on its way). The call that answers it
 * lets the server keep the ordered list, so the view's next pages skip the scan.
 */
const idsQuery = (request: FiltersView | null) =>
  queryOptions({
    queryKey: reportDetailKeys.filteredIdsOf(request?.report_id ?? '', request?.filters ?? ''),
    queryFn: async () => {
      const answer = await api<FilterResults>('/v1/filters', { body: { ...request!, with_ids: true } });
      return answer.filtered_ids ?? [];
    },
    // New prices invalidate these lists (results-cache.ts); a new count asks again (useViewResults).
    staleTime: Infinity,
    retry: false,
  });

/**
 * A view's page of rows, then the list of every matching ID (for Select All, the ID list and the
 * inventory and export actions), asked for once the view's own page is shown so the rows never wait for
 * it. While the next page is on its way the last one stays on screen (the table never goes blank); a
 * failure keeps it too. A held list of another length than the shown count, older than the page (a report
 * still filling up), is asked for again. `loadIds` gives the list at once when it is held and current,
 * else when it comes (asked for again after a failure). `shownFilters` is the filter string of the page
 * on screen (undefined before the first): what the charts ask for.
 */
export function useViewResults(request: FiltersView | null) {
  const client = useQueryClient();
  const results = useQuery({
    ...pageQuery(request),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
  const shownCount = results.isPlaceholderData ? undefined : results.data?.filtered_count;
  const ids = useQuery({ ...idsQuery(request), enabled: shownCount !== undefined });
  const behind =
    shownCount !== undefined &&
    ids.data !== undefined &&
    ids.data.length !== shownCount &&
    ids.dataUpdatedAt < results.dataUpdatedAt &&
    !ids.isFetching;
  const { refetch } = ids;
  useEffect(() => {
    if (behind) void refetch();
  }, [behind, refetch]);
  // The filters of the page on screen: the view's, once its own page is in (or has failed). The charts
  // follow it rather than the view: the seller's scans take turns on the server (one at a time), so
  // charts asked for beside a new page could go first and hold the page back by their whole scan, and
  // their drawing landed between the page's answer and its frame (bench: ui.click_to_paint).
  const [shownFilters, setShownFilters] = useState<string | undefined>(undefined);
  const pageIn = (results.isSuccess && !results.isPlaceholderData) || results.isError;
  if (request !== null && pageIn && shownFilters !== request.filters) setShownFilters(request.filters);
  const loadIds = useStableCallback(async () => {
    const count = shownCount ?? (await client.fetchQuery(pageQuery(request))).filtered_count;
    const list = idsQuery(request);
    const held = client.getQueryData(list.queryKey);
    return client.fetchQuery({ ...list, staleTime: held?.length === count ? Infinity : 0 });
  });
  return { results, ids, loadIds, shownFilters };
}

/**
 * Asks for a view's page at once, before the URL moves to it: Apply's click would otherwise wait for the
 * whole page to render the new view before `useViewResults` starts the same query.
 */
export function usePrefetchFilterResults() {
  const client = useQueryClient();
  return useCallback((request: FiltersView) => void client.prefetchQuery(pageQuery(request)), [client]);
}
