import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CreatedReport, ReportProgressEvent, ReportSummary } from '@crossmarket/domain';
import { api, apiForm } from '../../../lib/api-client';
import { meKeys } from '../../account';

export type { CreatedReport, ReportSummary } from '@crossmarket/domain';

export interface ReportRequest {
  title: string;
  from_country: string;
  to_country: string;
  source: 'manual' | 'amazon_all_listings_report' | 'supplier_list';
  product_ids: string;
  /** `supplier_list`: the uploaded list the report is priced from. */
  supplier_list_id?: string | null;
  /** "Price with": one of the seller's inventories; absent for the default settings. */
  inventory_id?: string | null;
  file?: File | null;
}

/** Still moving: its lookups, then its restriction phase (the server says which). */
const running = (r: ReportSummary) => r.phase !== null;
/** The reports worth following live. */
export const runningReports = (reports: ReportSummary[]) => reports.filter(running);
/** The list of the last reports (a report's own page is report-detail's, under its own keys). */
export const reportKeys = {
  all: ['reports'] as const,
};

/** The last 20 reports; while any is running the list refreshes itself (events bring the fast ones). */
export function useReports() {
  return useQuery({
    queryKey: reportKeys.all,
    queryFn: () => api<ReportSummary[]>('/api/reports'),
    refetchInterval: (query) => (query.state.data?.some(running) ? 10_000 : false),
  });
}

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportRequest) => {
      const fields = {
        title: input.title,
        from_country: input.from_country,
        to_country: input.to_country,
        marketplace: 'amazon',
        ...(input.inventory_id ? { inventory_id: input.inventory_id } : {}),
      };
      if (input.source === 'amazon_all_listings_report' && input.file) {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('source', input.source);
        form.append('file', input.file, input.file.name);
        return apiForm<CreatedReport>('/api/reports', form);
      }
      if (input.source === 'supplier_list') {
        return api<CreatedReport>('/api/reports', {
          body: { ...fields, source: input.source, supplier_list_id: input.supplier_list_id },
        });
      }
      return api<CreatedReport>('/api/reports', {
        body: { ...fields, source: 'manual', product_ids: input.product_ids },
      });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reportKeys.all });
      // /api/me's usage (the daily report quota) counts this one.
      void client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

type Progress = ReportProgressEvent;

/** Live progress of the running reports (server-sent events), written into the list's cache. */
export function useReportEvents(ids: string[]) {
  const client = useQueryClient();
  const key = ids.join(',');
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    // A browser keeps few connections per server: follow the newest few, the list polls the rest.
    const sources = key
      .split(',')
      .slice(0, 3)
      .map((id) => {
        const source = new EventSource(`/api/reports/${id}/events`);
        source.addEventListener('progress', (event) => {
          const progress = JSON.parse((event as MessageEvent<string>).data) as Progress;
          client.setQueryData<ReportSummary[]>(reportKeys.all, (list) =>
            list?.map((r) => (r.id === progress.id ? { ...r, ...progress } : r)),
          );
          // The stream ends when the report stops moving (after its restriction phase).
          if (progress.phase === null) source.close();
        });
        return source;
      });
    return () => sources.forEach((s) => s.close());
  }, [key, client]);
}
