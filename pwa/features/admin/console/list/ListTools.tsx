// The list's own tools beside its title: which columns to show (kept on the server for the
// member, per list) and saving the view as it stands (filters and sort) under a name, for
// the member alone or shared with the team.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { LeadListDef, ListSlug } from '../../../../../contract/lead-kinds.ts';
import { WORKSPACE_PATHS } from '../../../../../contract/workspace.ts';
import type { SavedView } from '../../../../../contract/views.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt } from '../common/use-admin-data.ts';
import { useViews } from './views.tsx';
import { allColumns, type TableColumn } from './columns.ts';

/** A button that shows its panel below it; the panel is in the page only while open. */
function Disclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="list-tool" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="btn btn--outline btn--small">{label}</summary>
      {open && children}
    </details>
  );
}

export function ColumnChooser({ slug, list, shown }: { slug: ListSlug; list: LeadListDef; shown: TableColumn[] }) {
  const member = useMember();
  const toast = useToast();
  const [, ...optional] = allColumns(list);
  const on = new Set(shown.map((c) => c.id));
  const toggle = async (id: string, checked: boolean) => {
    const next = optional.filter((c) => (c.id === id ? checked : on.has(c.id))).map((c) => c.id);
    if (!(await member.savePreferences({ columns: { [slug]: next } })))
      toast.show('Could not save your columns. Please try again.', 'error');
  };
  return (
    <Disclosure label="Columns">
      <fieldset className="list-tool__panel">
        <legend>Columns to show</legend>
        {optional.map((c) => (
          <label key={c.id} className="list-tool__option">
            <input type="checkbox" checked={on.has(c.id)} onChange={(e) => void toggle(c.id, e.target.checked)} />
            {c.label}
          </label>
        ))}
      </fieldset>
    </Disclosure>
  );
}

/** The list's URL query as a view keeps it: its filters and sort, without the page or an open lead. */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.delete('open');
  return params.toString();
}

export function SaveView({ slug, search }: { slug: ListSlug; search: string }) {
  const id = useId();
  const toast = useToast();
  const views = useViews();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setSaving(true);
    const saved = await attempt(
      () =>
        adminRequest<{ view: SavedView }>(WORKSPACE_PATHS.views, {
          method: 'POST',
          body: { name, list: slug, query: viewQuery(search), shared },
        }),
      (message) => toast.show(message, 'error'),
      'Could not save the view. Please try again.',
    );
    setSaving(false);
    const view = saved?.view;
    if (view) {
      toast.show(`View "${view.name}" saved${view.shared ? ' for the team' : ''}`, 'success');
      setName('');
      form.closest('details')?.removeAttribute('open');
      views.reload();
    }
  };
  return (
    <Disclosure label="Save view">
      <form className="list-tool__panel" onSubmit={(e) => void save(e)} aria-label="Save this view">
        <label htmlFor={`${id}-name`}>Name of the view</label>
        <input id={`${id}-name`} value={name} maxLength={60} required onChange={(e) => setName(e.target.value)} />
        <label className="list-tool__option">
          <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> Share with the team
        </label>
        <button type="submit" className="btn btn--small" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </form>
    </Disclosure>
  );
}
