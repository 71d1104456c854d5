import { useQuery } from '@tanstack/react-query';
import type { Me } from '@crossmarket/domain';
import { api, ApiError } from '../../../lib/api-client';
import { meKeys } from './keys';

/** GET /api/me, as the server's response schema declares it. */
export type { Me } from '@crossmarket/domain';

/** The signed-in account, or null when nobody is signed in. */
export function useMe() {
  return useQuery({
    queryKey: meKeys.all,
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
