import { useQuery } from '@tanstack/react-query';
import type { Me } from '@crossmarket/domain';
import { api, ApiError } from '../../../lib/api-client';

/** GET /api/me, as the server's response schema declares it. */
export type { Me } from '@crossmarket/domain';

export const ME_KEY = ['me'] as const;

/** The signed-in account, or null when nobody is signed in. */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        return await api<Me>('/api/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 15_000,
  });
}
