import type { FilterResults, FiltersRequest } from '@crossmarket/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { FilterResults, ResultRowView } from '@crossmarket/domain';

/**
 * The page of rows for a view. While the next answer is on its way the last one stays on screen (the
 * table never goes blank); a failure keeps it too.
 */
export function useFilterResults(request: Required<FiltersRequest> | null) {
  return useQuery({
    queryKey: ['filters', request],
    queryFn: () => api<FilterResults>('/v1/filters', { body: request }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
