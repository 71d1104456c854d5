import type {
  BannedReason,
  FbmBlock,
  FiltersRequest,
  IndividualRates,
  ProductSide,
} from '@crossmarket/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ResultRowView {
  product_id: string;
  row_cross: ProductSide;
  row_to: ProductSide;
  fbm: FbmBlock;
  banned: BannedReason | null;
  /** The product's own profit rates; null when its pricing rule's apply. */
  individual?: IndividualRates | null;
}

/** POST /v1/filters */
export interface FilterResults {
  total: number;
  filtered_count: number;
  settings_defined: boolean;
  categories: string[];
  bsr_categories: string[];
  data: ResultRowView[];
  filtered_ids: string[];
}

/**
 * The page of rows for a view. While the next answer is on its way the last one stays on screen (the
 * table never goes blank); a failure keeps it too.
 */
export function useFilterResults(request: Required<FiltersRequest> | null) {
  return useQuery({
    queryKey: ['filters', request],
    queryFn: () => api<FilterResults>('/v1/filters', { body: request }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
