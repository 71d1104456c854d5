import type { ProductRestrictionResponse, ReportDetail, ReportProgressEvent } from '@crossmarket/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { reportDetailKeys } from './keys';
import { invalidateReportResults } from './results-cache';

/**
 * Rows are fetched again at most this often while restrictions come in (and once at the end): each fetch
 * runs the seller's filters over the whole report, and a tag filling in a few seconds late is fine.
 */
const REFRESH_MS = 5_000;

const running = (report: ReportDetail) =>
  report.restrictions?.state === 'waiting' || report.restrictions?.state === 'checking';

/**
 * While the report's restriction phase runs: its progress (server-sent events) written into the report's
 * cache, and the rows fetched again as answers arrive, so the tags and the filter fill in.
 */
export function useRestrictionProgress(report: ReportDetail) {
  const client = useQueryClient();
  const live = running(report);
  const id = report.id;
  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/reports/${id}/events`);
    let lastChecked = -1;
    let refreshed = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let polling: ReturnType<typeof setInterval> | undefined;
    // While answers come in, the lists of matching IDs are only marked stale (results-cache.ts).
    const refresh = (last = false) => {
      pending = undefined;
      refreshed = Date.now();
      void invalidateReportResults(client, id, { refetchLists: last });
    };
    source.addEventListener('progress', (event) => {
      const progress = JSON.parse((event as MessageEvent<string>).data) as ReportProgressEvent;
      client.setQueryData<ReportDetail>(reportDetailKeys.one(id), (r) =>
        r ? { ...r, restrictions: progress.restrictions } : r,
      );
      const phase = progress.restrictions;
      const over = !phase || (phase.state !== 'waiting' && phase.state !== 'checking');
      const moved = phase !== null && phase.checked !== lastChecked;
      if (phase) lastChecked = phase.checked;
      if (over) {
        // The last answers: fetched now, whether this event or an earlier, still waiting one brought them,
        // with the lists of matching IDs that the refreshes before left to be asked for.
        source.close();
        const due = moved || pending !== undefined || refreshed > 0;
        clearTimeout(pending);
        if (due) refresh(true);
      } else if (moved && !pending) {
        pending = setTimeout(() => refresh(), Math.max(0, refreshed + REFRESH_MS - Date.now()));
      }
    });
    // A refused or broken stream (too many open, a proxy) is not retried by the browser: poll instead.
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED || polling) return;
      polling = setInterval(() => {
        void client.invalidateQueries({ queryKey: reportDetailKeys.one(id) });
        refresh();
      }, REFRESH_MS);
    });
    return () => {
      clearTimeout(pending);
      clearInterval(polling);
      source.close();
    };
  }, [live, id, client]);
}

/** "Check restrictions": the report's products not checked yet (after connecting Amazon, say). */
export function useStartRestrictions(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<Pick<ReportDetail, 'id' | 'restrictions'>>(`/v1/reports/${reportId}/restrictions`, { body: {} }),
    onSuccess: (answer) => {
      client.setQueryData<ReportDetail>(reportDetailKeys.one(reportId), (r) =>
        r ? { ...r, restrictions: answer.restrictions } : r,
      );
    },
  });
}

/** "Check again" on one product: Amazon asked at once, the rows fetched again. */
export function useCheckAgain(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      api<ProductRestrictionResponse>(
        `/v1/reports/${reportId}/products/${encodeURIComponent(productId)}/restriction`,
        { method: 'POST' },
      ),
    onSuccess: () => invalidateReportResults(client, reportId),
  });
}
