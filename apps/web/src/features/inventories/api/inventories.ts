import type { Inventory, InventoryCreateInput } from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const KEY = ['inventories'] as const;

/** The user's inventories, newest first; with a selling country, only those selling there. */
export function useInventories(toCountry?: string) {
  return useQuery({
    queryKey: [...KEY, toCountry ?? null],
    queryFn: () =>
      api<Inventory[]>(`/api/inventories${toCountry ? `?to_country=${encodeURIComponent(toCountry)}` : ''}`),
  });
}

export function useCreateInventory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryCreateInput) => api<Inventory>('/api/inventories', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
