/**
 * Hands a file to the browser's downloader through a temporary link: a same-origin address, which
 * the browser streams to disk under the name its answer gives (Content-Disposition) or `fileName`.
 */
export function saveUrl(url: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves a Blob made or fetched in the page under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
