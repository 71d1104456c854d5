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
