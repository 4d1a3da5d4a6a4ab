// "Download the report": the class report PDF as the server makes it, fetched with the
// session's token (a plain link could not carry it) and saved under the server's name.
import { SESSION_PATHS } from '../../../../../contract/sessions.ts';
import { readSession } from '../../session.ts';
import { AdminRequestError } from '../request.ts';

export async function downloadReport(code: string): Promise<void> {
  const response = await fetch(`${SESSION_PATHS.admin}/${code}/report.pdf`, {
    headers: { Authorization: `Bearer ${readSession()?.token ?? ''}` },
  });
  if (!response.ok) throw new AdminRequestError(response.status, undefined);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `class-profile-${code}.pdf`;
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
