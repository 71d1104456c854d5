// The download itself is shared with other features; the report's file names are this feature's.
export { downloadText } from '../../../lib/download';

/** `inventory-3f2a9c1d-us-ca-2026-11-23.txt`: the kind, the report's short id, its countries, today. */
export function exportFileName(
  kind: string,
  report: { id: string; from_country: string; to_country: string },
) {
  const day = new Date().toISOString().slice(0, 10);
  return `${kind}-${report.id.split('-')[0]}-${report.from_country}-${report.to_country}-${day}.txt`;
}
