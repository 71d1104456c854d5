import type { HistoryRange, ProductHistory } from '@crossmarket/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A product's history is public data, the same in every report and inventory. */
export const historyKeys = {
  all: ['history'] as const,
  one: (marketplace: string, asin: string, days: number) =>
    [...historyKeys.all, marketplace, asin, days] as const,
};

export type { HistoryRange, ProductHistory } from '@crossmarket/domain';

/** A product's price, offer and rank history in one marketplace over `days`. */
export function useProductHistory(marketplace: string, asin: string | null, days: HistoryRange) {
  return useQuery({
    queryKey: historyKeys.one(marketplace, asin ?? '', days),
    queryFn: () =>
      api<ProductHistory>(
        `/v1/products/${encodeURIComponent(marketplace)}/${encodeURIComponent(asin!)}/history?days=${days}`,
      ),
    enabled: asin !== null,
    // The range switch keeps the last chart until the next one arrives: no flash of an empty card.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
