import type { FilterResults, FiltersRequest } from '@crossmarket/domain';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { reportDetailKeys } from './keys';

export type { FilterResults, ResultRowView } from '@crossmarket/domain';

export type FiltersView = Omit<Required<FiltersRequest>, 'with_ids'>;

/**
 * One page, with the matching IDs. The ID list (10,000 IDs is ~110 kB) is asked for only when the filters
 * changed: page and sort changes reuse the list already held. A held list whose length no longer matches
 * the count (a report still filling up) is asked for again.
 */
export async function fetchFilterResults(client: QueryClient, request: FiltersView): Promise<FilterResults> {
  // Where the list of every matching ID of one report and filter string is kept between pages.
  const key = reportDetailKeys.filteredIdsOf(request.report_id, request.filters);
  const held = client.getQueryData<string[]>(key);
  const ask = (withIds: boolean) =>
    api<FilterResults>('/v1/filters', { body: { ...request, with_ids: withIds } });
  let answer = await ask(held === undefined);
  if (!answer.filtered_ids && held?.length !== answer.filtered_count) answer = await ask(true);
  const ids = answer.filtered_ids ?? held!;
  client.setQueryData(key, ids);
  return { ...answer, filtered_ids: ids };
}

/**
 * The page of rows for a view. While the next answer is on its way the last one stays on screen (the
 * table never goes blank); a failure keeps it too.
 */
export function useFilterResults(request: FiltersView | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: reportDetailKeys.filters(request),
    queryFn: () => fetchFilterResults(client, request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * Asks for a view's page at once, before the URL moves to it: Apply's click would otherwise wait for the
 * whole page to render the new view before `useFilterResults` starts the same query.
 */
export function usePrefetchFilterResults() {
  const client = useQueryClient();
  return useCallback(
    (request: FiltersView) =>
      void client.prefetchQuery({
        queryKey: reportDetailKeys.filters(request),
        queryFn: () => fetchFilterResults(client, request),
        staleTime: 60_000,
        retry: false,
      }),
    [client],
  );
}
