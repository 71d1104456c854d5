import type { BannedReason } from '@crossmarket/domain';
import { api } from '../../../lib/api-client';

/** One product of POST /v1/exports. */
export interface ExportRow {
  product_id: string;
  stocks: number;
  available_for_fbm: boolean;
  min_price: number | null;
  std_price: number | null;
  max_price: number | null;
  brand: string | null;
  title: string | null;
  banned: BannedReason | null;
  sku: string;
  generated_sku: string;
}

/** The export rows of the chosen products (one request however many). */
export function fetchExport(reportId: string, productIds: readonly string[]) {
  return api<{ data: ExportRow[] }>('/v1/exports', {
    body: { report_id: reportId, export_type: 'fbm', product_ids: productIds.join(',') },
  });
}
