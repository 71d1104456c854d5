import type { FilterResults, FiltersRequest } from '@crossmarket/domain';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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
 * Every product ID a view's filters match (27,000 IDs is ~300 kB), held per report, filter string and
 * count: page and sort changes reuse it, and a report still filling up (a new count) asks again. The
 * call that answers it lets the server keep the ordered list, so the view's next pages skip the scan.
 */
const idsQuery = (request: FiltersView | null, count: number | undefined) =>
  queryOptions({
    queryKey: reportDetailKeys.filteredIdsOf(request?.report_id ?? '', request?.filters ?? '', count ?? -1),
    queryFn: async () => {
      const answer = await api<FilterResults>('/v1/filters', { body: { ...request!, with_ids: true } });
      return answer.filtered_ids ?? [];
    },
    // New prices drop these lists (results-cache.ts); nothing else makes one stale.
    staleTime: Infinity,
    retry: false,
  });

/**
 * A view's page of rows, then the list of every matching ID (for Select All, the ID list and the
 * inventory and export actions), asked for once the page is shown so the rows never wait for it. While
 * the next page is on its way the last one stays on screen (the table never goes blank); a failure keeps
 * it too. `loadIds` gives the list at once when it is held, else when it comes (asked for again after a
 * failure).
 */
export function useViewResults(request: FiltersView | null) {
  const client = useQueryClient();
  const results = useQuery({
    ...pageQuery(request),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
  const shownCount = results.isPlaceholderData ? undefined : results.data?.filtered_count;
  const ids = useQuery({ ...idsQuery(request, shownCount), enabled: shownCount !== undefined });
  const loadIds = useStableCallback(async () => {
    const count = shownCount ?? (await client.fetchQuery(pageQuery(request))).filtered_count;
    return client.fetchQuery(idsQuery(request, count));
  });
  return { results, ids, loadIds };
}

/**
 * Asks for a view's page at once, before the URL moves to it: Apply's click would otherwise wait for the
 * whole page to render the new view before `useViewResults` starts the same query.
 */
export function usePrefetchFilterResults() {
  const client = useQueryClient();
  return useCallback((request: FiltersView) => void client.prefetchQuery(pageQuery(request)), [client]);
}
