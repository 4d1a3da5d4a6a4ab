// A file the server makes for a member (a list's CSV, a class report's PDF), fetched with
// the session's token (a plain link could not carry it) and saved under the server's name.
import { readSession } from '../../session.ts';
import { AdminRequestError } from './request.ts';

export async function downloadWithSession(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${readSession()?.token ?? ''}` } });
  if (!response.ok) throw new AdminRequestError(response.status, undefined);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}

/** Hands the browser a file to save (a fetched one, or one made on the page, as a report's CSV). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: a browser may still be reading it when click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
