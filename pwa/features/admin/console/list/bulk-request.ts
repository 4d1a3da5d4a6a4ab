// Bulk work from the list: the chosen rows by id, or every lead matching the list's filter
// (the very query the list reads its pages with, so a filter the list learns is sent too),
// and its undo.
import { bulkPath, bulkUndoPath, type BulkAction, type BulkResult, type UndoResult } from '../../../../../contract/bulk.ts';
import type { ListSlug } from '../../../../../contract/lead-kinds.ts';
import { formatCount } from '../common/format.ts';
import { adminRequest } from '../common/request.ts';
import { exportQuery, type ListFilters } from './filters.ts';

export type BulkTarget = { ids: string[] } | { filter: Record<string, string> };

/** The list's filter as the bulk request names it: the list's own query parameters. */
export function filterOf(filters: ListFilters): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(exportQuery(filters)));
}

export function runBulk(slug: ListSlug, target: BulkTarget, action: Exclude<BulkAction, { type: 'export' }>) {
  return adminRequest<BulkResult>(bulkPath(slug), { method: 'POST', body: { ...target, action } });
}

export function undoBulk(slug: ListSlug, id: string) {
  return adminRequest<UndoResult>(bulkUndoPath(slug, id), { method: 'POST', body: {} });
}

export const leadsText = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;

/** "12 leads assigned to Asha · 3 were so already · 2 not yours, left out". */
export function resultText(result: BulkResult, done: string): string {
  const parts = [`${leadsText(result.changed)} ${done}`];
  if (result.unchanged > 0) parts.push(`${formatCount(result.unchanged)} already so`);
  if (result.skipped > 0) parts.push(`${formatCount(result.skipped)} not yours to change, left out`);
  return parts.join(' · ');
}

export function undoText(result: UndoResult): string {
  const back = `${leadsText(result.restored)} put back`;
  return result.skipped > 0 ? `${back} · ${formatCount(result.skipped)} changed since, left as they are` : back;
}
