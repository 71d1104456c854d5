import type { ChartsRequest, ChartsResponse } from '@crossmarket/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportDetailKeys } from './keys';

/** POST /v1/charts for the applied filters; the last charts stay while the next ones load. */
export function useCharts(request: Required<ChartsRequest>, enabled: boolean) {
  return useQuery({
    queryKey: reportDetailKeys.charts(request),
    queryFn: () => api<ChartsResponse>('/v1/charts', { body: request }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
