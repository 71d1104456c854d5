import type { FilterSet, FilterSetCreate } from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const KEY = ['filter-sets'] as const;

/** The user's filter sets, newest first. */
export function useFilterSets() {
  return useQuery({ queryKey: KEY, queryFn: () => api<FilterSet[]>('/api/filter-sets') });
}

export function useCreateFilterSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FilterSetCreate) => api<FilterSet>('/api/filter-sets', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
