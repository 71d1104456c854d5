import type { Settings, SettingsRefused, SettingsSaved } from '@crossmarket/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { reportDetailKeys } from './keys';
import { invalidateReportResults } from './results-cache';

/**
 * POST /v1/settings: stores the settings and re-prices every row; then the report (its saved settings)
 * and every filters and charts answer of this report are fetched again.
 */
export function useSaveSettings(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: Settings) => {
      const answer = await api<SettingsSaved | SettingsRefused>('/v1/settings', {
        body: { report_id: reportId, ...settings },
      });
      // The specification's refusal shape; the server sends it with a 4xx status (which `api` throws on),
      // so this only guards against an answer that breaks the contract.
      if (answer.error) throw new ApiError(200, 'settings_failed', answer.message ?? 'settings failed');
      return answer;
    },
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: reportDetailKeys.one(reportId) }),
        invalidateReportResults(client, reportId),
        // A product's "From price to profit" is priced on the lane too.
        client.invalidateQueries({ queryKey: reportDetailKeys.offersOf(reportId) }),
      ]);
    },
  });
}
