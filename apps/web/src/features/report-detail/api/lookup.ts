import type { LookupRequestInput, LookupResult } from '@crossmarket/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meKeys } from '../../account';

/**
 * The quick check (`POST /v1/lookup`) of one product: looked up now on both sides, for one product of
 * today's quota. The report's row is left as it is: the check prices with the default settings, not the
 * report's, so it is shown beside the row rather than written into it.
 */
export function useLookUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LookupRequestInput) => api<LookupResult>('/v1/lookup', { method: 'POST', body }),
    // /api/me's usage (the daily quota) counts this check.
    onSuccess: () => void client.invalidateQueries({ queryKey: meKeys.all }),
  });
}
