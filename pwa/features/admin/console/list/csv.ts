// "Export CSV": the filtered view as the server writes it (GET /api/admin/export/{list}.csv),
// or only the selected rows (?ids=), downloaded with the session's token (a plain link could
// not carry it).
import { csvPath } from '../../../../../contract/console.ts';
import type { ListSlug } from '../../../../../contract/lead-kinds.ts';
import { readSession } from '../../session.ts';
import { exportQuery, type ListFilters } from '../filters.ts';
import { AdminRequestError } from '../request.ts';

export async function downloadCsv(slug: ListSlug, filters: ListFilters, ids?: readonly string[]): Promise<void> {
  const session = readSession();
  const params = new URLSearchParams(exportQuery(filters));
  if (ids) params.set('ids', ids.join(','));
  const query = params.toString();
  const response = await fetch(`${csvPath(slug)}${query ? `?${query}` : ''}`, {
    headers: { Authorization: `Bearer ${session?.token ?? ''}` },
  });
  if (!response.ok) throw new AdminRequestError(response.status, undefined);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${slug}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
