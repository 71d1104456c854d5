import type { FilterSet, FilterSetCreate, FilterSetUpdate } from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A write invalidates `all`: the list and every set read one by one. */
export const filterSetKeys = {
  all: ['filter-sets'] as const,
  one: (id: string | undefined) => [...filterSetKeys.all, id] as const,
};

/** The user's filter sets, newest first. */
export function useFilterSets() {
  return useQuery({ queryKey: filterSetKeys.all, queryFn: () => api<FilterSet[]>('/api/filter-sets') });
}

/** One of the user's sets (the edit drawer); a set that is not theirs answers 404. */
export function useFilterSet(id: string | undefined) {
  return useQuery({
    queryKey: filterSetKeys.one(id),
    queryFn: () => api<FilterSet>(`/api/filter-sets/${encodeURIComponent(id!)}`),
    enabled: !!id,
    retry: false,
  });
}

export function useCreateFilterSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FilterSetCreate) => api<FilterSet>('/api/filter-sets', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: filterSetKeys.all }),
  });
}

export function useUpdateFilterSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: FilterSetUpdate & { id: string }) =>
      api<FilterSet>(`/api/filter-sets/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: filterSetKeys.all }),
  });
}

/** 409 `filter_set_in_use` when an inventory uses the set. */
export function useDeleteFilterSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/filter-sets/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: filterSetKeys.all }),
  });
}
