import type { ReportDetail } from '@crossmarket/domain';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { reportDetailKeys } from './keys';

export type { CountryInfo, ReportDetail } from '@crossmarket/domain';

/** One of the user's reports; another user's or an unknown one is a 404 and is not retried. */
export function useReport(id: string) {
  return useQuery({
    queryKey: reportDetailKeys.one(id),
    queryFn: () => api<ReportDetail>(`/api/reports/${encodeURIComponent(id)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
