/**
 * Offers a downloaded reply's bytes to the browser as a file, under the name its
 * Content-Disposition gives (or `fallbackName`).
 */
export function saveFile(response: Response, chunks: BlobPart[], fallbackName: string): void {
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }));
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
