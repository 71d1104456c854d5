import type { ExportsResponse } from '@crossmarket/domain';
import { api } from '../../../lib/api-client';

export type { ExportRow } from '@crossmarket/domain';

/** The export rows of the chosen products (one request however many). */
export function fetchExport(reportId: string, productIds: readonly string[]) {
  return api<ExportsResponse>('/v1/exports', {
    body: { report_id: reportId, export_type: 'fbm', product_ids: productIds.join(',') },
  });
}
