import type { LookupRequestInput, LookupResult } from '@crossmarket/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meKeys } from '../../account';

/**
 * The quick check (`POST /v1/lookup`) of one product: looked up now on both sides, for one product of
 * today's quota, priced with the report's settings and lane (`report_id`). The report's row is left as it
 * is (the report keeps what its own lookup saw): the check is shown beside the row.
 */
export function useLookUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LookupRequestInput) => api<LookupResult>('/v1/lookup', { method: 'POST', body }),
    // /api/me's usage (the daily quota) counts this check.
    onSuccess: () => void client.invalidateQueries({ queryKey: meKeys.all }),
  });
}
