// A page of a list: the spec's GET with the filters from the URL, the total from
// X-Total-Count, the rows kept on screen while the next page or filter loads (a skeleton
// only the first time), and a reload when the live feed says the list changed.
import { useEffect, useMemo, useState } from 'react';
import { TOTAL_COUNT_HEADER } from '../../../../../contract/admin.ts';
import { listItems, type LeadListDef, type LeadStatus, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { useListChanges } from '../common/lead-events.tsx';
import { AdminRequestError } from '../common/request.ts';
import { useAdminData } from '../common/use-admin-data.ts';

export type Lead = Record<string, unknown> & { _id: string; status: LeadStatus };

export type LoadedList =
  | { state: 'loading'; items?: Lead[]; total?: number }
  | { state: 'ready'; items: Lead[]; total: number }
  | { state: 'error'; message: string };

/** What a list says when it cannot be fetched (spec §8: join-now has its own words). */
function failureText(list: LeadListDef, err: unknown): string {
  const server = err instanceof AdminRequestError ? err.serverMessage : undefined;
  if (list.failure) return server ?? list.failure;
  return server ? `Could not load ${list.title}: ${server}` : `Could not load ${list.title}. Check the connection and try again.`;
}

export function useLeadList(slug: ListSlug, list: LeadListDef, query: string): { loaded: LoadedList; reload: () => void } {
  const [page, reload] = useAdminData<{ items: Lead[]; total: number }>(`${list.path}?${query}`, (err) => failureText(list, err), {
    select: (data, headers) => {
      const items = (listItems(data, list.envelope) ?? []) as Lead[];
      return { items, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? items.length) };
    },
  });
  useListChanges(slug, reload);
  const loaded = useMemo<LoadedList>(() => (page.state === 'error' ? page : ({ state: page.state, ...page.data } as LoadedList)), [page]);
  return { loaded, reload };
}

/** The rows selected on this page; a new page or filter starts without any. */
export function useSelection(query: string) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => setSelected(new Set()), [query]);
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, setSelected, toggle };
}
