export type ReportStatusKey = 'done' | 'pending' | 'in_queue' | 'cancelled' | 'processing' | 'completing';

export interface ReportProgress {
  finalized: boolean;
  size: number | null | undefined;
  done_size: number | null | undefined;
}

/** The specification's status table (analysis §4); `percent` only while processing, two decimals. */
export function deriveReportStatus(report: ReportProgress): { key: ReportStatusKey; percent?: string } {
  const { finalized, size, done_size } = report;
  if (finalized) return { key: 'done' };
  if (done_size === -1) return { key: 'cancelled' };
  if (!size) return { key: 'pending' };
  const done = done_size ?? 0;
  if (done === 0) return { key: 'in_queue' };
  if (done >= size) return { key: 'completing' };
  return { key: 'processing', percent: ((done / size) * 100).toFixed(2) };
}

/** Each product is looked up once per side, so a product-analysis report's size is twice its products. */
export function displayedProductCount(report: { type?: string; size: number | null | undefined }): number {
  const size = report.size ?? 0;
  return report.type === undefined || report.type === 'product-analysis' ? Math.floor(size / 2) : size;
}
