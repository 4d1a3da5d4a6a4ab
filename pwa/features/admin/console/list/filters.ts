// A list's filters live in the URL (?q=&from=&to=&status=&source=&owner=&score=&tag=&sort=&page=&open=), so a
// filtered view is a link that survives a reload and the back button.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isCalendarDay } from '../../../../../contract/dates.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../../../../contract/lead-kinds.ts';
import { SOURCE_VALUE_MAX } from '../../../../../contract/lead-signals.ts';
import { TAG_PATTERN } from '../../../../../contract/tags.ts';

export const PAGE_SIZE = 50;

export interface ListFilters {
  q: string;
  from: string;
  to: string;
  /** Spam shows only when asked for: '' is every status but spam. */
  status: LeadStatus | '';
  /** The utm_source the leads are filed under (exact). */
  source: string;
  /** Whose leads: '' all the member may see, 'none' the unassigned pool, or a member's id. */
  owner: string;
  /** The lowest lead score shown ('' or 0–100). */
  minScore: string;
  /** Only the leads with this tag ('' any). */
  tag: string;
  /** A column to sort by, `-` first for descending; '' is the list's default, newest first. */
  sort: string;
  page: number;
  /** The lead whose detail panel is open. */
  open: string;
}

const SORT = /^-?[A-Za-z]{1,40}$/;
const SCORE = /^(100|[1-9]?[0-9])$/;
const OWNER = /^(none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function readFilters(params: URLSearchParams): ListFilters {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isCalendarDay(value) ? value : '';
  };
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    from: day('from'),
    to: day('to'),
    status: (LEAD_STATUSES as readonly string[]).includes(status) ? (status as LeadStatus) : '',
    source: (params.get('source') ?? '').slice(0, SOURCE_VALUE_MAX),
    owner: OWNER.test(params.get('owner') ?? '') ? (params.get('owner') ?? '') : '',
    minScore: SCORE.test(params.get('score') ?? '') ? (params.get('score') ?? '') : '',
    tag: TAG_PATTERN.test(params.get('tag') ?? '') ? (params.get('tag') ?? '') : '',
    sort: SORT.test(params.get('sort') ?? '') ? (params.get('sort') ?? '') : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    open: params.get('open') ?? '',
  };
}

/** The API's query string for a page of the list with these filters. */
export function apiQuery(filters: ListFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), limit: String(PAGE_SIZE) });
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.status) query.set('status', filters.status);
  if (filters.source.trim()) query.set('utm_source', filters.source.trim());
  if (filters.owner) query.set('assignee', filters.owner);
  if (filters.minScore) query.set('score_min', filters.minScore);
  if (filters.tag) query.set('tag', filters.tag);
  if (filters.sort) query.set('sort', filters.sort);
  return query.toString();
}

/** The filters for the CSV export: the same, without the page. */
export function exportQuery(filters: ListFilters): string {
  const query = new URLSearchParams(apiQuery(filters));
  query.delete('page');
  query.delete('limit');
  return query.toString();
}

export function useListFilters(): [ListFilters, (patch: Partial<ListFilters>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<ListFilters>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = { ...readFilters(current), ...patch };
          // Any filter but the page and the panel starts the list again from its first page.
          const filterChanged = (['q', 'from', 'to', 'status', 'source', 'owner', 'minScore', 'tag', 'sort'] as const).some(
            (k) => k in patch,
          );
          if (filterChanged && !('page' in patch)) next.page = 1;
          const out = new URLSearchParams();
          if (next.q) out.set('q', next.q);
          if (next.from) out.set('from', next.from);
          if (next.to) out.set('to', next.to);
          if (next.status) out.set('status', next.status);
          if (next.source) out.set('source', next.source);
          if (next.owner) out.set('owner', next.owner);
          if (next.minScore) out.set('score', next.minScore);
          if (next.tag) out.set('tag', next.tag);
          if (next.sort) out.set('sort', next.sort);
          if (next.page > 1) out.set('page', String(next.page));
          if (next.open) out.set('open', next.open);
          return out;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return [filters, update];
}
