import { csrfHeader } from '../../api-client';
import { toast } from '../../shell/toasts.component';

/** The name a reply's Content-Disposition gives, its UTF-8 form first. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return utf8 ? decodeURIComponent(utf8) : (/filename="([^"]+)"/.exec(header)?.[1] ?? fallback);
}

/**
 * Posts a JSON body to a route answering a file (a merged document, a ZIP): the file, named as the
 * reply says; or null once a refusal has shown the server's French message (the spec's export errors).
 */
export async function postForFile(url: string, body: unknown, fallback: string, failure: string): Promise<File | null> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...csrfHeader() },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    toast.error(payload?.message || failure);
    return null;
  }
  return new File([await response.blob()], fileNameOf(response, fallback), {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  });
}

/** The file a route answers, offered to the browser as a download; false when refused. */
export async function downloadFrom(url: string, body: unknown, fallback: string, failure: string): Promise<boolean> {
  const file = await postForFile(url, body, fallback, failure);
  if (file === null) return false;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return true;
}
