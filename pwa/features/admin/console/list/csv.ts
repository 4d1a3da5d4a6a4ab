// "Export CSV": the filtered view as the server writes it (GET /api/admin/export/{list}.csv),
// or only the selected rows (?ids=).
import { csvPath } from '../../../../../contract/console.ts';
import type { ListSlug } from '../../../../../contract/lead-kinds.ts';
import { downloadWithSession } from '../common/download.ts';
import { exportQuery, type ListFilters } from './filters.ts';

export function downloadCsv(slug: ListSlug, filters: ListFilters, ids?: readonly string[]): Promise<void> {
  const params = new URLSearchParams(exportQuery(filters));
  if (ids) params.set('ids', ids.join(','));
  const query = params.toString();
  return downloadWithSession(`${csvPath(slug)}${query ? `?${query}` : ''}`, `${slug}.csv`);
}
