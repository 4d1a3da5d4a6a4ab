// Saved views: the member's own and those shared with the team, loaded once for the console
// and listed in the sidebar; a view is a list with its filters and sort, opened as a link.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { listOf, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { WORKSPACE_PATHS } from '../../../../../contract/workspace.ts';
import type { SavedView, ViewsResponse } from '../../../../../contract/views.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

interface Views {
  views: SavedView[];
  reload(): void;
}

const Context = createContext<Views>({ views: [], reload: () => undefined });

export function ViewsProvider({ children, enabled }: { children: ReactNode; enabled: boolean }) {
  const [loaded, reload] = useAdminData<ViewsResponse>(enabled ? WORKSPACE_PATHS.views : null, 'Could not load the saved views');
  const data = loaded.state === 'error' ? undefined : loaded.data;
  const value = useMemo(() => ({ views: data?.data ?? [], reload }), [data, reload]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useViews(): Views {
  return useContext(Context);
}

export function viewHref(view: Pick<SavedView, 'list' | 'query'>): string {
  return `/admin/${view.list}${view.query ? `?${view.query}` : ''}`;
}

export function SidebarViews() {
  const { views, reload } = useViews();
  const toast = useToast();
  const canDelete = useMember().can('views.save');
  if (views.length === 0) return null;
  const remove = async (view: SavedView) => {
    const done = await attempt(
      () => adminRequest(`${WORKSPACE_PATHS.views}/${view.id}`, { method: 'DELETE' }).then(() => ({ data: true })),
      (message) => toast.show(message, 'error'),
      'Could not delete the view. Please try again.',
    );
    if (done !== undefined) reload();
  };
  return (
    <section className="console__views" aria-labelledby="console-views-title">
      <h2 id="console-views-title">Views</h2>
      <ul>
        {views.map((v) => (
          <li key={v.id}>
            <Link
              to={viewHref(v)}
              title={`${listOf(v.list as ListSlug).title}${v.shared ? `, shared by ${v.mine ? 'you' : v.owner.name}` : ''}`}
            >
              {v.name}
              {v.shared && <span className="console__view-shared"> · shared</span>}
            </Link>
            {v.mine && canDelete && (
              <button
                type="button"
                className="link-btn console__view-remove"
                aria-label={`Delete the view ${v.name}`}
                onClick={() => void remove(v)}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
