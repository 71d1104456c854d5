/** Saves text as a file through a temporary link (the browser's own download, no popup). */
export function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `inventory-3f2a9c1d-us-ca-2026-11-23.txt`: the kind, the report's short id, its countries, today. */
export function exportFileName(
  kind: string,
  report: { id: string; from_country: string; to_country: string },
) {
  const day = new Date().toISOString().slice(0, 10);
  return `${kind}-${report.id.split('-')[0]}-${report.from_country}-${report.to_country}-${day}.txt`;
}
