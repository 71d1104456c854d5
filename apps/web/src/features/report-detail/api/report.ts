import type { PricingSettings, RegionCode } from '@crossmarket/domain';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

export interface CountryInfo {
  code: RegionCode;
  name: string;
  flag_code: string;
  currency: { code: string; symbol: string };
}

/** GET /api/reports/:id, the fields the detail page reads. */
export interface ReportDetail {
  id: string;
  title: string;
  created_at: string;
  finish_at: string | null;
  from_country: RegionCode;
  to_country: RegionCode;
  size: number | null;
  done_size: number;
  finalized: boolean;
  /** Products Amazon did not answer for, counted when the report finished. */
  no_answer_count?: number;
  skus: Record<string, string>;
  from_country_info: CountryInfo;
  to_country_info: CountryInfo;
  parity_rates: Record<string, number>;
  parity: number;
  /** Saved with the Settings tab; null until then. */
  settings: PricingSettings | null;
}

/** One of the user's reports; another user's or an unknown one is a 404 and is not retried. */
export function useReport(id: string) {
  return useQuery({
    queryKey: ['report', id],
    queryFn: () => api<ReportDetail>(`/api/reports/${encodeURIComponent(id)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
