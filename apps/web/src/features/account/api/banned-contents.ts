import type { BannedContentsInput, BannedLists } from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bannedContentsKeys } from './keys';

export type { BannedLists } from '@crossmarket/domain';

/** The user's banned product IDs, brands and title words, per selling country. */
export function useBannedContents() {
  return useQuery({
    queryKey: bannedContentsKeys.all,
    queryFn: () => api<BannedLists>('/api/me/banned-contents'),
  });
}

/** Saves the lists; the server's normalised answer replaces the cache, so nothing is read again. */
export function useSaveBannedContents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BannedContentsInput) =>
      api<BannedLists>('/api/me/banned-contents', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(bannedContentsKeys.all, saved),
  });
}
