import type { ProductSellers } from '@crossmarket/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportDetailKeys } from './keys';

export type { ProductSellers } from '@crossmarket/domain';

/** Both sides' sellers of one product, cheapest buy price first (the server sorts). */
export function useProductSellers(reportId: string, productId: string | null) {
  return useQuery({
    queryKey: reportDetailKeys.offers(reportId, productId),
    queryFn: () =>
      api<ProductSellers>(
        `/v1/reports/${encodeURIComponent(reportId)}/products/${encodeURIComponent(productId!)}/offers`,
      ),
    enabled: productId !== null,
  });
}
