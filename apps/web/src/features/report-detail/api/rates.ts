import type { IndividualRates } from '@crossmarket/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateReportResults } from './results-cache';

/**
 * A product's own profit rates: PUT stores them (the server re-prices that row at once), null clears
 * them. Afterwards this report's filters and charts answers are fetched again, so the row, its PPR
 * filters, the sort and the charts follow.
 */
export function useProductRates(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, rates }: { productId: string; rates: IndividualRates | null }) =>
      api(`/v1/reports/${encodeURIComponent(reportId)}/products/${encodeURIComponent(productId)}/rates`, {
        method: rates ? 'PUT' : 'DELETE',
        body: rates ?? undefined,
      }),
    onSuccess: () => invalidateReportResults(client, reportId),
  });
}
