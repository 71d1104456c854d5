import type { IndividualRates } from '@crossmarket/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * A product's own profit rates: PUT stores them (the server re-prices that row at once), null clears
 * them. Afterwards this report's filters answers are fetched again, so the row, its PPR filters and the
 * sort follow.
 */
export function useProductRates(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, rates }: { productId: string; rates: IndividualRates | null }) =>
      api(`/v1/reports/${encodeURIComponent(reportId)}/products/${encodeURIComponent(productId)}/rates`, {
        method: rates ? 'PUT' : 'DELETE',
        body: rates ?? undefined,
      }),
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: ['filters'],
        predicate: (q) => (q.queryKey[1] as { report_id?: string } | undefined)?.report_id === reportId,
      }),
  });
}
